import {
  PROGRAMME_MESSAGES,
  type PersonRef,
  type ScheduledPaperRef,
  type TechnicalSessionDto,
} from '@symposium/domain';
import { parseWholeNumber } from './programme-labels';
import { checkTechnicalDraft, type DraftErrors } from './technical-session-editor';
import type { BuilderApplySession } from './api/queries';
import type { BuilderProposal } from './api/session-builder';

/** A proposed session as the chair edits it (the form's own values, as typed). */
export interface BuilderDraft {
  /** Tells the cards apart (the proposal's order, from 1). */
  key: number;
  number: string;
  title: string;
  responsables: PersonRef[];
  /** Paper ids, in presentation order. */
  papers: number[];
  /** The event's id, '' when the session is not placed. */
  event: string;
  room: string;
}

/** The proposal's sessions as drafts: numbered from the first free number, in their proposed slots. */
export const draftsOf = (proposal: BuilderProposal): BuilderDraft[] =>
  proposal.sessions.map((s, i) => ({
    key: i + 1,
    number: String(proposal.firstNumber + i),
    title: s.title,
    responsables: [...s.responsables],
    papers: [...s.paperIds],
    event: s.slot ? String(s.slot.eventId) : '',
    room: s.slot ? String(s.slot.roomId) : '',
  }));

/** A paper of the track, or a stand-in with its id when the list does not hold it (yet). */
export const paperRef = (papers: Map<number, ScheduledPaperRef>, id: number): ScheduledPaperRef =>
  papers.get(id) ?? { _id: id, title: `Paper ${id}`, track: 0, authors: [], primaryAuthor: null };

/**
 * The §5 rules of each draft with the API's messages (number, unique title, session chairs, room, papers),
 * numbers and titles checked against the stored technical sessions and the other drafts, and no fewer papers
 * than the minimum the chair set. Only drafts with errors are listed.
 */
export function checkDrafts(
  drafts: BuilderDraft[],
  existing: TechnicalSessionDto[],
  papers: Map<number, ScheduledPaperRef>,
  minPapers = 1,
): Record<number, DraftErrors> {
  const out: Record<number, DraftErrors> = {};
  for (const d of drafts) {
    const others = drafts.filter((x) => x.key !== d.key);
    const numbers = new Set([
      ...existing.map((s) => s._id),
      ...others.flatMap((x) => parseWholeNumber(x.number) ?? []),
    ]);
    const titles = new Set([...existing.map((s) => s.title), ...others.map((x) => x.title.trim())]);
    const errors = checkTechnicalDraft(
      { ...d, papers: d.papers.map((id) => paperRef(papers, id)) },
      numbers,
      titles,
    );
    if (!errors.papers && d.papers.length < minPapers)
      errors.papers = PROGRAMME_MESSAGES.builderUnderMinimum(d.papers.length, minPapers);
    if (Object.keys(errors).length) out[d.key] = errors;
  }
  return out;
}

/** The body of POST builder/apply. */
export const toApplySessions = (drafts: BuilderDraft[]): BuilderApplySession[] =>
  drafts.map((d) => ({
    _id: Number(d.number),
    title: d.title.trim(),
    responsables: d.responsables.map((p) => p._id),
    room: Number(d.room),
    papers: [...d.papers],
    event: d.event ? Number(d.event) : null,
  }));

/**
 * What moving `paper` out of draft `from` does with a minimum of `min` papers per session: 'move' when the
 * session keeps enough papers; otherwise 'merge' — every paper of the session goes to the chosen one and the
 * emptied session is removed (a session is never left empty or under the minimum).
 */
export function moveOutcome(
  drafts: BuilderDraft[],
  from: number,
  min: number,
): { kind: 'move' } | { kind: 'merge'; papers: number[] } {
  const source = drafts.find((d) => d.key === from);
  if (!source || source.papers.length - 1 >= Math.max(1, min)) return { kind: 'move' };
  return { kind: 'merge', papers: [...source.papers] };
}

/** Moves every paper of draft `from` to draft `to`, in order, and removes the emptied draft. */
export const mergeDraft = (drafts: BuilderDraft[], from: number, to: number): BuilderDraft[] => {
  const source = drafts.find((d) => d.key === from);
  if (!source || from === to) return drafts;
  return drafts
    .filter((d) => d.key !== from)
    .map((d) =>
      d.key === to
        ? { ...d, papers: [...d.papers, ...source.papers.filter((p) => !d.papers.includes(p))] }
        : d,
    );
};

/**
 * Takes a paper out of whichever draft holds it and appends it to draft `to` (none: it is left out); the
 * other drafts stay the same objects.
 */
export const movePaper = (drafts: BuilderDraft[], paper: number, to: number | null): BuilderDraft[] =>
  drafts.map((d) => {
    if (d.key !== to && !d.papers.includes(paper)) return d;
    const papers = d.papers.filter((id) => id !== paper);
    return { ...d, papers: d.key === to ? [...papers, paper] : papers };
  });

/** For each draft sharing its event and room with earlier drafts, their numbers ('2, 5': a room clash). */
export function sharedSlots(drafts: BuilderDraft[]): Map<number, string> {
  const out = new Map<number, string>();
  const seen = new Map<string, string[]>();
  for (const d of drafts) {
    if (!d.event || !d.room) continue;
    const slot = `${d.event}/${d.room}`;
    const before = seen.get(slot) ?? [];
    if (before.length) out.set(d.key, before.join(', '));
    seen.set(slot, [...before, d.number]);
  }
  return out;
}

/** 'Technical session 3: …' of a refused apply: the number it names, or null. */
export function refusedNumber(message: string): number | null {
  const m = /^Technical session (\d+):/.exec(message);
  return m ? Number(m[1]) : null;
}
