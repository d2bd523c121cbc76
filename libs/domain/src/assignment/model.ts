/**
 * From the problem (papers, reviewers, bids, conflicts…) to the sparse flow network: hard constraints
 * filter the pairs, affinity = bid + subject-area match + text similarity, optionally the K best
 * candidates per paper are kept.
 */
import { ConflictDetector } from './conflicts.js';
import { AssignmentCancelledError, type AssignmentNetwork } from './flow.js';
import { InvertedIndex, tfidfVectors, tokenize } from './text.js';
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

  const reviewerIndex = new Map<string, number>();
  reviewers.forEach((r, i) => {
    const k = idKey(r.id);
    if (reviewerIndex.has(k)) throw new Error(`Reviewer ${r.id} is listed twice`);
    reviewerIndex.set(k, i);
  });
  const paperIndex = new Map<string, number>();
  papers.forEach((p, i) => {
    const k = idKey(p.id);
    if (paperIndex.has(k)) throw new Error(`Paper ${p.id} is listed twice`);
    paperIndex.set(k, i);
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
    const r = reviewerIndex.get(idKey(b.reviewerId));
    const p = paperIndex.get(idKey(b.paperId));
    if (r !== undefined && p !== undefined) bidsOf[p].push({ r, kind: b.bid });
  }
  const declinedOf: number[][] = Array.from({ length: P }, () => []);
  for (const d of problem.declined ?? []) {
    const r = reviewerIndex.get(idKey(d.reviewerId));
    const p = paperIndex.get(idKey(d.paperId));
    if (r !== undefined && p !== undefined) declinedOf[p].push(r);
  }
  const bidScratch = new Int8Array(R).fill(-1); // index into BID_KINDS, -1 = no bid
  const declinedScratch = new Uint8Array(R);

  // text similarity: TF-IDF over papers and reviewer profiles (their papers + keywords, keywords twice)
  const docs: string[][] = papers.map((p) => tokenize(p.text ?? ''));
  for (const r of reviewers) {
    const kw = tokenize((r.keywords ?? []).join(' '));
    docs.push([...tokenize(r.text ?? ''), ...kw, ...kw]);
  }
  const vectors = tfidfVectors(docs);
  const reviewerDoc = (i: number) => P + i;
  const indexes = new Map<string, InvertedIndex>();
  for (const [t, members] of byTrack) indexes.set(t, new InvertedIndex(vectors, members.map(reviewerDoc)));

  // subject areas: per area, which reviewers have it
  const areaIds = new Map<string, number>();
  const areaHolders: Uint8Array[] = [];
  const areaId = (name: string) => {
    const k = name.trim().toLowerCase();
    let id = areaIds.get(k);
    if (id === undefined) {
      areaIds.set(k, (id = areaHolders.length));
      areaHolders.push(new Uint8Array(R));
    }
    return id;
  };
  reviewers.forEach((r, i) => {
    for (const a of r.subjectAreas ?? []) areaHolders[areaId(a)][i] = 1;
  });
  const detector = new ConflictDetector(problem);
  const reviewerPerson = reviewers.map((r) => detector.person(r.id));
  const suspectScratch = new Uint8Array(detector.size());

  const target = new Int32Array(P);
  const need = new Int32Array(P);
  const eligibleCount = new Int32Array(P);
  const existing: AssignmentId[][] = [];
  const conflicts: PairConflict[] = [];
  const arcStart = new Int32Array(P + 1);
  let arcReviewer: number[] = [];
  let arcCost: number[] = [];
  let bidPart: number[] = [];
  let subjectPart: number[] = [];
  let textPart: number[] = [];
  let arcBid: (BidKind | undefined)[] = [];
  const chunks: {
    rev: Int32Array;
    cost: Int32Array;
    bid: Float64Array;
    subj: Float64Array;
    text: Float64Array;
    kinds: (BidKind | undefined)[];
  }[] = [];
  const flushChunk = () => {
    chunks.push({
      rev: Int32Array.from(arcReviewer),
      cost: Int32Array.from(arcCost),
      bid: Float64Array.from(bidPart),
      subj: Float64Array.from(subjectPart),
      text: Float64Array.from(textPart),
      kinds: arcBid,
    });
    arcReviewer = [];
    arcCost = [];
    bidPart = [];
    subjectPart = [];
    textPart = [];
    arcBid = [];
  };
  let arcCount = 0;
  let scores = new Float64Array(0);
  const candRev: number[] = [];
  const candCost: number[] = [];
  const candBid: number[] = [];
  const candSubj: number[] = [];
  const candText: number[] = [];
  const candKind: (BidKind | undefined)[] = [];

  for (let p = 0; p < P; p++) {
    if ((p & 127) === 0) {
      if (options.signal?.aborted) return abort();
      options.onProgress?.({ phase: 'prepare', done: p, total: P });
    }
    const paper = papers[p];
    const trackKey = idKey(paper.track);
    const members = byTrack.get(trackKey) ?? [];
    const existingIds = [...new Map((paper.reviewerIds ?? []).map((id) => [idKey(id), id])).values()];
    existing.push(existingIds);
    const existingPeople = existingIds.map((id) => detector.person(id));
    const index = indexes.get(trackKey);
    if (index && scores.length < members.length) scores = new Float64Array(members.length * 2);
    if (index) index.score(vectors[p], scores);
    const screen = detector.paperScreen(paper);
    const areas = (paper.subjectAreas ?? []).map(areaId);
    const primary = areas.length > 0 ? areaHolders[areas[0]] : undefined;
    const secondary = areas.slice(1).map((a) => areaHolders[a]);
    for (const b of bidsOf[p]) {
      const rank = BID_KINDS.indexOf(b.kind);
      if (rank > bidScratch[b.r]) bidScratch[b.r] = rank;
    }
    for (const r of declinedOf[p]) declinedScratch[r] = 1;
    for (const s of screen.suspects) suspectScratch[s] = 1;
    candRev.length =
      candCost.length =
      candBid.length =
      candSubj.length =
      candText.length =
      candKind.length =
        0;
    const authors = screen.authors;
    for (let slot = 0; slot < members.length; slot++) {
      const r = members[slot];
      const person = reviewerPerson[r];
      if (authors.includes(person) || existingPeople.includes(person)) continue;
      if (declinedScratch[r]) continue;
      if (suspectScratch[person] && detector.conflicts(screen, person)) {
        conflicts.push({
          paperId: paper.id,
          reviewerId: reviewers[r].id,
          evidence: detector.evidenceFor(screen, person),
        });
        continue;
      }
      if (remaining[r] <= 0) continue;
      const kind = bidScratch[r] >= 0 ? BID_KINDS[bidScratch[r]] : undefined;
      const bid =
        kind === 'eager'
          ? weights.eager
          : kind === 'willing'
            ? weights.willing
            : kind === 'notWilling'
              ? weights.notWilling
              : 0;
      let subject = 0;
      if (primary && primary[r]) subject = weights.primarySubject;
      else for (const holders of secondary) if (holders[r]) subject = weights.secondarySubject;
      const text = weights.text * scores[slot];
      candRev.push(r);
      candCost.push(-Math.round((bid + subject + text) * scale));
      candBid.push(bid);
      candSubj.push(subject);
      candText.push(text);
      candKind.push(kind);
    }
    for (const b of bidsOf[p]) bidScratch[b.r] = -1;
    for (const r of declinedOf[p]) declinedScratch[r] = 0;
    for (const s of screen.suspects) suspectScratch[s] = 0;
    const n = candRev.length;
    eligibleCount[p] = n;
    target[p] = Math.max(existingIds.length, Math.min(perPaper, existingIds.length + n));
    need[p] = target[p] - existingIds.length;
    const keep = K !== undefined && n > K ? Math.max(K, need[p]) : n;
    // the `keep` cheapest arcs, ties to the earlier reviewer (members are in input order)
    const threshold = keep < n ? Int32Array.from(candCost).sort()[keep - 1] : Infinity;
    let below = 0;
    if (keep < n) for (let i = 0; i < n; i++) if (candCost[i] < threshold) below++;
    let ties = keep - below;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      if (keep < n) {
        if (candCost[i] > threshold) continue;
        if (candCost[i] === threshold) {
          if (ties === 0) continue;
          ties--;
        }
      }
      arcReviewer.push(candRev[i]);
      arcCost.push(candCost[i]);
      bidPart.push(candBid[i]);
      subjectPart.push(candSubj[i]);
      textPart.push(candText[i]);
      arcBid.push(candKind[i]);
      kept++;
    }
    arcCount += kept;
    arcStart[p + 1] = arcCount;
    if (arcReviewer.length > 1 << 16) flushChunk();
  }
  flushChunk();
  options.onProgress?.({ phase: 'prepare', done: P, total: P });

  const concat = <A extends Int32Array | Float64Array>(
    make: (n: number) => A,
    pick: (c: (typeof chunks)[0]) => A,
  ) => {
    const out = make(arcCount);
    let at = 0;
    for (const c of chunks) {
      out.set(pick(c), at);
      at += pick(c).length;
    }
    return out;
  };
  return {
    network: {
      papers: P,
      reviewers: R,
      need,
      capacity: remaining,
      arcStart,
      arcReviewer: concat(
        (n) => new Int32Array(n),
        (c) => c.rev,
      ),
      arcCost: concat(
        (n) => new Int32Array(n),
        (c) => c.cost,
      ),
    },
    scale,
    weights,
    perPaper,
    target,
    existing,
    eligible: eligibleCount,
    cap,
    load,
    bidPart: concat(
      (n) => new Float64Array(n),
      (c) => c.bid,
    ),
    subjectPart: concat(
      (n) => new Float64Array(n),
      (c) => c.subj,
    ),
    textPart: concat(
      (n) => new Float64Array(n),
      (c) => c.text,
    ),
    arcBid: chunks.flatMap((c) => c.kinds),
    conflicts,
  };
}

function abort(): never {
  throw new AssignmentCancelledError();
}
