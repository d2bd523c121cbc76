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
 * Time: one budget (timeBudgetMs, default 30 s) for the whole build; when it runs out, the grouping keeps
 * its groups and the placement its best placement so far, with the proven lower bound (the gap is stated).
 * Step 3 (builder-chairs.ts): a session chair for each session, from the chair's list or the session's
 * authors, free at the session's time.
 */
import { proposeSessionChairs } from './builder-chairs.js';
import { groupPapers, type BuilderPaper } from './builder-grouping.js';
import {
  budgetOf,
  placeSessions,
  type BuilderSlot,
  type BusyInterval,
  type PlacementOptions,
} from './builder-placement.js';

export {
  DEFAULT_BUILDER_TIME_BUDGET_MS,
  TimeBudget,
  SessionBuilderCancelledError,
  type BuilderHooks,
  type SessionBuilderProgress,
} from './builder-types.js';
export * from './builder-chairs.js';
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
  /** The fewest papers a session may have (default 2, at most papersPerSession): no session is smaller. */
  minPapersPerSession?: number;
  /** Names the sessions without a common subject area ('<track> 1'). */
  trackName?: string;
  /** Titles of the existing technical sessions: not proposed again. */
  takenTitles?: string[];
  /** People the chair listed as session chairs, proposed before the sessions' authors. */
  sessionChairs?: number[];
}

export type SessionBuilderOptions = PlacementOptions;

export interface BuiltSession {
  paperIds: number[];
  /** The papers' most common subject area (numbered when several sessions share it), or the track and a number. */
  title: string;
  slot: { eventId: number; roomId: number } | null;
  /** The proposed session chair (user id), free at the session's time; empty when nobody is. */
  chairs: number[];
}

export interface SessionBuilderResult {
  sessions: BuiltSession[];
  /** Person clashes after placement: one per person per pair of overlapping placed sessions, one per busy overlap. */
  personClashes: number;
  /** Sessions that got no slot (fewer slots than sessions). */
  unplaced: number;
  grouping: { cost: number; lowerBound: number };
  /**
   * Clashes of the best placement found and the proven lower bound (their difference is the gap); optimal
   * when proven; timedOut when the time budget ended the search first.
   */
  placement: { clashes: number; lowerBound: number; optimal: boolean; timedOut: boolean };
  /** The time budget the build had, in ms (null: none). */
  timeBudgetMs: number | null;
}

export function buildSessions(
  input: SessionBuilderInput,
  options: SessionBuilderOptions = {},
): SessionBuilderResult {
  // one budget for both steps: the grouping's local search stops early too when it runs out
  const budget = options.budget ?? budgetOf(options);
  options = { ...options, budget };
  const grouping = groupPapers(input.papers, input.papersPerSession, options, {
    minPapersPerSession: input.minPapersPerSession,
    trackName: input.trackName,
    takenTitles: input.takenTitles,
  });
  const peopleOf = new Map(input.papers.map((p) => [p.id, p.people]));
  const people = grouping.groups.map((g) => ({ people: g.paperIds.flatMap((id) => peopleOf.get(id) ?? []) }));
  const placement = placeSessions(people, input.slots, input.busy ?? [], options);
  const chairs = proposeSessionChairs({
    sessions: people.map((s, i) => ({ people: s.people, slot: placement.slotOf[i] })),
    slots: input.slots,
    busy: input.busy,
    candidates: input.sessionChairs,
  });
  const sessions = grouping.groups.map((g, i) => {
    const at = placement.slotOf[i];
    const slot = at === null ? null : { eventId: input.slots[at].eventId, roomId: input.slots[at].roomId };
    const chair = chairs[i];
    return { paperIds: g.paperIds, title: g.title, slot, chairs: chair === null ? [] : [chair] };
  });
  return {
    sessions,
    personClashes: placement.clashes,
    unplaced: sessions.filter((s) => s.slot === null).length,
    grouping: { cost: grouping.cost, lowerBound: grouping.lowerBound },
    placement: {
      clashes: placement.clashes,
      lowerBound: placement.lowerBound,
      optimal: placement.optimal,
      timedOut: placement.timedOut,
    },
    timeBudgetMs: Number.isFinite(budget.budgetMs) ? budget.budgetMs : null,
  };
}
