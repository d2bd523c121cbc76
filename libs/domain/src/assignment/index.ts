// Automatic reviewer assignment (browser-safe: no Node-only imports; the worker runner is worker.ts).
export * from './types.js';
export { tokenize, tfidfVectors, cosine, type SparseVector } from './text.js';
export { ConflictDetector, findConflicts, type PaperScreen } from './conflicts.js';
export {
  AssignmentCancelledError,
  shortageCostFor,
  solveAssignmentFlow,
  type AssignmentNetwork,
  type FlowSolution,
} from './flow.js';
export { buildModel, type BuiltModel } from './model.js';
export { maxAssignable } from './feasibility.js';
export { checkAssignmentFeasibility, solveAssignment } from './solve.js';
