import { solveAssignment, type AssignmentProblem } from '@symposium/domain';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encodeProblemParts } from '@symposium/domain/assignment/worker';
import { AssignmentRunner } from './assignment-runner.js';

const workerFile = fileURLToPath(
  new URL('../../../../../libs/domain/dist/assignment/worker.js', import.meta.url),
);

function instance(papers: number, reviewers: number): AssignmentProblem {
  const words = ['graphs', 'learning', 'databases', 'vision', 'networks', 'security', 'compilers', 'robots'];
  return {
    papers: Array.from({ length: papers }, (_, i) => ({
      id: i + 1,
      track: 1,
      text: `${words[i % 8]} ${words[(i * 3) % 8]} study of ${words[(i * 5) % 8]}`,
      authorIds: [1000 + i],
    })),
    reviewers: Array.from({ length: reviewers }, (_, j) => ({
      id: 5000 + j,
      tracks: [1],
      text: `${words[j % 8]} and ${words[(j * 7) % 8]}`,
    })),
  };
}

describe('AssignmentRunner (the solve in a worker thread)', () => {
  it('uses the built worker (npm test builds libs/domain first)', () => {
    expect(existsSync(workerFile)).toBe(true);
  });

  it('gives the same optimal assignment as solving in-process', async () => {
    const problem = instance(40, 15);
    const options = { reviewsPerPaper: 3, maxPerReviewer: 10 };
    const inWorker = await new AssignmentRunner().solve(problem, options);
    const direct = solveAssignment(problem, options);
    expect(inWorker.objective).toEqual(direct.objective);
    expect(inWorker.papers.map((p) => p.proposed.map((r) => r.reviewerId))).toEqual(
      direct.papers.map((p) => p.proposed.map((r) => r.reviewerId)),
    );
  });

  it('relays progress and stops when cancelled', async () => {
    const progress: unknown[] = [];
    const done = await new AssignmentRunner().solve(
      instance(30, 12),
      {},
      { onProgress: (p) => progress.push(p) },
    );
    expect(done.objective.assigned).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(0);

    const abort = new AbortController();
    abort.abort();
    await expect(
      new AssignmentRunner().solve(instance(30, 12), {}, { signal: abort.signal }),
    ).rejects.toThrow();
  });

  it('answers JSON parts with the result as JSON text, the same as the object solve', async () => {
    const problem = instance(40, 15);
    const options = { reviewsPerPaper: 3, maxPerReviewer: 10 };
    const text = await new AssignmentRunner().solveToJson(await encodeProblemParts(problem), options);
    const direct = solveAssignment(problem, options);
    const parsed = JSON.parse(text.toString('utf8'));
    expect(parsed.objective).toEqual(direct.objective);
    expect(parsed.papers).toEqual(JSON.parse(JSON.stringify(direct.papers)));
  });
});
