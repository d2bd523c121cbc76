/**
 * Session builder, step 3: a session chair for each proposed session. The candidates are the people the chair
 * listed (tried first) and the authors of the session's own papers; a candidate is free for a session when
 * nothing else of theirs shares its time — no busy interval (an existing session), no paper in another placed
 * session that overlaps it, and no other overlapping session they were already proposed to chair. A free
 * person of the chair's list is taken when there is one, else a free author; among them the one chairing the
 * fewest sessions so far (then the first in order). A session not placed has no time: any candidate is free.
 * A session with no free candidate gets none (null): the chair picks someone.
 */
import {
  intervalsOverlap,
  timeIntervalOf,
  type BuilderSlot,
  type BusyInterval,
  type TimeInterval,
} from './builder-placement.js';

export interface ChairProposalInput {
  /** Per session: the authors of its papers, in paper order (the primary author first), and its slot. */
  sessions: readonly { people: readonly number[]; slot: number | null }[];
  slots: readonly BuilderSlot[];
  busy?: readonly BusyInterval[];
  /** People the chair listed as session chairs (user ids), tried before the authors. */
  candidates?: readonly number[];
}

/** The proposed chair of each session (input order), or null when no candidate is free at its time. */
export function proposeSessionChairs(input: ChairProposalInput): (number | null)[] {
  const { sessions, slots, busy = [], candidates = [] } = input;
  const at: (TimeInterval | null)[] = sessions.map((s) =>
    s.slot === null ? null : timeIntervalOf(slots[s.slot].dayIso, slots[s.slot].start, slots[s.slot].end),
  );
  const busyOf = new Map<number, TimeInterval[]>();
  for (const b of busy) {
    const iv = timeIntervalOf(b.dayIso, b.start, b.end);
    if (!iv) continue;
    const list = busyOf.get(b.personId) ?? [];
    list.push(iv);
    busyOf.set(b.personId, list);
  }
  const people = sessions.map((s) => new Set(s.people));
  const chairing = new Map<number, number[]>(); // person → sessions proposed to them
  const load = (person: number) => chairing.get(person)?.length ?? 0;

  const free = (person: number, s: number): boolean => {
    const iv = at[s];
    if (!iv) return true;
    if ((busyOf.get(person) ?? []).some((b) => intervalsOverlap(b, iv))) return false;
    for (let o = 0; o < sessions.length; o++) {
      if (o === s) continue;
      const other = at[o];
      if (!other || !intervalsOverlap(other, iv)) continue;
      if (people[o].has(person)) return false;
      if (chairing.get(person)?.includes(o)) return false;
    }
    return true;
  };

  const listed = [...new Set(candidates)];
  /** The free person of `people` chairing the fewest sessions so far (the first of them on a tie). */
  const leastLoaded = (people: readonly number[], s: number): number | null => {
    let best: number | null = null;
    for (const person of people)
      if (free(person, s) && (best === null || load(person) < load(best))) best = person;
    return best;
  };
  return sessions.map((session, s) => {
    const best = leastLoaded(listed, s) ?? leastLoaded([...new Set(session.people)], s);
    if (best !== null) chairing.set(best, [...(chairing.get(best) ?? []), s]);
    return best;
  });
}
