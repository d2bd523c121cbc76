/// <reference types="node" />
import { MessageChannel } from 'node:worker_threads';
import {
  buildSessions,
  SessionBuilderCancelledError,
  type SessionBuilderInput,
  type SessionBuilderProgress,
} from './builder.js';
import { requestSessionBuilder, serveSessionBuilder } from './builder-worker.js';

const input: SessionBuilderInput = {
  papers: Array.from({ length: 24 }, (_, i) => ({
    id: i + 1,
    subjectArea: i % 3 ? 'Graphs' : 'Proteins',
    text: i % 2 ? 'graph algorithms and planar colouring' : 'protein folding and structure',
    people: [1000 + (i % 7), 2000 + i],
  })),
  papersPerSession: 4,
  slots: ['10:30', '13:30', '16:00'].flatMap((start, e) =>
    [1, 2].map((roomId) => ({
      eventId: e + 1,
      roomId,
      dayIso: '2027-06-01',
      start,
      end: `${Number(start.slice(0, 2)) + 2}${start.slice(2)}`,
    })),
  ),
};

describe('session builder worker protocol', () => {
  const channels: MessageChannel[] = [];
  afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())));
  const connect = () => {
    const channel = new MessageChannel();
    channels.push(channel);
    serveSessionBuilder(channel.port1);
    return channel.port2;
  };

  it('builds on the other side of the port, relaying progress, with the same result as in-process', async () => {
    const progress: SessionBuilderProgress[] = [];
    const job = requestSessionBuilder(connect(), input, {}, { onProgress: (p) => progress.push(p) });
    expect(await job.result).toEqual(buildSessions(input));
    expect(progress.map((p) => p.phase)).toEqual(expect.arrayContaining(['group', 'place', 'report']));
  });

  it('is cancelled through the shared flag (cancel() or an aborted signal)', async () => {
    const job = requestSessionBuilder(connect(), input);
    job.cancel();
    await expect(job.result).rejects.toBeInstanceOf(SessionBuilderCancelledError);
    const controller = new AbortController();
    controller.abort();
    const job2 = requestSessionBuilder(connect(), input, {}, { signal: controller.signal });
    await expect(job2.result).rejects.toBeInstanceOf(SessionBuilderCancelledError);
  });

  it('answers an invalid input with its message', async () => {
    const job = requestSessionBuilder(connect(), { ...input, papersPerSession: 0 });
    await expect(job.result).rejects.toThrow('papersPerSession must be a whole number from 1');
  });
});
