/**
 * The network build (model.ts: typed arrays, term ids, inverted index, quickselect for the K cut) gives
 * exactly the network of a straightforward reference: the former build, kept here verbatim except that it
 * scores each pair by a plain cosine of the former Map-based TF-IDF vectors and cuts by sorting.
 */
import { ConflictDetector } from './conflicts.js';
import { kthSmallest } from './build-kernel.js';
import { buildModel, type BuiltModel } from './model.js';
import { cosine, tfidfVectors, tokenize, type SparseVector } from './text.js';
import {
  DEFAULT_AFFINITY_WEIGHTS,
  type AssignmentId,
  type AssignmentOptions,
  type AssignmentProblem,
  type BidKind,
  type PairConflict,
} from './types.js';
import { seededRandom } from '../testing/seeded-random.js';

const idKey = (id: AssignmentId): string => `${typeof id}:${id}`;
const BID_KINDS: BidKind[] = ['willing', 'eager', 'notWilling', 'conflict'];

const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have having ' +
    'he her here hers him his how i if in into is it its itself just me more most my no nor not of off on once ' +
    'only or other our ours out over own same she should so some such than that the their theirs them then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom ' +
    'why will with would you your yours via using use used based new paper propose proposed approach show results ' +
    'study present presents method methods et al'
  ).split(' '),
);

function stem(token: string): string {
  if (token.length <= 3) return token;
  if (token.endsWith('ies') && token.length > 4) return token.slice(0, -3) + 'y';
  if (token.endsWith('sses')) return token.slice(0, -2);
  if (token.endsWith('s') && !token.endsWith('ss') && !token.endsWith('us') && !token.endsWith('is'))
    token = token.slice(0, -1);
  if (token.endsWith('ing') && token.length > 5) return token.slice(0, -3);
  if (token.endsWith('ed') && token.length > 4) return token.slice(0, -2);
  return token;
}

function referenceTokenize(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const out: string[] = [];
  for (const raw of plain.split(/[^a-z0-9]+/)) {
    if (raw.length < 2 || STOPWORDS.has(raw) || /^\d+$/.test(raw)) continue;
    out.push(stem(raw));
  }
  return out;
}

function referenceTfidf(docs: string[][]): SparseVector[] {
  const vocab = new Map<string, number>();
  const df: number[] = [];
  const counts: Map<number, number>[] = [];
  for (const tokens of docs) {
    const c = new Map<number, number>();
    for (const t of tokens) {
      let id = vocab.get(t);
      if (id === undefined) {
        id = vocab.size;
        vocab.set(t, id);
        df.push(0);
      }
      c.set(id, (c.get(id) ?? 0) + 1);
    }
    for (const id of c.keys()) df[id]++;
    counts.push(c);
  }
  const n = docs.length;
  return counts.map((c) => {
    const ids = [...c.keys()].sort((a, b) => a - b);
    const terms = Int32Array.from(ids);
    const weights = new Float64Array(ids.length);
    let norm = 0;
    ids.forEach((id, i) => {
      const w = (1 + Math.log(c.get(id)!)) * Math.log(1 + n / df[id]);
      weights[i] = w;
      norm += w * w;
    });
    norm = Math.sqrt(norm);
    if (norm > 0) for (let i = 0; i < weights.length; i++) weights[i] /= norm;
    return { terms, weights };
  });
}

type ReferenceModel = Omit<BuiltModel, 'network' | 'arcBid'> & {
  network: BuiltModel['network'];
  arcBid: (BidKind | undefined)[];
};

function referenceBuildModel(problem: AssignmentProblem, options: AssignmentOptions = {}): ReferenceModel {
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
  const docs: string[][] = papers.map((p) => referenceTokenize(p.text ?? ''));
  for (const r of reviewers) {
    const kw = referenceTokenize((r.keywords ?? []).join(' '));
    docs.push([...referenceTokenize(r.text ?? ''), ...kw, ...kw]);
  }
  const vectors = referenceTfidf(docs);

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
      if (options.signal?.aborted) throw new Error('cancelled');
      options.onProgress?.({ phase: 'prepare', done: p, total: P });
    }
    const paper = papers[p];
    const trackKey = idKey(paper.track);
    const members = byTrack.get(trackKey) ?? [];
    const existingIds = [...new Map((paper.reviewerIds ?? []).map((id) => [idKey(id), id])).values()];
    existing.push(existingIds);
    const existingPeople = existingIds.map((id) => detector.person(id));
    if (scores.length < members.length) scores = new Float64Array(members.length * 2);
    members.forEach((r, slot) => (scores[slot] = cosine(vectors[p], vectors[P + r])));
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

const rng = seededRandom;

const WORDS = (
  'graph graphs network networks networking learning learned neural réseau réseaux query queries ' +
  'database databases the of and in for with optimization optimizing compiler compilers loop loops ' +
  'vision image images segmentation protein proteins 2024 x7 a analysis analyses studies study Über ' +
  'ﬁnite ﬁeld fields sensor sensors privacy private cryptography cryptographic lattice lattices'
).split(' ');

/** A small random instance with every ingredient: bids of each kind, conflicts, overrides, declines… */
function randomProblem(seed: number): AssignmentProblem {
  const r = rng(seed);
  const text = (n: number) =>
    Array.from({ length: n }, () => r.pick(WORDS)).join(r.next() < 0.5 ? ' ' : ', ');
  const areas = ['AI', 'Databases', 'Systems', 'Theory', 'Vision', ' ai '];
  const orgs = ['Univ. of Porto', 'University of Porto', 'ETH', 'MIT', 'Inria', ''];
  const hosts = ['up.pt', 'cs.up.pt', 'gmail.com', 'eth.ch', 'mit.edu', 'inria.fr'];
  const tracks = [1, 2, 3];
  const R = 20 + r.int(40);
  const P = 10 + r.int(40);
  const reviewerId = (i: number): AssignmentId => (i % 7 === 3 ? `u${i}` : 100 + i);
  const reviewers = Array.from({ length: R }, (_, i) => ({
    id: reviewerId(i),
    tracks: r.next() < 0.3 ? [r.pick(tracks), r.pick(tracks)] : [r.pick(tracks)],
    cap: r.next() < 0.2 ? r.int(4) : undefined,
    load: r.next() < 0.3 ? r.int(3) : undefined,
    subjectAreas: Array.from({ length: r.int(3) }, () => r.pick(areas)),
    keywords: Array.from({ length: r.int(4) }, () => r.pick(WORDS)),
    text: r.next() < 0.1 ? undefined : text(5 + r.int(30)),
  }));
  const authorPool = Array.from({ length: 30 }, (_, i) => 1000 + i);
  const papers = Array.from({ length: P }, (_, i) => {
    const authorIds = Array.from({ length: 1 + r.int(3) }, () =>
      r.next() < 0.15 ? reviewerId(r.int(R)) : r.pick(authorPool),
    );
    return {
      id: i % 5 === 2 ? `p${i}` : i + 1,
      track: r.pick(tracks),
      subjectAreas: Array.from({ length: r.int(3) }, () => r.pick(areas)),
      text: text(3 + r.int(25)),
      authorIds: [...new Set(authorIds)],
      reviewerIds: r.next() < 0.3 ? [reviewerId(r.int(R)), reviewerId(r.int(R))] : undefined,
    };
  });
  const people = [...reviewers.map((x) => x.id), ...authorPool].map((id) => ({
    id,
    organization: r.pick(orgs),
    emails: r.next() < 0.8 ? [`x${id}@${r.pick(hosts)}`] : [],
  }));
  const kinds: BidKind[] = ['willing', 'eager', 'notWilling', 'conflict'];
  const pair = () => ({ reviewerId: reviewerId(r.int(R)), paperId: r.pick(papers).id });
  return {
    papers,
    reviewers,
    people,
    authorships: [{ paperId: 99999, authorIds: [reviewerId(0), authorPool[0]] }],
    bids: Array.from({ length: R * 3 }, () => ({ ...pair(), bid: r.pick(kinds) })),
    declaredConflicts: [
      { reviewerId: reviewerId(1), userId: authorPool[1], reason: 'friend' },
      { ...pair(), reason: undefined },
    ],
    declined: Array.from({ length: 5 }, pair),
    conflictOverrides: Array.from({ length: 5 }, pair),
  };
}

const plain = (m: BuiltModel | ReferenceModel) => ({
  need: Array.from(m.network.need),
  capacity: Array.from(m.network.capacity),
  arcStart: Array.from(m.network.arcStart),
  arcReviewer: Array.from(m.network.arcReviewer),
  arcCost: Array.from(m.network.arcCost),
  target: Array.from(m.target),
  existing: m.existing,
  eligible: Array.from(m.eligible),
  cap: Array.from(m.cap),
  load: Array.from(m.load),
  bidPart: Array.from(m.bidPart),
  subjectPart: Array.from(m.subjectPart),
  textPart: Array.from(m.textPart),
  arcBid:
    m.arcBid instanceof Int8Array
      ? Array.from(m.arcBid, (r) => (r >= 0 ? BID_KINDS[r] : undefined))
      : m.arcBid,
  conflicts: m.conflicts,
});

describe('network build', () => {
  it('gives exactly the reference network (arcs, costs, parts, conflicts) on 30 random instances', () => {
    let arcs = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const problem = randomProblem(seed);
      for (const options of [
        {},
        { candidatesPerPaper: 3 },
        { candidatesPerPaper: 7, reviewsPerPaper: 4 },
      ] as AssignmentOptions[]) {
        const built = plain(buildModel(problem, options));
        expect(built).toEqual(plain(referenceBuildModel(problem, options)));
        arcs += built.arcReviewer.length;
      }
    }
    expect(arcs).toBeGreaterThan(1000);
  });

  it('tokenizes and weighs texts exactly as the reference', () => {
    const r = rng(7);
    const docs = Array.from({ length: 50 }, () =>
      Array.from({ length: 1 + r.int(40) }, () => r.pick(WORDS)).join(' '),
    );
    for (const d of docs) expect(tokenize(d)).toEqual(referenceTokenize(d));
    const ours: SparseVector[] = tfidfVectors(docs.map(tokenize));
    const ref: SparseVector[] = referenceTfidf(docs.map(referenceTokenize));
    expect(ours.map((v) => [Array.from(v.terms), Array.from(v.weights)])).toEqual(
      ref.map((v) => [Array.from(v.terms), Array.from(v.weights)]),
    );
  });

  it('selects the k-th smallest like a sort', () => {
    const r = rng(11);
    for (let round = 0; round < 300; round++) {
      const n = 1 + r.int(60);
      const values = Int32Array.from({ length: n }, () => r.int(round % 3 === 0 ? 4 : 1000) - 10);
      const sorted = Int32Array.from(values).sort();
      const k = r.int(n);
      expect(kthSmallest(Int32Array.from(values), n, k)).toBe(sorted[k]);
    }
  });
});
