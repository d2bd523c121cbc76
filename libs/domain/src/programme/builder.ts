/**
 * The session builder: proposes technical sessions for a track's accepted, unscheduled papers and places
 * them in the event × room slots the chair chose, with the quality of both steps stated against proven
 * lower bounds. Pure and deterministic (the same input and seed give the same proposal); builder-worker.ts
 * runs it off the main thread.
 *
 *   const proposal = buildSessions({ papers, papersPerSession: 4, slots, busy });
 *
 * Step 1 (builder-grouping.ts): by subject area, then by TF-IDF similarity of title and abstract, into
 * sessions of papersPerSession papers; objective: within-session sum of squared distances to the centroid.
 * Step 2 (builder-placement.ts): sessions into slots minimising person clashes (authors in two
 * overlapping sessions, or in a session overlapping their busy times); exact on small instances.
 */
import { groupPapers, type BuilderPaper } from './builder-grouping.js';
import {
  placeSessions,
  type BuilderSlot,
  type BusyInterval,
  type PlacementOptions,
} from './builder-placement.js';

export {
  SessionBuilderCancelledError,
  type BuilderHooks,
  type SessionBuilderProgress,
} from './builder-types.js';
export * from './builder-grouping.js';
export * from './builder-placement.js';

export interface SessionBuilderInput {
  /** The track's accepted papers not yet in a session. */
  papers: BuilderPaper[];
  /** Chosen by the chair, ≥ 1. */
  papersPerSession: number;
  /** Event × room pairs the chair chose; slots overlapping in time are distinct slots. */
  slots: BuilderSlot[];
  /** People already occupied by existing sessions. */
  busy?: BusyInterval[];
}

export type SessionBuilderOptions = PlacementOptions;

export interface BuiltSession {
  paperIds: number[];
  /** The subject area, or the top TF-IDF terms. */
  title: string;
  slot: { eventId: number; roomId: number } | null;
}

export interface SessionBuilderResult {
  sessions: BuiltSession[];
  /** Person clashes after placement: one per person per pair of overlapping placed sessions, one per busy overlap. */
  personClashes: number;
  /** Sessions that got no slot (fewer slots than sessions). */
  unplaced: number;
  grouping: { cost: number; lowerBound: number };
  placement: { clashes: number; lowerBound: number; optimal: boolean };
}

export function buildSessions(
  input: SessionBuilderInput,
  options: SessionBuilderOptions = {},
): SessionBuilderResult {
  const grouping = groupPapers(input.papers, input.papersPerSession, options);
  const peopleOf = new Map(input.papers.map((p) => [p.id, p.people]));
  const people = grouping.groups.map((g) => ({ people: g.paperIds.flatMap((id) => peopleOf.get(id) ?? []) }));
  const placement = placeSessions(people, input.slots, input.busy ?? [], options);
  const sessions = grouping.groups.map((g, i) => {
    const at = placement.slotOf[i];
    const slot = at === null ? null : { eventId: input.slots[at].eventId, roomId: input.slots[at].roomId };
    return { paperIds: g.paperIds, title: g.title, slot };
  });
  return {
    sessions,
    personClashes: placement.clashes,
    unplaced: sessions.filter((s) => s.slot === null).length,
    grouping: { cost: grouping.cost, lowerBound: grouping.lowerBound },
    placement: { clashes: placement.clashes, lowerBound: placement.lowerBound, optimal: placement.optimal },
  };
}
