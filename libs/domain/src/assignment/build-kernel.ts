/**
 * The network build's two inner loops, over one track's members for one paper at a time: the text scores
 * (about 110 M multiply-adds on 10,000 papers × 6,000 reviewers) and the candidates' costs (7 M pairs). In
 * WebAssembly where the platform has it, else in JavaScript; both do the same floating-point operations in
 * the same order, so the results are the same to the last bit (build-kernel.spec.ts). The WebAssembly loops
 * have no bounds checks and run several times faster.
 *
 * The kernel owns the per-slot arrays of the build (text scores, marks, room, bids, subject parts, the
 * candidates): in the WebAssembly kernel they are views on its memory, so nothing is copied per paper.
 */
import { compiledOnce, wasmApi, WASM_PAGE } from './wasm.js';
import type { FlatVectors, InvertedIndex } from './text.js';

/** `wat2wasm build-kernel.wat` (the source beside this file). */
const WASM = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 36, 3, 96, 8, 127, 127, 127, 127, 127, 127, 127, 127, 0, 96, 11, 127, 127,
  127, 127, 127, 127, 127, 124, 124, 127, 127, 1, 127, 96, 5, 127, 127, 127, 127, 127, 1, 127, 2, 15, 1, 3,
  101, 110, 118, 6, 109, 101, 109, 111, 114, 121, 2, 0, 1, 3, 5, 4, 0, 1, 2, 2, 7, 48, 4, 10, 97, 99, 99, 117,
  109, 117, 108, 97, 116, 101, 0, 0, 7, 99, 111, 108, 108, 101, 99, 116, 0, 1, 10, 99, 117, 116, 80, 114, 101,
  112, 97, 114, 101, 0, 2, 8, 99, 117, 116, 65, 112, 112, 108, 121, 0, 3, 10, 232, 6, 4, 156, 1, 3, 2, 127, 1,
  124, 3, 127, 2, 64, 3, 64, 32, 8, 32, 2, 79, 13, 1, 32, 0, 32, 8, 65, 2, 116, 106, 40, 2, 0, 33, 9, 32, 9,
  32, 4, 73, 4, 64, 32, 1, 32, 8, 65, 3, 116, 106, 43, 3, 0, 33, 10, 32, 3, 32, 9, 65, 2, 116, 106, 40, 2, 0,
  33, 11, 32, 3, 32, 9, 65, 2, 116, 106, 40, 2, 4, 33, 12, 2, 64, 3, 64, 32, 11, 32, 12, 78, 13, 1, 32, 7, 32,
  5, 32, 11, 65, 2, 116, 106, 40, 2, 0, 65, 3, 116, 106, 33, 13, 32, 13, 32, 13, 43, 3, 0, 32, 10, 32, 6, 32,
  11, 65, 3, 116, 106, 43, 3, 0, 162, 160, 57, 3, 0, 32, 11, 65, 1, 106, 33, 11, 12, 0, 11, 11, 11, 32, 8, 65,
  1, 106, 33, 8, 12, 0, 11, 11, 11, 212, 1, 2, 3, 127, 3, 124, 2, 64, 3, 64, 32, 11, 32, 0, 78, 13, 1, 32, 1,
  32, 11, 106, 45, 0, 0, 69, 32, 2, 32, 11, 65, 2, 116, 106, 40, 2, 0, 65, 0, 74, 113, 4, 64, 32, 4, 32, 11,
  106, 44, 0, 0, 33, 13, 32, 13, 65, 0, 78, 4, 124, 32, 5, 32, 13, 65, 3, 116, 106, 43, 3, 0, 5, 68, 0, 0, 0,
  0, 0, 0, 0, 0, 11, 33, 14, 32, 14, 32, 6, 32, 11, 65, 3, 116, 106, 43, 3, 0, 160, 32, 7, 32, 3, 32, 11, 65,
  3, 116, 106, 43, 3, 0, 162, 160, 32, 8, 162, 33, 15, 32, 15, 155, 33, 16, 32, 16, 68, 0, 0, 0, 0, 0, 0, 240,
  63, 68, 0, 0, 0, 0, 0, 0, 0, 0, 32, 16, 68, 0, 0, 0, 0, 0, 0, 224, 63, 161, 32, 15, 100, 27, 161, 33, 16,
  32, 9, 32, 12, 65, 2, 116, 106, 32, 11, 54, 2, 0, 32, 10, 32, 12, 65, 2, 116, 106, 32, 16, 154, 252, 2, 54,
  2, 0, 32, 12, 65, 1, 106, 33, 12, 11, 32, 11, 65, 1, 106, 33, 11, 12, 0, 11, 11, 32, 12, 11, 206, 2, 1, 9,
  127, 32, 2, 40, 2, 0, 33, 7, 32, 7, 33, 8, 65, 1, 33, 5, 2, 64, 3, 64, 32, 5, 32, 0, 78, 13, 1, 32, 2, 32,
  5, 65, 2, 116, 106, 40, 2, 0, 33, 6, 32, 6, 32, 7, 32, 6, 32, 7, 72, 27, 33, 7, 32, 6, 32, 8, 32, 6, 32, 8,
  74, 27, 33, 8, 32, 5, 65, 1, 106, 33, 5, 12, 0, 11, 11, 2, 64, 3, 64, 32, 8, 32, 7, 107, 32, 9, 117, 65,
  128, 2, 72, 13, 1, 32, 9, 65, 1, 106, 33, 9, 12, 0, 11, 11, 65, 0, 33, 5, 2, 64, 3, 64, 32, 5, 65, 128, 2,
  78, 13, 1, 32, 3, 32, 5, 65, 2, 116, 106, 65, 0, 54, 2, 0, 32, 5, 65, 1, 106, 33, 5, 12, 0, 11, 11, 65, 0,
  33, 5, 2, 64, 3, 64, 32, 5, 32, 0, 78, 13, 1, 32, 3, 32, 2, 32, 5, 65, 2, 116, 106, 40, 2, 0, 32, 7, 107,
  32, 9, 117, 65, 2, 116, 106, 33, 13, 32, 13, 32, 13, 40, 2, 0, 65, 1, 106, 54, 2, 0, 32, 5, 65, 1, 106, 33,
  5, 12, 0, 11, 11, 2, 64, 3, 64, 32, 3, 32, 10, 65, 2, 116, 106, 40, 2, 0, 33, 6, 32, 11, 32, 6, 106, 32, 1,
  78, 13, 1, 32, 11, 32, 6, 106, 33, 11, 32, 10, 65, 1, 106, 33, 10, 12, 0, 11, 11, 65, 0, 33, 5, 2, 64, 3,
  64, 32, 5, 32, 0, 78, 13, 1, 32, 2, 32, 5, 65, 2, 116, 106, 40, 2, 0, 33, 6, 32, 4, 32, 12, 65, 2, 116, 106,
  32, 6, 54, 2, 0, 32, 12, 32, 6, 32, 7, 107, 32, 9, 117, 32, 10, 70, 106, 33, 12, 32, 5, 65, 1, 106, 33, 5,
  12, 0, 11, 11, 32, 3, 32, 11, 54, 2, 128, 8, 32, 12, 11, 161, 1, 1, 6, 127, 2, 64, 3, 64, 32, 5, 32, 0, 78,
  13, 1, 32, 7, 32, 4, 32, 5, 65, 2, 116, 106, 40, 2, 0, 32, 2, 72, 106, 33, 7, 32, 5, 65, 1, 106, 33, 5, 12,
  0, 11, 11, 32, 1, 32, 7, 107, 33, 8, 65, 0, 33, 5, 2, 64, 3, 64, 32, 5, 32, 0, 78, 13, 1, 32, 4, 32, 5, 65,
  2, 116, 106, 40, 2, 0, 33, 6, 32, 3, 32, 9, 65, 2, 116, 106, 32, 3, 32, 5, 65, 2, 116, 106, 40, 2, 0, 54, 2,
  0, 32, 4, 32, 9, 65, 2, 116, 106, 32, 6, 54, 2, 0, 32, 6, 32, 2, 70, 32, 8, 65, 0, 74, 113, 33, 10, 32, 8,
  32, 10, 107, 33, 8, 32, 9, 32, 6, 32, 2, 72, 32, 10, 114, 106, 33, 9, 32, 5, 65, 1, 106, 33, 5, 12, 0, 11,
  11, 32, 9, 11,
]);

type Accumulate = (
  queryTerms: number,
  queryWeights: number,
  count: number,
  start: number,
  last: number,
  ids: number,
  weights: number,
  out: number,
) => void;
type CutPrepare = (n: number, keep: number, cost: number, counts: number, select: number) => number;
type CutApply = (n: number, keep: number, threshold: number, slot: number, cost: number) => number;
type Collect = (
  m: number,
  mark: number,
  room: number,
  scores: number,
  bidRank: number,
  bidValue: number,
  subject: number,
  textWeight: number,
  scale: number,
  candSlot: number,
  candCost: number,
) => number;

const wasmModule = compiledOnce(WASM);

/** The largest track: members, postings, and length of its index's `start` array. */
export interface KernelLimits {
  maxMembers: number;
  maxPostings: number;
  maxStart: number;
}

/** How a candidate's cost is made: -round((bidValue[rank] + subject + textWeight × score) × scale). */
export interface CostWeights {
  bidValue: Float64Array;
  textWeight: number;
  scale: number;
  /** the largest subject part (in magnitude) */
  subjectMax: number;
}

/**
 * For papers 0 .. papers - 1 of `vectors` against one track at a time: `setTrack(index)`, then per paper
 * `score(p, m)` (text scores in `scores[0 .. m)`), the caller fills mark/room/bidRank/subject by slot,
 * and `collect(m)` writes the eligible candidates (slot order) into candSlot/candCost and returns how many.
 */
export interface BuildKernel {
  readonly kind: 'wasm' | 'js';
  readonly scores: Float64Array;
  /** 0: candidate; anything else: left out (author, existing reviewer, declined, conflict…) */
  readonly mark: Uint8Array;
  readonly room: Int32Array;
  /** index into bidValue, -1: no bid */
  readonly bidRank: Int8Array;
  readonly subject: Float64Array;
  readonly candSlot: Int32Array;
  readonly candCost: Int32Array;
  setTrack(index: InvertedIndex | undefined): void;
  score(paper: number, members: number): void;
  collect(members: number): number;
  /**
   * Keeps the \`keep\` cheapest of the n candidates, ties to the earlier one (candidates are in slot order),
   * compacting candSlot/candCost in place (order kept); returns how many are kept.
   */
  cut(n: number, keep: number): number;
}

/** A kernel for these papers, tracks within the limits and these cost weights; `kind` forces one (tests). */
export function buildKernel(
  vectors: FlatVectors,
  papers: number,
  limits: KernelLimits,
  costs: CostWeights,
  kind: 'wasm' | 'js' = 'wasm',
): BuildKernel {
  // costs past 2^30 in magnitude (absurd weights) are made by JavaScript: its Int32Array store wraps them
  // where the WebAssembly conversion would saturate
  const module = kind === 'wasm' && costsFitInt32(costs) ? wasmModule() : null;
  return module
    ? new WasmKernel(module, vectors, papers, limits, costs)
    : new JsKernel(vectors, limits.maxMembers, costs);
}

/** The costs' largest magnitude: JavaScript wraps an Int32Array store past 2^31, the kernel saturates. */
function costsFitInt32({ bidValue, textWeight, scale, subjectMax }: CostWeights): boolean {
  const bid = Math.max(0, ...Array.from(bidValue, Math.abs));
  const bound = (bid + Math.abs(subjectMax) + Math.abs(textWeight) * 1.01) * Math.abs(scale);
  return Number.isFinite(bound) && bound < 2 ** 30;
}

class JsKernel implements BuildKernel {
  readonly kind = 'js';
  readonly scores: Float64Array;
  readonly mark: Uint8Array;
  readonly room: Int32Array;
  readonly bidRank: Int8Array;
  readonly subject: Float64Array;
  readonly candSlot: Int32Array;
  readonly candCost: Int32Array;
  private index: InvertedIndex | undefined;

  constructor(
    private readonly vectors: FlatVectors,
    maxMembers: number,
    private readonly costs: CostWeights,
  ) {
    this.scores = new Float64Array(maxMembers);
    this.mark = new Uint8Array(maxMembers);
    this.room = new Int32Array(maxMembers);
    this.bidRank = new Int8Array(maxMembers).fill(-1);
    this.subject = new Float64Array(maxMembers);
    this.candSlot = new Int32Array(maxMembers);
    this.candCost = new Int32Array(maxMembers);
  }

  setTrack(index: InvertedIndex | undefined): void {
    this.index = index;
  }

  score(paper: number, members: number): void {
    this.scores.fill(0, 0, members);
    const { terms, weights, start } = this.vectors;
    this.index?.accumulate(terms, weights, start[paper], start[paper + 1], this.scores);
  }

  collect(m: number): number {
    const { mark, room, bidRank, subject, scores, candSlot, candCost } = this;
    const { bidValue, textWeight, scale } = this.costs;
    let n = 0;
    for (let s = 0; s < m; s++) {
      if (mark[s] !== 0 || room[s] <= 0) continue;
      const rank = bidRank[s];
      const bid = rank >= 0 ? bidValue[rank] : 0;
      candSlot[n] = s;
      candCost[n] = -Math.round((bid + subject[s] + textWeight * scores[s]) * scale);
      n++;
    }
    return n;
  }

  private select: Int32Array | undefined;
  cut(n: number, keep: number): number {
    this.select ??= new Int32Array(this.candSlot.length);
    return keepCheapest(this.candSlot, this.candCost, n, keep, this.select);
  }
}

/**
 * Memory: the papers' term ids and weights (copied once); one track's postings start, ids and weights
 * (copied at setTrack); the per-slot arrays and the bid values.
 */
class WasmKernel implements BuildKernel {
  readonly kind = 'wasm';
  readonly scores: Float64Array;
  readonly mark: Uint8Array;
  readonly room: Int32Array;
  readonly bidRank: Int8Array;
  readonly subject: Float64Array;
  readonly candSlot: Int32Array;
  readonly candCost: Int32Array;
  private readonly accumulate: Accumulate;
  private readonly collectWasm: Collect;
  private readonly cutPrepare: CutPrepare;
  private readonly cutApply: CutApply;
  private readonly counts: Int32Array;
  private readonly select: Int32Array;
  private readonly memory: { buffer: ArrayBuffer };
  private readonly at: Record<
    'queryTerms' | 'queryWeights' | 'start' | 'ids' | 'weights' | 'bidValue',
    number
  >;
  private last = 0;
  private hasTrack = false;

  constructor(
    module: object,
    private readonly vectors: FlatVectors,
    papers: number,
    limits: KernelLimits,
    private readonly costs: CostWeights,
  ) {
    const api = wasmApi();
    const entries = vectors.start[papers];
    const M = limits.maxMembers;
    let end = 0;
    const take = (bytes: number) => {
      const here = end;
      end = Math.ceil((end + bytes) / 8) * 8;
      return here;
    };
    const at = {
      queryWeights: take(entries * 8),
      queryTerms: take(entries * 4),
      weights: take(limits.maxPostings * 8),
      ids: take(limits.maxPostings * 4),
      start: take(limits.maxStart * 4),
      bidValue: take(costs.bidValue.length * 8),
      scores: take(M * 8),
      subject: take(M * 8),
      room: take(M * 4),
      candSlot: take(M * 4),
      candCost: take(M * 4),
      select: take(M * 4),
      counts: take(257 * 4),
      mark: take(M),
      bidRank: take(M),
    };
    this.at = at;
    this.memory = new api.Memory({ initial: Math.max(1, Math.ceil(end / WASM_PAGE)) });
    const instance = new api.Instance(module, { env: { memory: this.memory } });
    this.accumulate = instance.exports.accumulate as Accumulate;
    this.collectWasm = instance.exports.collect as Collect;
    this.cutPrepare = instance.exports.cutPrepare as CutPrepare;
    this.cutApply = instance.exports.cutApply as CutApply;
    const buffer = this.memory.buffer;
    new Float64Array(buffer, at.queryWeights, entries).set(vectors.weights.subarray(0, entries));
    new Int32Array(buffer, at.queryTerms, entries).set(vectors.terms.subarray(0, entries));
    new Float64Array(buffer, at.bidValue, costs.bidValue.length).set(costs.bidValue);
    this.scores = new Float64Array(buffer, at.scores, M);
    this.subject = new Float64Array(buffer, at.subject, M);
    this.room = new Int32Array(buffer, at.room, M);
    this.candSlot = new Int32Array(buffer, at.candSlot, M);
    this.candCost = new Int32Array(buffer, at.candCost, M);
    this.mark = new Uint8Array(buffer, at.mark, M);
    this.bidRank = new Int8Array(buffer, at.bidRank, M).fill(-1);
    this.select = new Int32Array(buffer, at.select, M);
    this.counts = new Int32Array(buffer, at.counts, 257);
  }

  setTrack(index: InvertedIndex | undefined): void {
    this.hasTrack = index !== undefined;
    if (!index) return;
    const buffer = this.memory.buffer;
    new Int32Array(buffer, this.at.start, index.start.length).set(index.start);
    new Int32Array(buffer, this.at.ids, index.ids.length).set(index.ids);
    new Float64Array(buffer, this.at.weights, index.weights.length).set(index.weights);
    this.last = index.start.length - 1;
  }

  score(paper: number, members: number): void {
    this.scores.fill(0, 0, members);
    if (!this.hasTrack) return;
    const from = this.vectors.start[paper];
    this.accumulate(
      this.at.queryTerms + from * 4,
      this.at.queryWeights + from * 8,
      this.vectors.start[paper + 1] - from,
      this.at.start,
      this.last,
      this.at.ids,
      this.at.weights,
      this.scores.byteOffset,
    );
  }

  collect(m: number): number {
    return this.collectWasm(
      m,
      this.mark.byteOffset,
      this.room.byteOffset,
      this.scores.byteOffset,
      this.bidRank.byteOffset,
      this.at.bidValue,
      this.subject.byteOffset,
      this.costs.textWeight,
      this.costs.scale,
      this.candSlot.byteOffset,
      this.candCost.byteOffset,
    );
  }

  cut(n: number, keep: number): number {
    if (keep <= 0) return 0;
    const inBucket = this.cutPrepare(
      n,
      keep,
      this.candCost.byteOffset,
      this.counts.byteOffset,
      this.select.byteOffset,
    );
    const threshold = kthSmallest(this.select, inBucket, keep - 1 - this.counts[256]);
    return this.cutApply(n, keep, threshold, this.candSlot.byteOffset, this.candCost.byteOffset);
  }
}

/**
 * Keeps the `keep` cheapest of the n candidates, ties to the earlier one (candidates are in member
 * order), compacting candSlot/candCost in place (order kept); returns `keep`. The threshold (the keep-th
 * smallest cost) is found with a histogram of the costs in 256 buckets, then among the few costs of its
 * bucket (copied into `select`) by quickselect: three passes over the candidates without data-dependent
 * swaps.
 */
export function keepCheapest(
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
