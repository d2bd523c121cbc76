/**
 * An assignment problem handed to the worker thread as the database rows it is made of, not as the
 * problem itself: the server reads a track slice by slice and turns each slice at once into one part
 * (its rows as UTF-8 JSON in a SharedArrayBuffer), so that its main thread neither keeps 100,000s of row
 * objects alive (long garbage collections) nor groups them, builds the problem, encodes it, or copies
 * megabytes into a message; the worker decodes the parts and builds the problem (`problemFromRows`).
 * The parts are read by `decodeProblemParts` (problem-parts.ts) like the parts of a whole problem.
 * No Node-only imports.
 */
import type { BidValue } from '../reviews.js';
import type { AssignmentProblem, AssignmentId } from './types.js';

/** A user as the problem needs it (reviewers and authors: conflicts of interest, names in messages). */
export interface RowUser {
  id: number;
  organization: string;
  email: string;
  alternateEmail: string | null;
}

/** The rows of one track's problem, as the server reads them (each list in the server's read order). */
export interface ProblemRows {
  /** The track's papers, by id ascending. */
  papers: { id: number; trackId: number; title: string; abstractText: string }[];
  /** The track's reviewers (in the order of `reviewerOrder` when given, else as they are). */
  reviewers: (RowUser & { firstName: string; lastName: string; reviewerTracks: number[] })[];
  /** The order of the reviewers' ids (their rows may be read by slices of ids in another order). */
  reviewerOrder: number[];
  /** The author users of the track's papers, by paper then position. */
  authors: { paperId: number; user: RowUser }[];
  /** Every request of the track's papers (any kind, declined too). */
  requests: { paperId: number; reviewerId: number; isCameraReady: boolean; declined: boolean }[];
  bids: { reviewerId: number; paperId: number; bid: string }[];
  overrides: { reviewerId: number; paperId: number }[];
  declared: { reviewerId: number; userId: number; reason: string }[];
  /** Each reviewer's existing reviews (every track). */
  loads: { id: number; total: number; cameraReady: number }[];
  /** Papers (any track) authored by the reviewers; the same paper may come more than once. */
  reviewerPapers: { paperId: number; title: string; abstract: string; authorIds: number[] }[];
}

export type RowsKind = keyof ProblemRows;

/** What the rows do not say: the track, its name, and which requests count (camera-ready or not). */
export interface RowsHeader {
  trackId: number;
  trackName: string;
  isCameraReady: boolean;
}

/** A part of a problem: JSON text, as a string or as UTF-8 bytes (a SharedArrayBuffer's, not copied). */
export type ProblemPart = string | Uint8Array;

const encoder = new TextEncoder();

/** `value` as JSON in UTF-8 bytes in a SharedArrayBuffer (posted to a worker without a copy). */
export function sharedJson(value: unknown): Uint8Array {
  const bytes = encoder.encode(JSON.stringify(value));
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  return shared;
}

/**
 * Collects a problem's rows as parts, one slice at a time: `add` encodes the slice at once (the caller
 * drops the row objects), `parts` gives the header part first and the slices in the order they were added.
 */
export class ProblemRowsParts {
  private readonly slices: Uint8Array[] = [];
  private readonly counts = { papers: 0, reviewers: 0 };

  add<K extends RowsKind>(kind: K, items: ProblemRows[K]): void {
    if (kind === 'papers') this.counts.papers += items.length;
    else if (kind === 'reviewers') this.counts.reviewers += items.length;
    if (items.length) this.slices.push(sharedJson({ rows: kind, items }));
  }

  /** Papers and reviewers added so far (the solve options depend on the problem's size). */
  get size(): { papers: number; reviewers: number } {
    return { ...this.counts };
  }

  parts(header: RowsHeader): Uint8Array[] {
    return [sharedJson({ fromRows: header }), ...this.slices];
  }
}

/**
 * The solver instance of one track from its rows (what AutoAssignmentService read): grouped through maps
 * (linear in the rows), each paper with its authors and its reviewers already requested (of the requested
 * kind, not declined), each reviewer with their load and the texts of their own papers, the people
 * (reviewers, then authors) with organization and e-mails, every authorship (the track's papers, then the
 * reviewers' papers), bids, declared conflicts, chair overrides and declined pairs.
 */
export function problemFromRows(header: RowsHeader, rows: ProblemRows): AssignmentProblem {
  const { trackId, trackName, isCameraReady } = header;
  let reviewers = rows.reviewers;
  if (rows.reviewerOrder.length) {
    const byId = new Map(reviewers.map((r) => [r.id, r]));
    // a reviewer whose row was not read (no longer a reviewer between the two reads) is left out
    reviewers = rows.reviewerOrder.flatMap((id) => byId.get(id) ?? []);
  }
  // a paper of two reviewers (read in different slices) comes twice: once, in paper order
  const reviewerPapers = [...new Map(rows.reviewerPapers.map((p) => [p.paperId, p])).values()].sort(
    (a, b) => a.paperId - b.paperId,
  );
  const loads = new Map(rows.loads.map((l) => [l.id, l]));
  const ofKind = rows.requests.filter((r) => r.isCameraReady === isCameraReady);
  const existingOf = new Map<number, number[]>();
  for (const r of ofKind)
    if (!r.declined) {
      let list = existingOf.get(r.paperId);
      if (!list) existingOf.set(r.paperId, (list = []));
      list.push(r.reviewerId);
    }
  const people = new Map<number, { id: number; organization: string; emails: string[] }>();
  const addPerson = (u: RowUser) =>
    people.set(u.id, {
      id: u.id,
      organization: u.organization,
      emails: [u.email, u.alternateEmail].filter((e): e is string => Boolean(e)),
    });
  reviewers.forEach(addPerson);
  for (const a of rows.authors) addPerson(a.user);
  const authorships = new Map<number, number[]>();
  for (const a of rows.authors) {
    let list = authorships.get(a.paperId);
    if (!list) authorships.set(a.paperId, (list = []));
    list.push(a.user.id);
  }
  for (const p of reviewerPapers) authorships.set(p.paperId, p.authorIds);
  // each reviewer's own papers (title and abstract), in the order of reviewerPapers
  const ownTexts = new Map<number, string[]>();
  for (const p of reviewerPapers)
    for (const id of new Set(p.authorIds)) {
      let list = ownTexts.get(id);
      if (!list) ownTexts.set(id, (list = []));
      list.push(`${p.title}\n${p.abstract}`);
    }
  return {
    papers: rows.papers.map((p) => ({
      id: p.id,
      track: p.trackId,
      text: `${p.title}\n${p.abstractText}`,
      authorIds: authorships.get(p.id) ?? [],
      reviewerIds: existingOf.get(p.id) ?? [],
    })),
    reviewers: reviewers.map((r) => {
      const load = loads.get(r.id);
      if (!load) throw new Error(`No load read for reviewer ${r.id}`);
      return {
        id: r.id,
        name: `${r.firstName} ${r.lastName}`,
        tracks: r.reviewerTracks,
        load: isCameraReady ? load.cameraReady : load.total,
        text: (ownTexts.get(r.id) ?? []).join('\n'),
      };
    }),
    people: [...people.values()],
    authorships: [...authorships.entries()].map(([paperId, authorIds]) => ({ paperId, authorIds })),
    bids: rows.bids.map((b) => ({ reviewerId: b.reviewerId, paperId: b.paperId, bid: b.bid as BidValue })),
    declaredConflicts: rows.declared.map((d) => ({
      reviewerId: d.reviewerId,
      userId: d.userId,
      reason: d.reason,
    })),
    conflictOverrides: rows.overrides.map((o) => ({ reviewerId: o.reviewerId, paperId: o.paperId })),
    declined: ofKind.filter((r) => r.declined).map((r) => ({ reviewerId: r.reviewerId, paperId: r.paperId })),
    tracks: [{ id: trackId as AssignmentId, name: trackName }],
  };
}

/** An empty set of rows, to fill from parts. */
export function emptyRows(): ProblemRows {
  return {
    papers: [],
    reviewers: [],
    reviewerOrder: [],
    authors: [],
    requests: [],
    bids: [],
    overrides: [],
    declared: [],
    loads: [],
    reviewerPapers: [],
  };
}
