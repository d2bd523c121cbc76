/**
 * An assignment problem as a few JSON strings instead of one object graph, to hand it to a worker thread:
 * strings cross a thread boundary as one copy each, where a structured clone of hundreds of thousands of
 * objects holds the sending thread for as long as it takes. The caller encodes slice by slice and may
 * yield between slices (`pause`), so no single step is long. No Node-only imports.
 */
import type { AssignmentProblem } from './types.js';
import {
  emptyRows,
  problemFromRows,
  type ProblemPart,
  type ProblemRows,
  type RowsHeader,
} from './worker-rows.js';

export type { ProblemPart } from './worker-rows.js';

const LISTS = [
  'papers',
  'reviewers',
  'people',
  'authorships',
  'bids',
  'declaredConflicts',
  'declined',
  'conflictOverrides',
] as const;
type ListKey = (typeof LISTS)[number];

/** Items per part. */
const SLICE = 2000;

export async function encodeProblemParts(
  problem: AssignmentProblem,
  pause: () => Promise<void> = async () => {},
): Promise<string[]> {
  const base: Record<string, unknown> = { ...problem };
  for (const key of LISTS) if (base[key] !== undefined) base[key] = [];
  const parts = [JSON.stringify(base)];
  for (const key of LISTS) {
    const list = problem[key] as unknown[] | undefined;
    if (!list) continue;
    for (let i = 0; i < list.length; i += SLICE) {
      parts.push(JSON.stringify({ key, items: list.slice(i, i + SLICE) }));
      await pause();
    }
  }
  return parts;
}

const decoder = new TextDecoder();
const parse = (part: ProblemPart): unknown =>
  JSON.parse(typeof part === 'string' ? part : decoder.decode(part));

/**
 * The problem of parts made by `encodeProblemParts` (the problem's lists in slices) or by ProblemRowsParts
 * (worker-rows.ts: the rows of a track, the problem built here by `problemFromRows`).
 */
export function decodeProblemParts(parts: ProblemPart[]): AssignmentProblem {
  const first = parse(parts[0]) as { fromRows?: RowsHeader };
  if (first.fromRows) {
    const rows = emptyRows();
    for (let i = 1; i < parts.length; i++) {
      const { rows: kind, items } = parse(parts[i]) as { rows: keyof ProblemRows; items: unknown[] };
      const list = rows[kind] as unknown[] | undefined;
      if (!list) throw new Error(`Unknown rows of an assignment problem: ${kind}`);
      for (const item of items) list.push(item);
    }
    return problemFromRows(first.fromRows, rows);
  }
  const problem = first as AssignmentProblem & Record<ListKey, unknown[] | undefined>;
  for (let i = 1; i < parts.length; i++) {
    const { key, items } = parse(parts[i]) as { key: ListKey; items: unknown[] };
    if (!LISTS.includes(key)) throw new Error(`Unknown part of an assignment problem: ${key}`);
    const list = (problem[key] ??= []);
    for (const item of items) list.push(item);
  }
  return problem;
}
