/**
 * From the problem (papers, reviewers, bids, conflicts…) to the sparse flow network: hard constraints
 * filter the pairs, affinity = bid + subject-area match + text similarity, optionally the K best
 * candidates per paper are kept.
 */
import { ConflictDetector, type PaperScreen } from './conflicts.js';
import { AssignmentCancelledError, type AssignmentNetwork } from './flow.js';
import { buildKernel, type BuildKernel } from './build-kernel.js';
import { wasmTermIds } from './text-kernel.js';
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
  /** Per arc: the bid on the pair, as an index into BID_KINDS (-1: none). */
  arcBid: Int8Array;
  conflicts: PairConflict[];
}

/** Several bids on one pair: the most restrictive wins (conflict > not willing > eager > willing). */
export const BID_KINDS: readonly BidKind[] = ['willing', 'eager', 'notWilling', 'conflict'];

/** Pairs (paper index → reviewer index, plus a small value) grouped by paper in typed arrays. */
class PairsByPaper {
  readonly start: Int32Array;
  readonly reviewer: Int32Array;
  readonly value: Int8Array;
  constructor(papers: number, pairs: { p: number; r: number; value: number }[]) {
    this.start = new Int32Array(papers + 1);
    for (const x of pairs) this.start[x.p + 1]++;
    for (let p = 0; p < papers; p++) this.start[p + 1] += this.start[p];
    const fill = this.start.slice(0, papers);
    this.reviewer = new Int32Array(pairs.length);
    this.value = new Int8Array(pairs.length);
    for (const x of pairs) {
      const at = fill[x.p]++;
      this.reviewer[at] = x.r;
      this.value[at] = x.value;
    }
  }
}

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

  // per paper: its bids (value: index into BID_KINDS) and declined reviewers
  const pairs = (
    list: { reviewerId: AssignmentId; paperId: AssignmentId }[],
    value: (i: number) => number,
  ) => {
    const out: { p: number; r: number; value: number }[] = [];
    list.forEach((x, i) => {
      const r = reviewerIndex.get(x.reviewerId);
      const p = paperIndex.get(x.paperId);
      if (r !== undefined && p !== undefined) out.push({ p, r, value: value(i) });
    });
    return new PairsByPaper(P, out);
  };
  const bidList = problem.bids ?? [];
  const bids = pairs(bidList, (i) => BID_KINDS.indexOf(bidList[i].bid));
  const declined = pairs(problem.declined ?? [], () => 0);

  // text similarity: TF-IDF over papers and reviewer profiles (their papers + keywords, keywords twice)
  const termIds = wasmTermIds() ?? new TermIds();
  // a term takes at least 3 characters (two letters and a separator): room for them all at once, so that
  // the list is never copied as it grows (accents folded may lengthen a text: it still grows if need be)
  let room = 16;
  for (const p of papers) room += ((p.text?.length ?? 0) + 1) / 3 + 1;
  for (const r of reviewers) {
    room += ((r.text?.length ?? 0) + 1) / 3 + 1;
    for (const k of r.keywords ?? []) room += (2 * (k.length + 1)) / 3 + 2;
  }
  const ids = new IntList(Math.ceil(room));
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
  const tracks = new Map<string, Track>();
  for (const [key, list] of byTrack) {
    const members = Int32Array.from(list);
    const index = new InvertedIndex(
      vectors,
      Int32Array.from(list, (i) => P + i),
    );
    tracks.set(key, { key, members, index, papers: [] });
  }
  // Papers are visited track by track (in input order within a track): the kernel holds one track's
  // postings, and the per-paper arrays are indexed by the reviewer's slot in the track, so that the
  // candidates are read in one sequential pass. Each paper's arcs are written in processing order, then put
  // in paper order.
  papers.forEach((paper, p) => {
    const key = idKey(paper.track);
    let track = tracks.get(key);
    if (!track) tracks.set(key, (track = { key, members: EMPTY, index: undefined, papers: [] }));
    track.papers.push(p);
  });

  // subject areas: ids by name, and each reviewer's (deduplicated)
  const areaIds = new Map<string, number>();
  const areaId = (name: string) => {
    const k = name.trim().toLowerCase();
    let id = areaIds.get(k);
    if (id === undefined) areaIds.set(k, (id = areaIds.size));
    return id;
  };
  const reviewerAreas = reviewers.map((r) => [...new Set((r.subjectAreas ?? []).map(areaId))]);
  const paperAreas = papers.map((p) => (p.subjectAreas ?? []).map(areaId));
  const detector = new ConflictDetector(problem);

  let maxMembers = 0;
  let maxPostings = 0;
  let maxStart = 0;
  for (const t of tracks.values()) {
    maxMembers = Math.max(maxMembers, t.members.length);
    maxPostings = Math.max(maxPostings, t.index?.ids.length ?? 0);
    maxStart = Math.max(maxStart, t.index?.start.length ?? 0);
  }
  // bid part by BID_KINDS index (a 'conflict' bid the chair overrode weighs nothing)
  const bidValue = Float64Array.of(weights.willing, weights.eager, weights.notWilling, 0);
  const kernel = buildKernel(
    vectors,
    P,
    { maxMembers, maxPostings, maxStart },
    {
      bidValue,
      textWeight: weights.text,
      scale,
      subjectMax: Math.max(Math.abs(weights.primarySubject), Math.abs(weights.secondarySubject)),
    },
  );
  const pass = new PaperPass(
    problem,
    { perPaper, K, weights, bidValue },
    { remaining, bids, declined, reviewerAreas, paperAreas, detector, kernel },
  );
  let visited = 0;
  for (const track of tracks.values()) {
    if (!track.papers.length) continue;
    pass.enterTrack(track);
    for (const p of track.papers) {
      if ((visited++ & 127) === 0) {
        if (options.signal?.aborted) return abort();
        options.onProgress?.({ phase: 'prepare', done: visited - 1, total: P });
      }
      pass.visit(p);
    }
    pass.leaveTrack();
  }
  options.onProgress?.({ phase: 'prepare', done: P, total: P });

  // the arcs in paper order
  const { doneStart, doneCount, arcCount } = pass;
  const arcStart = new Int32Array(P + 1);
  for (let p = 0; p < P; p++) arcStart[p + 1] = arcStart[p] + doneCount[p];
  const inPaperOrder = <A extends Int8Array | Int32Array | Float64Array>(a: A, make: (n: number) => A): A => {
    const out = make(arcCount);
    for (let p = 0; p < P; p++)
      for (let i = doneStart[p], to = arcStart[p], end = i + doneCount[p]; i < end; i++, to++) out[to] = a[i];
    return out;
  };
  const ints = (n: number) => new Int32Array(n);
  const floats = (n: number) => new Float64Array(n);

  return {
    network: {
      papers: P,
      reviewers: R,
      need: pass.need,
      capacity: remaining,
      arcStart,
      arcReviewer: inPaperOrder(pass.arcReviewer, ints),
      arcCost: inPaperOrder(pass.arcCost, ints),
    },
    scale,
    weights,
    perPaper,
    target: pass.target,
    existing: pass.existing,
    eligible: pass.eligible,
    cap,
    load,
    bidPart: inPaperOrder(pass.bidPart, floats),
    subjectPart: inPaperOrder(pass.subjectPart, floats),
    textPart: inPaperOrder(pass.textPart, floats),
    arcBid: inPaperOrder(pass.arcBid, (n) => new Int8Array(n)),
    conflicts: pass.conflictsOf.flat(),
  };
}

interface Track {
  key: string;
  /** reviewer indices, in input order (a reviewer's slot is its position here) */
  members: Int32Array;
  index: InvertedIndex | undefined;
  /** paper indices, in input order */
  papers: number[];
}

/**
 * The per-paper work of the build, a track at a time (a class with the state as fields, so that its
 * methods are compiled as ordinary hot functions).
 */
class PaperPass {
  // per paper
  readonly target: Int32Array;
  readonly need: Int32Array;
  readonly eligible: Int32Array;
  readonly existing: AssignmentId[][];
  readonly conflictsOf: PairConflict[][];
  readonly doneStart: Int32Array;
  readonly doneCount: Int32Array;
  // the arcs in processing order, in typed arrays grown by doubling
  arcCount = 0;
  arcReviewer: Int32Array;
  arcCost: Int32Array;
  bidPart: Float64Array;
  subjectPart: Float64Array;
  textPart: Float64Array;
  arcBid: Int8Array;

  private readonly papers: AssignmentProblem['papers'];
  private readonly reviewers: AssignmentProblem['reviewers'];
  /** reviewer → slot in the current track (-1: not a member) */
  private readonly slotOf: Int32Array;
  /** person → reviewer index (-1: not a reviewer); people interned later are never reviewers */
  private readonly reviewerOfPerson: Int32Array;
  private readonly reviewerPerson: Int32Array;
  private readonly suspectSlots: number[] = [];
  private members: Int32Array = EMPTY;
  /** per subject area, the slots of the current track's members who have it */
  private areaSlots = new Map<number, number[]>();

  constructor(
    problem: AssignmentProblem,
    private readonly o: {
      perPaper: number;
      K: number | undefined;
      weights: AffinityWeights;
      bidValue: Float64Array;
    },
    private readonly data: {
      remaining: Int32Array;
      bids: PairsByPaper;
      declined: PairsByPaper;
      reviewerAreas: number[][];
      paperAreas: number[][];
      detector: ConflictDetector;
      kernel: BuildKernel;
    },
  ) {
    this.papers = problem.papers;
    this.reviewers = problem.reviewers;
    const P = this.papers.length;
    const R = this.reviewers.length;
    this.target = new Int32Array(P);
    this.need = new Int32Array(P);
    this.eligible = new Int32Array(P);
    this.existing = new Array(P);
    this.conflictsOf = new Array(P);
    this.doneStart = new Int32Array(P);
    this.doneCount = new Int32Array(P);
    const arcCap = o.K !== undefined ? Math.max(1024, P * Math.min(o.K, R)) : 1 << 16;
    this.arcReviewer = new Int32Array(arcCap);
    this.arcCost = new Int32Array(arcCap);
    this.bidPart = new Float64Array(arcCap);
    this.subjectPart = new Float64Array(arcCap);
    this.textPart = new Float64Array(arcCap);
    this.arcBid = new Int8Array(arcCap);
    this.slotOf = new Int32Array(R).fill(-1);
    const { detector } = data;
    this.reviewerPerson = Int32Array.from(this.reviewers, (r) => detector.person(r.id));
    this.reviewerOfPerson = new Int32Array(detector.size()).fill(-1);
    this.reviewerPerson.forEach((person, r) => (this.reviewerOfPerson[person] = r));
  }

  enterTrack(track: Track): void {
    const { members } = track;
    const { kernel, remaining, reviewerAreas } = this.data;
    this.members = members;
    kernel.setTrack(track.index);
    this.areaSlots = new Map();
    for (let s = 0; s < members.length; s++) {
      const r = members[s];
      this.slotOf[r] = s;
      kernel.room[s] = remaining[r];
      for (const a of reviewerAreas[r]) {
        let list = this.areaSlots.get(a);
        if (!list) this.areaSlots.set(a, (list = []));
        list.push(s);
      }
    }
  }

  leaveTrack(): void {
    for (let s = 0; s < this.members.length; s++) this.slotOf[this.members[s]] = -1;
  }

  /** The mark of a person's slot, when the person is a reviewer of the current track. */
  private markPerson(person: number, value: number): void {
    const r = person < this.reviewerOfPerson.length ? this.reviewerOfPerson[person] : -1;
    const s = r >= 0 ? this.slotOf[r] : -1;
    if (s >= 0) this.data.kernel.mark[s] = value;
  }

  private markReviewers(p: number, screen: PaperScreen, existingIds: AssignmentId[], value: number): void {
    const { declined, detector, kernel } = this.data;
    // suspects 2 (checked below), then author, existing reviewer or declined 1
    for (const person of screen.suspects) this.markPerson(person, value === 0 ? 0 : 2);
    for (let i = declined.start[p]; i < declined.start[p + 1]; i++) {
      const s = this.slotOf[declined.reviewer[i]];
      if (s >= 0) kernel.mark[s] = value;
    }
    for (const id of existingIds) this.markPerson(detector.person(id), value);
    for (const a of screen.authors) this.markPerson(a, value);
  }

  /** The subject part (primary area over the others) and the bids of paper p, by slot; or their reset. */
  private markAffinity(p: number, set: boolean): void {
    const { bids, paperAreas, kernel } = this.data;
    const { subject, bidRank } = kernel;
    const areas = paperAreas[p];
    const { primarySubject, secondarySubject } = this.o.weights;
    // the primary area (first) wins over the others: set last
    for (let a = areas.length - 1; a >= 0; a--) {
      const slots = this.areaSlots.get(areas[a]);
      if (!slots) continue;
      const value = !set ? 0 : a === 0 ? primarySubject : secondarySubject;
      for (let i = 0; i < slots.length; i++) subject[slots[i]] = value;
    }
    for (let i = bids.start[p]; i < bids.start[p + 1]; i++) {
      const s = this.slotOf[bids.reviewer[i]];
      if (s < 0) continue;
      if (!set) bidRank[s] = -1;
      else if (bids.value[i] > bidRank[s]) bidRank[s] = bids.value[i];
    }
  }

  visit(p: number): void {
    const { detector, kernel } = this.data;
    const { mark } = kernel;
    const members = this.members;
    const m = members.length;
    const paper = this.papers[p];
    const paperConflicts: PairConflict[] = [];
    this.conflictsOf[p] = paperConflicts;
    const existingIds = paper.reviewerIds?.length
      ? [...new Map(paper.reviewerIds.map((id) => [idKey(id), id])).values()]
      : [];
    this.existing[p] = existingIds;
    kernel.score(p, m);
    const screen = detector.paperScreen(paper);
    this.markAffinity(p, true);
    this.markReviewers(p, screen, existingIds, 1);
    // the suspects still marked 2 are checked, in slot order (conflicts are listed in member order): a
    // conflict marks the slot 1, else it is cleared
    const suspectSlots = this.suspectSlots;
    suspectSlots.length = 0;
    for (const person of screen.suspects) {
      const r = person < this.reviewerOfPerson.length ? this.reviewerOfPerson[person] : -1;
      const s = r >= 0 ? this.slotOf[r] : -1;
      if (s >= 0 && mark[s] === 2) suspectSlots.push(s);
    }
    sortSmall(suspectSlots);
    for (const s of suspectSlots) {
      const r = members[s];
      const person = this.reviewerPerson[r];
      if (!detector.conflicts(screen, person)) {
        mark[s] = 0;
        continue;
      }
      mark[s] = 1;
      paperConflicts.push({
        paperId: paper.id,
        reviewerId: this.reviewers[r].id,
        evidence: detector.evidenceFor(screen, person),
      });
    }
    const n = kernel.collect(m);
    const { perPaper, K } = this.o;
    this.eligible[p] = n;
    const target = Math.max(existingIds.length, Math.min(perPaper, existingIds.length + n));
    this.target[p] = target;
    this.need[p] = target - existingIds.length;
    const keep = K !== undefined && n > K ? Math.max(K, this.need[p]) : n;
    // the `keep` cheapest arcs, ties to the earlier reviewer (members are in input order)
    const kept = keep < n ? kernel.cut(n, keep) : n;
    this.emit(p, kept);
    this.markAffinity(p, false);
    this.markReviewers(p, screen, existingIds, 0);
  }

  /** Paper p's kept candidates as arcs. */
  private emit(p: number, kept: number): void {
    const { scores, bidRank, subject, candSlot, candCost } = this.data.kernel;
    const { bidValue } = this.o;
    const textWeight = this.o.weights.text;
    if (this.arcCount + kept > this.arcReviewer.length) this.grow(this.arcCount + kept);
    this.doneStart[p] = this.arcCount;
    this.doneCount[p] = kept;
    let at = this.arcCount;
    for (let i = 0; i < kept; i++, at++) {
      const s = candSlot[i];
      const rank = bidRank[s];
      this.arcReviewer[at] = this.members[s];
      this.arcCost[at] = candCost[i];
      this.bidPart[at] = rank >= 0 ? bidValue[rank] : 0;
      this.subjectPart[at] = subject[s];
      this.textPart[at] = textWeight * scores[s];
      this.arcBid[at] = rank;
    }
    this.arcCount = at;
  }

  private grow(min: number): void {
    let size = this.arcReviewer.length;
    while (size < min) size *= 2;
    const more = <A extends Int8Array | Int32Array | Float64Array>(a: A, b: A) => {
      b.set(a);
      return b;
    };
    this.arcReviewer = more(this.arcReviewer, new Int32Array(size));
    this.arcCost = more(this.arcCost, new Int32Array(size));
    this.bidPart = more(this.bidPart, new Float64Array(size));
    this.subjectPart = more(this.subjectPart, new Float64Array(size));
    this.textPart = more(this.textPart, new Float64Array(size));
    this.arcBid = more(this.arcBid, new Int8Array(size));
  }
}

/** Ascending, in place (insertion sort: a paper's few suspects, no comparator call nor copy). */
function sortSmall(a: number[]): void {
  for (let i = 1; i < a.length; i++) {
    const x = a[i];
    let j = i - 1;
    while (j >= 0 && a[j] > x) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = x;
  }
}

const EMPTY = new Int32Array(0);

function abort(): never {
  throw new AssignmentCancelledError();
}
