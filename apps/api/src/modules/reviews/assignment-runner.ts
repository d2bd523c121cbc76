import { Injectable } from '@nestjs/common';
import {
  solveAssignment,
  type AssignmentOptions,
  type AssignmentProblem,
  type AssignmentProgress,
  type AssignmentResult,
} from '@symposium/domain';
import {
  decodeProblemParts,
  runAssignmentInWorker,
  runAssignmentJsonInWorker,
  type ProblemPart,
} from '@symposium/domain/assignment/worker';
import { DomainWorkerRunner, type WorkerRunHooks } from '../../common/worker-runner.js';

type WorkerOptions = Omit<AssignmentOptions, 'onProgress' | 'signal'>;

/**
 * Runs the automatic assignment in a worker thread (libs/domain/src/assignment/worker.ts, built), so a large
 * track never blocks the server: progress is relayed, and the solve is cancelled when the signal aborts, e.g.
 * when the chair's request is closed. Without the built worker it solves in-process and says so once.
 */
@Injectable()
export class AssignmentRunner {
  private readonly worker = new DomainWorkerRunner(
    'assignment/worker.js',
    'Assignment',
    'solving on the main thread',
  );

  solve(
    problem: AssignmentProblem,
    options: WorkerOptions,
    hooks: WorkerRunHooks<AssignmentProgress> = {},
  ): Promise<AssignmentResult> {
    return this.worker.run(
      hooks,
      (file, h) => runAssignmentInWorker(problem, options, h, file),
      (h) => solveAssignment(problem, { ...options, ...h }),
    );
  }

  /**
   * The problem as JSON parts (encodeProblemParts, or a track's rows: ProblemRowsParts, the problem built in
   * the worker), the result as its JSON text in UTF-8 bytes, to be written as they are: the main thread
   * neither builds, clones nor serializes the object graphs (a 10,000-paper track's answer is tens of MB),
   * and the result's bytes are the worker's (shared memory, not copied).
   */
  solveToJson(
    parts: ProblemPart[],
    options: WorkerOptions,
    hooks: WorkerRunHooks<AssignmentProgress> = {},
  ): Promise<Buffer> {
    return this.worker.run(
      hooks,
      (file, h) => ({
        result: runAssignmentJsonInWorker(parts, options, h, file).result.then((bytes) =>
          Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        ),
      }),
      (h) => Buffer.from(JSON.stringify(solveAssignment(decodeProblemParts(parts), { ...options, ...h }))),
    );
  }
}
