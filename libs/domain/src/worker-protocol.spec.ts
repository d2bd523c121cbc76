/// <reference types="node" />
import { MessageChannel } from 'node:worker_threads';
import { requestJob, serveJob, SharedCancelSignal, type JobMessage } from './worker-protocol.js';

type Square = JobMessage<'square'> & { n: number };

class Cancelled extends Error {}

describe('worker protocol', () => {
  const channels: MessageChannel[] = [];
  afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())));
  const connect = (
    run: (n: number, signal: SharedCancelSignal, onProgress: (p: number) => void) => number,
  ) => {
    const channel = new MessageChannel();
    channels.push(channel);
    serveJob<Square, number, number>(channel.port1, 'square', (m, { signal, onProgress }) =>
      run(m.n, signal, onProgress),
    );
    return channel.port2;
  };
  const square = (port: ReturnType<typeof connect>, n: number, hooks = {}) =>
    requestJob<Square, number, number>(
      port,
      (cancelFlag) => ({ type: 'square', n, cancelFlag }),
      hooks,
      () => new Cancelled(),
    );

  it('relays progress, then the result', async () => {
    const port = connect((n, _signal, onProgress) => {
      onProgress(1);
      onProgress(2);
      return n * n;
    });
    const progress: number[] = [];
    await expect(square(port, 7, { onProgress: (p: number) => progress.push(p) }).result).resolves.toBe(49);
    expect(progress).toEqual([1, 2]);
  });

  it('passes an error with its name and message, and a cancellation as the caller’s error', async () => {
    const port = connect((n, signal) => {
      if (signal.aborted) throw Object.assign(new Error('stopped'), { name: 'AbortError' });
      if (n < 0) throw new RangeError('n must not be negative');
      return n;
    });
    await expect(square(port, -1).result).rejects.toMatchObject({
      name: 'RangeError',
      message: 'n must not be negative',
    });
    const job = square(port, 1);
    job.cancel();
    await expect(job.result).rejects.toBeInstanceOf(Cancelled);
    const controller = new AbortController();
    controller.abort();
    await expect(square(port, 1, { signal: controller.signal }).result).rejects.toBeInstanceOf(Cancelled);
  });

  it('shares the cancel flag between signals on one buffer', () => {
    const caller = new SharedCancelSignal();
    const worker = new SharedCancelSignal(caller.buffer);
    expect(worker.aborted).toBe(false);
    caller.cancel();
    expect(worker.aborted).toBe(true);
  });
});
