/// <reference types="node" />
import { MessageChannel } from 'node:worker_threads';
import { AssignmentCancelledError } from './flow.js';
import { solveAssignment } from './solve.js';
import type { AssignmentProblem, AssignmentProgress } from './types.js';
import { requestAssignment, serveAssignment } from './worker.js';

const problem: AssignmentProblem = {
  papers: Array.from({ length: 40 }, (_, i) => ({
    id: i + 1,
    track: 1,
    text: i % 2 ? 'graph algorithms' : 'protein folding',
    authorIds: [1000 + i],
  })),
  reviewers: Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    tracks: [1],
    text: i % 2 ? 'graph theory' : 'protein structure',
  })),
};

describe('assignment worker protocol', () => {
  const channels: MessageChannel[] = [];
  afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())));
  const connect = () => {
    const channel = new MessageChannel();
    channels.push(channel);
    serveAssignment(channel.port1);
    return channel.port2;
  };

  it('solves on the other side of the port, relaying progress, with the same result as in-process', async () => {
    const progress: AssignmentProgress[] = [];
    const job = requestAssignment(connect(), problem, {}, { onProgress: (p) => progress.push(p) });
    const result = await job.result;
    const direct = solveAssignment(problem);
    expect(result.objective).toEqual(direct.objective);
    expect(result.papers).toEqual(direct.papers);
    expect(progress.map((p) => p.phase)).toEqual(expect.arrayContaining(['prepare', 'solve', 'report']));
  });

  it('is cancelled through the shared flag (cancel() or an aborted signal)', async () => {
    const job = requestAssignment(connect(), problem);
    job.cancel();
    await expect(job.result).rejects.toBeInstanceOf(AssignmentCancelledError);
    const controller = new AbortController();
    controller.abort();
    const job2 = requestAssignment(connect(), problem, {}, { signal: controller.signal });
    await expect(job2.result).rejects.toBeInstanceOf(AssignmentCancelledError);
  });
});
