import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalWorker } from './interval-worker.js';

/** A worker whose ticks wait until released; counts the ticks started. */
function gated(extra: Partial<ConstructorParameters<typeof IntervalWorker>[0]> = {}) {
  let started = 0;
  let release: () => void = () => undefined;
  let fail: unknown = null;
  const errors: unknown[] = [];
  const worker = new IntervalWorker({
    name: 'test-worker',
    everyMs: 3_600_000,
    work: () => {
      started++;
      return new Promise<void>((resolve, reject) => {
        release = () => (fail ? reject(fail) : resolve());
      });
    },
    onError: (e) => errors.push(e),
    ...extra,
  });
  return {
    worker,
    errors,
    started: () => started,
    release: () => release(),
    failNext: (e: unknown) => (fail = e),
  };
}

describe('IntervalWorker', () => {
  it('never overlaps a tick: one asked for while one runs joins it', async () => {
    let busy = 0;
    const w = gated({ onBusy: () => busy++ });
    const first = w.worker.tick();
    const second = w.worker.tick();
    expect(w.started()).toBe(1);
    expect(busy).toBe(1);
    w.release();
    await Promise.all([first, second]);
    const third = w.worker.tick(); // the first is over: a new tick
    expect(w.started()).toBe(2);
    w.release();
    await third;
  });

  it('logs a failed tick and runs the next one as usual', async () => {
    const w = gated();
    w.failNext(new Error('database down'));
    const tick = w.worker.tick();
    w.release();
    await expect(tick).resolves.toBeUndefined();
    expect(w.errors).toEqual([new Error('database down')]);
    w.failNext(null);
    const next = w.worker.tick();
    w.release();
    await next;
    expect(w.started()).toBe(2);
    expect(w.errors).toHaveLength(1);
  });

  it('stopAndWait removes the interval, refuses new ticks and waits for the running one', async () => {
    const scheduler = new SchedulerRegistry();
    const w = gated({ scheduler });
    w.worker.start();
    expect(scheduler.doesExist('interval', 'test-worker')).toBe(true);
    void w.worker.tick();
    let stopped = false;
    const stopping = w.worker.stopAndWait().then(() => (stopped = true));
    expect(scheduler.doesExist('interval', 'test-worker')).toBe(false);
    expect(w.worker.stopping).toBe(true);
    await w.worker.tick();
    expect(w.started()).toBe(1);
    expect(stopped).toBe(false);
    w.release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('runs a tick at once on start when asked, and can start again after stop', async () => {
    const w = gated({ runAtStart: true });
    w.worker.start();
    expect(w.worker.started).toBe(true);
    expect(w.started()).toBe(1);
    w.worker.start(); // already started: nothing more
    expect(w.started()).toBe(1);
    w.release();
    await w.worker.stopAndWait();
    expect(w.worker.started).toBe(false);
    w.worker.start();
    expect(w.started()).toBe(2);
    w.release();
    await w.worker.stopAndWait();
  });
});
