/**
 * From the problem (papers, reviewers, bids, conflicts…) to the sparse flow network: hard constraints
 * filter the pairs, affinity = bid + subject-area match + text similarity, optionally the K best
 * candidates per paper are kept.
 */
import { ConflictDetector } from './conflicts.js';
import { AssignmentCancelledError, type AssignmentNetwork } from './flow.js';
import { buildKernel } from './build-kernel.js';
import { IntList, InvertedIndex, TermIds, tfidfFlat } from './text.js';
import {
  DEFAULT_AFFINITY_WEIGHTS,
  type AffinityWeights,
  type AssignmentId,
  type AssignmentOptions,
  type AssignmentProblem,
  type BidKind,
  type PairConflict,
} from './types.js';

export const idKey = (id: AssignmentId): string => `${typeof id}:${id}`;

/** Index by id without building a key string for numeric ids (numbers and strings stay distinct). */
class IdIndex {
  private readonly numbers = new Map<number, number>();
  private readonly strings = new Map<string, number>();
  get(id: AssignmentId): number | undefined {
    return typeof id === 'number' ? this.numbers.get(id) : this.strings.get(id);
  }
  set(id: AssignmentId, value: number): void {
    if (typeof id === 'number') this.numbers.set(id, value);
    else this.strings.set(id, value);
  }
}

export interface BuiltModel {
  network: AssignmentNetwork;
  scale: number;
  weights: AffinityWeights;
  perPaper: number;
  /** Per paper: target total, existing reviewers, eligible count (before the K cut). */
  target: Int32Array;
  existing: AssignmentId[][];
  eligible: Int32Array;
  /** Per reviewer: cap (min of §9 limit and personal cap) and load before the proposal. */
  cap: Int32Array;
  load: Int32Array;
  /** Per arc: affinity parts. */
  bidPart: Float64Array;
  subjectPart: Float64Array;
  textPart: Float64Array;
  arcBid: (BidKind | undefined)[];
  conflicts: PairConflict[];
}

/** Several bids on one pair: the most restrictive wins (conflict > not willing > eager > willing). */
const BID_KINDS: BidKind[] = ['willing', 'eager', 'notWilling', 'conflict'];

export function buildModel(problem: AssignmentProblem, options: AssignmentOptions = {}): BuiltModel {
  const perPaper = options.reviewsPerPaper ?? 3;
  const perReviewer = options.maxPerReviewer ?? 10;
  const scale = options.scale ?? 1000;
  const K = options.candidatesPerPaper;
  const weights = { ...DEFAULT_AFFINITY_WEIGHTS, ...options.weights };
  const { papers, reviewers } = problem;
  const P = papers.length;
  const R = reviewers.length;

  const reviewerIndex = new IdIndex();
  reviewers.forEach((r, i) => {
    if (reviewerIndex.get(r.id) !== undefined) throw new Error(`Reviewer ${r.id} is listed twice`);
    reviewerIndex.set(r.id, i);
  });
  const paperIndex = new IdIndex();
  papers.forEach((p, i) => {
    if (paperIndex.get(p.id) !== undefined) throw new Error(`Paper ${p.id} is listed twice`);
    paperIndex.set(p.id, i);
  });

  const cap = new Int32Array(R);
  const load = new Int32Array(R);
  const remaining = new Int32Array(R);
  const byTrack = new Map<string, number[]>();
  reviewers.forEach((r, i) => {
    cap[i] = Math.max(0, Math.min(perReviewer, r.cap ?? perReviewer));
    load[i] = Math.max(0, r.load ?? 0);
    remaining[i] = Math.max(0, cap[i] - load[i]);
    for (const t of new Set(r.tracks.map(idKey))) {
      let list = byTrack.get(t);
      if (!list) byTrack.set(t, (list = []));
      list.push(i);
    }
  });

  // per paper: its bids and declined reviewers (filled into per-reviewer scratch arrays in the loop)
  const bidsOf: { r: number; kind: BidKind }[][] = Array.from({ length: P }, () => []);
  for (const b of problem.bids ?? []) {
    const r = reviewerIndex.get(b.reviewerId);
    const p = paperIndex.get(b.paperId);
    if (r !== undefined && p !== undefined) bidsOf[p].push({ r, kind: b.bid });
  }
  const declinedOf: number[][] = Array.from({ length: P }, () => []);
  for (const d of problem.declined ?? []) {
    const r = reviewerIndex.get(d.reviewerId);
    const p = paperIndex.get(d.paperId);
    if (r !== undefined && p !== undefined) declinedOf[p].push(r);
  }
  // bid part by BID_KINDS index + 1 (0: no bid; a 'conflict' bid the chair overrode weighs nothing)
  const bidValue = Float64Array.of(weights.willing, weights.eager, weights.notWilling, 0);
  const bidValueOf = (rank: number) => (rank >= 0 ? bidValue[rank] : 0);

  // text similarity: TF-IDF over papers and reviewer profiles (their papers + keywords, keywords twice)
  const termIds = new TermIds();
  const ids = new IntList();
  const docStart = new Int32Array(P + R + 1);
  papers.forEach((p, i) => {
    termIds.add(p.text ?? '', ids);
    docStart[i + 1] = ids.length;
  });
  reviewers.forEach((r, i) => {
    termIds.add(r.text ?? '', ids);
    const kwFrom = ids.length;
    termIds.add((r.keywords ?? []).join(' '), ids);
    const kwTo = ids.length;
    for (let k = kwFrom; k < kwTo; k++) ids.push(ids.data[k]);
    docStart[P + i + 1] = ids.length;
  });
  const vectors = tfidfFlat(ids.data, docStart, termIds.size);
  const indexes = new Map<string, InvertedIndex>();
  const trackMembers = new Map<string, Int32Array>();
  for (const [t, members] of byTrack) {
    indexes.set(
      t,
      new InvertedIndex(
        vectors,
        Int32Array.from(members, (i) => P + i),
      ),
    );
    trackMembers.set(t, Int32Array.from(members));
  }

  // subject areas: ids by name, and each reviewer's (deduplicated)
  const areaIds = new Map<string, number>();
  const areaId = (name: string) => {
    const k = name.trim().toLowerCase();
    let id = areaIds.get(k);
    if (id === undefined) areaIds.set(k, (id = areaIds.size));
    return id;
  };
  const reviewerAreas = reviewers.map((r) => [...new Set((r.subjectAreas ?? []).map(areaId))]);
  const detector = new ConflictDetector(problem);
  const reviewerPerson = Int32Array.from(reviewers, (r) => detector.person(r.id));
  // person → reviewer index (-1: not a reviewer); people interned later are never reviewers
  const reviewerOfPerson = new Int32Array(detector.size()).fill(-1);
  reviewerPerson.forEach((person, r) => (reviewerOfPerson[person] = r));
  const reviewerOf = (person: number) => (person < reviewerOfPerson.length ? reviewerOfPerson[person] : -1);

  const target = new Int32Array(P);
  const need = new Int32Array(P);
  const eligibleCount = new Int32Array(P);
  const existing: AssignmentId[][] = new Array(P);
  /** per paper, its conflicts (gathered in paper order at the end) */
  const conflictsOf: PairConflict[][] = new Array(P);
  // Papers are visited track by track (in input order within a track): one track's postings stay in the
  // cache, and the per-paper scratch arrays are indexed by the reviewer's slot in the track, so that the
  // candidates are read in one sequential pass. Each paper's arcs are written in processing order, then put
  // in paper order.
  const papersOfTrack = new Map<string, number[]>();
  papers.forEach((paper, p) => {
    const k = idKey(paper.track);
    let list = papersOfTrack.get(k);
    if (!list) papersOfTrack.set(k, (list = []));
    list.push(p);
  });
  const doneStart = new Int32Array(P);
  const doneCount = new Int32Array(P);
  const arcStart = new Int32Array(P + 1);
  // the arcs, in typed arrays grown by doubling
  let arcCap = K !== undefined ? Math.max(1024, P * Math.min(K, R)) : 1 << 16;
  let arcReviewer = new Int32Array(arcCap);
  let arcCost = new Int32Array(arcCap);
  let bidPart = new Float64Array(arcCap);
  let subjectPart = new Float64Array(arcCap);
  let textPart = new Float64Array(arcCap);
  const arcBidRank = new IntList();
  const grow = (min: number) => {
    while (arcCap < min) arcCap *= 2;
    const more = <A extends Int32Array | Float64Array>(a: A, make: (n: number) => A) => {
      const b = make(arcCap);
      b.set(a);
      return b;
    };
    arcReviewer = more(arcReviewer, (n) => new Int32Array(n));
    arcCost = more(arcCost, (n) => new Int32Array(n));
    bidPart = more(bidPart, (n) => new Float64Array(n));
    subjectPart = more(subjectPart, (n) => new Float64Array(n));
    textPart = more(textPart, (n) => new Float64Array(n));
  };
  let arcCount = 0;

  // the track's view: reviewer → slot (-1: not a member), and per slot the reviewer's room and, for the
  // current paper, text score, mark (1 = skipped outright: author, existing reviewer, declined; 2 = a
  // suspect whose conflict is checked), bid (index into BID_KINDS, -1 = none) and subject part
  const slotOf = new Int32Array(R).fill(-1);
  let maxMembers = 0;
  for (const members of trackMembers.values()) maxMembers = Math.max(maxMembers, members.length);
  let maxPostings = 0;
  let maxStart = 0;
  for (const index of indexes.values()) {
    maxPostings = Math.max(maxPostings, index.ids.length);
    maxStart = Math.max(maxStart, index.start.length);
  }
  const textWeight = weights.text;
  const primary = weights.primarySubject;
  const secondary = weights.secondarySubject;
  const kernel = buildKernel(
    vectors,
    P,
    { maxMembers, maxPostings, maxStart },
    { bidValue, textWeight, scale, subjectMax: Math.max(Math.abs(primary), Math.abs(secondary)) },
  );
  // by slot: text scores, room, marks, bids, subject parts; this paper's eligible candidates (slot and
  // cost, in slot order) and a scratch copy for the cut
  const { scores, room, mark, bidRank, subject, candSlot, candCost } = kernel;
  const select = new Int32Array(maxMembers);
  const suspectSlots: number[] = [];
  const markReviewer = (r: number, value: number) => {
    const s = r >= 0 ? slotOf[r] : -1;
    if (s >= 0) mark[s] = value;
  };

  let visit = 0;
  for (const [trackKey, trackPapers] of papersOfTrack) {
    const members = trackMembers.get(trackKey) ?? EMPTY;
    const m = members.length;
    kernel.setTrack(indexes.get(trackKey));
    // per subject area, the slots of the members who have it
    const areaSlots = new Map<number, number[]>();
    for (let s = 0; s < m; s++) {
      const r = members[s];
      slotOf[r] = s;
      room[s] = remaining[r];
      for (const a of reviewerAreas[r]) {
        let list = areaSlots.get(a);
        if (!list) areaSlots.set(a, (list = []));
        list.push(s);
      }
    }
    for (const p of trackPapers) {
      if ((visit++ & 127) === 0) {
        if (options.signal?.aborted) return abort();
        options.onProgress?.({ phase: 'prepare', done: visit - 1, total: P });
      }
      const paperConflicts: PairConflict[] = [];
      conflictsOf[p] = paperConflicts;
      const paper = papers[p];
      const existingIds = paper.reviewerIds?.length
        ? [...new Map(paper.reviewerIds.map((id) => [idKey(id), id])).values()]
        : [];
      existing[p] = existingIds;
      kernel.score(p, m);
      const screen = detector.paperScreen(paper);
      const areas: number[][] = [];
      for (const name of paper.subjectAreas ?? []) areas.push(areaSlots.get(areaId(name)) ?? NO_SLOTS);
      // the primary area wins over the others
      for (let a = areas.length - 1; a >= 1; a--) for (const s of areas[a]) subject[s] = secondary;
      if (areas.length > 0) for (const s of areas[0]) subject[s] = primary;
      const bids = bidsOf[p];
      for (const b of bids) {
        const s = slotOf[b.r];
        const rank = BID_KINDS.indexOf(b.kind);
        if (s >= 0 && rank > bidRank[s]) bidRank[s] = rank;
      }
      for (const person of screen.suspects) markReviewer(reviewerOf(person), 2);
      for (const r of declinedOf[p]) markReviewer(r, 1);
      for (const id of existingIds) markReviewer(reviewerOf(detector.person(id)), 1);
      for (const a of screen.authors) markReviewer(reviewerOf(a), 1);
      // the suspects still marked 2 are checked, in slot order (conflicts are listed in member order): a
      // conflict marks the slot 1, else it is cleared
      suspectSlots.length = 0;
      for (const person of screen.suspects) {
        const r = reviewerOf(person);
        const s = r >= 0 ? slotOf[r] : -1;
        if (s >= 0 && mark[s] === 2) suspectSlots.push(s);
      }
      if (suspectSlots.length > 1) suspectSlots.sort((a, b) => a - b);
      for (const s of suspectSlots) {
        const r = members[s];
        const person = reviewerPerson[r];
        if (!detector.conflicts(screen, person)) {
          mark[s] = 0;
          continue;
        }
        mark[s] = 1;
        paperConflicts.push({
          paperId: paper.id,
          reviewerId: reviewers[r].id,
          evidence: detector.evidenceFor(screen, person),
        });
      }
      const n = kernel.collect(m);
      eligibleCount[p] = n;
      target[p] = Math.max(existingIds.length, Math.min(perPaper, existingIds.length + n));
      need[p] = target[p] - existingIds.length;
      const keep = K !== undefined && n > K ? Math.max(K, need[p]) : n;
      // the `keep` cheapest arcs, ties to the earlier reviewer (members are in input order)
      const kept = keep < n ? keepCheapest(candSlot, candCost, n, keep, select) : n;
      doneStart[p] = arcCount;
      doneCount[p] = kept;
      if (arcCount + kept > arcCap) grow(arcCount + kept);
      for (let i = 0; i < kept; i++) {
        const s = candSlot[i];
        const rank = bidRank[s];
        arcReviewer[arcCount] = members[s];
        arcCost[arcCount] = candCost[i];
        bidPart[arcCount] = bidValueOf(rank);
        subjectPart[arcCount] = subject[s];
        textPart[arcCount] = textWeight * scores[s];
        arcBidRank.push(rank);
        arcCount++;
      }
      // reset the scratch arrays
      for (const b of bids) {
        const s = slotOf[b.r];
        if (s >= 0) bidRank[s] = -1;
      }
      for (const slots of areas) for (const s of slots) subject[s] = 0;
      for (const person of screen.suspects) markReviewer(reviewerOf(person), 0);
      for (const r of declinedOf[p]) markReviewer(r, 0);
      for (const id of existingIds) markReviewer(reviewerOf(detector.person(id)), 0);
      for (const a of screen.authors) markReviewer(reviewerOf(a), 0);
    }
    for (let s = 0; s < m; s++) slotOf[members[s]] = -1;
  }
  options.onProgress?.({ phase: 'prepare', done: P, total: P });

  // the arcs in paper order
  for (let p = 0; p < P; p++) arcStart[p + 1] = arcStart[p] + doneCount[p];
  const inPaperOrder = <A extends Int32Array | Float64Array>(a: A, make: (n: number) => A): A => {
    const out = make(arcCount);
    for (let p = 0; p < P; p++) out.set(a.subarray(doneStart[p], doneStart[p] + doneCount[p]), arcStart[p]);
    return out;
  };
  // pushed in order: `new Array(arcCount)` of this size is a dictionary-mode array, slow to fill
  const arcBidOut: (BidKind | undefined)[] = [];
  const ranks = arcBidRank.data;
  for (let p = 0; p < P; p++)
    for (let i = doneStart[p], end = doneStart[p] + doneCount[p]; i < end; i++) {
      const rank = ranks[i];
      arcBidOut.push(rank >= 0 ? BID_KINDS[rank] : undefined);
    }
  const ints = (n: number) => new Int32Array(n);
  const floats = (n: number) => new Float64Array(n);

  return {
    network: {
      papers: P,
      reviewers: R,
      need,
      capacity: remaining,
      arcStart,
      arcReviewer: inPaperOrder(arcReviewer, ints),
      arcCost: inPaperOrder(arcCost, ints),
    },
    scale,
    weights,
    perPaper,
    target,
    existing,
    eligible: eligibleCount,
    cap,
    load,
    bidPart: inPaperOrder(bidPart, floats),
    subjectPart: inPaperOrder(subjectPart, floats),
    textPart: inPaperOrder(textPart, floats),
    arcBid: arcBidOut,
    conflicts: conflictsOf.flat(),
  };
}

const EMPTY = new Int32Array(0);
const NO_SLOTS: number[] = [];

/**
 * Keeps the `keep` cheapest of the n candidates, ties to the earlier one (candidates are in member
 * order), compacting candSlot/candCost in place (order kept); returns `keep`. The threshold (the keep-th
 * smallest cost) is found with a histogram of the costs in 256 buckets, then among the few costs of its
 * bucket (copied into `select`) by quickselect: three passes over the candidates without data-dependent
 * swaps.
 */
function keepCheapest(
  candSlot: Int32Array,
  candCost: Int32Array,
  n: number,
  keep: number,
  select: Int32Array,
): number {
  if (keep <= 0) return 0;
  let lo = candCost[0];
  let hi = lo;
  for (let i = 1; i < n; i++) {
    const c = candCost[i];
    if (c < lo) lo = c;
    else if (c > hi) hi = c;
  }
  // bucket of cost c: (c - lo) >> shift, fewer than 256 buckets
  let shift = 0;
  while ((hi - lo) >> shift >= 256) shift++;
  const counts = BUCKETS;
  counts.fill(0);
  for (let i = 0; i < n; i++) counts[(candCost[i] - lo) >> shift]++;
  let bucket = 0;
  let before = 0; // candidates in the buckets below `bucket`
  while (before + counts[bucket] < keep) before += counts[bucket++];
  let inBucket = 0;
  for (let i = 0; i < n; i++) if ((candCost[i] - lo) >> shift === bucket) select[inBucket++] = candCost[i];
  const threshold = kthSmallest(select, inBucket, keep - 1 - before);
  let below = 0;
  for (let i = 0; i < n; i++) if (candCost[i] < threshold) below++;
  let ties = keep - below;
  let out = 0;
  for (let i = 0; i < n; i++) {
    const cost = candCost[i];
    if (cost > threshold) continue;
    if (cost === threshold) {
      if (ties === 0) continue;
      ties--;
    }
    candSlot[out] = candSlot[i];
    candCost[out] = cost;
    out++;
  }
  return out;
}
const BUCKETS = new Int32Array(256);

/**
 * The k-th smallest (0-based) of a[0..n), by quickselect (Hoare partition, median-of-three pivot);
 * reorders a.
 */
export function kthSmallest(a: Int32Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // median of three as the pivot value
    let x = a[lo];
    let y = a[mid];
    const z = a[hi];
    if (x > y) [x, y] = [y, x];
    if (y > z) {
      y = z;
      if (x > y) y = x;
    }
    const pivot = y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

function abort(): never {
  throw new AssignmentCancelledError();
}
