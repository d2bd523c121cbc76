/**
 * Session builder, step 1: group a track's accepted papers into sessions of `papersPerSession` papers,
 * by subject area first and then by the similarity of their title and abstract.
 *
 * Texts are TF-IDF vectors over the track (the tokeniser and weights of the reviewer assignment,
 * assignment/text.ts). The objective is the within-group sum of squares: for each group G of s papers,
 *   cost(G) = Σ_{i∈G} ‖x_i − μ_G‖² = (1 / 2s) Σ_{i∈G} Σ_{j∈G} d_ij,   d_ij = ‖x_i − x_j‖²
 * (for unit vectors d_ij = 2 − 2·cos_ij), summed over the groups: lower is tighter.
 *
 * Structure of a grouping (what the lower bound is proved against): an area of n papers gives
 * q = ⌊n/p⌋ groups of p papers and a remainder of r = n mod p papers. A remainder of at least half a
 * session (2r > p) is a session of its own area; a tiny one (2r ≤ p) joins the pool of tiny remainders of
 * all areas, which is grouped by similarity alone into groups of p (the last one smaller). Papers without
 * an area form one area.
 *
 * Method: within each area (and then in the pool), a greedy start (the remainder first, around the paper
 * least like the area, then each group around the next such paper with its nearest free papers) and a
 * local search of swaps between a paper's group and its ten nearest neighbours' groups, with exact deltas
 * from the group sums, until no swap improves.
 *
 * Lower bound: paper i in a group of s papers contributes (1 / 2s) Σ_{j∈G} d_ij ≥ N_i(s−1) / 2s, where
 * N_i(k) is the sum of the k smallest distances from i to the papers it could share a group with (its
 * area, or every paper of a pooled area). Each area must send exactly r papers to the remainder, so the
 * bound per area is Σ_i f_i + (sum of the r smallest g_i − f_i), with f_i the bound in a full group and g_i
 * the least bound in the remainder's possible group sizes; an area that is a single group counts its exact
 * cost. It is tight when every paper's nearest neighbours are its group.
 */
import { InvertedIndex, cosine, tfidfVectors, tokenize, type SparseVector } from '../assignment/text.js';
import { throwIfCancelled, type BuilderHooks } from './builder-types.js';

export interface BuilderPaper {
  id: number;
  subjectArea: string | null;
  /** Title and abstract. */
  text: string;
  /** Authors and co-authors (user ids). */
  people: number[];
}

export interface PaperGroup {
  /** Ascending. */
  paperIds: number[];
  /** The subject area (with its two top terms when the area has several sessions), or the group's top three terms. */
  title: string;
  /** The area of all its papers, or null for a group of papers without an area or from several areas. */
  subjectArea: string | null;
}

export interface GroupingResult {
  groups: PaperGroup[];
  /** Within-group sum of squared distances to the group centroid (TF-IDF vectors). */
  cost: number;
  /** Proven: no grouping of the same structure costs less. */
  lowerBound: number;
}

/** Neighbours considered for swaps. */
const SWAP_NEIGHBOURS = 10;
const MAX_PASSES = 60;
/** Areas up to this many papers get three greedy starts. */
const RESTART_LIMIT = 200;
const EPS = 1e-9;

interface Space {
  vectors: SparseVector[];
  norm2: Float64Array;
  /** Scratch, one entry per term, kept at zero between uses. */
  denseA: Float64Array;
  denseG: Float64Array;
}

interface Area {
  label: string | null;
  members: number[];
  q: number;
  r: number;
  tiny: boolean;
}

export function groupPapers(
  papers: readonly BuilderPaper[],
  papersPerSession: number,
  hooks: BuilderHooks = {},
): GroupingResult {
  if (!Number.isInteger(papersPerSession) || papersPerSession < 1)
    throw new RangeError('papersPerSession must be a whole number from 1');
  const p = papersPerSession;
  const sorted = [...papers].sort((a, b) => a.id - b.id);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].id === sorted[i - 1].id) throw new RangeError(`Paper ${sorted[i].id} is listed twice`);
  if (sorted.length === 0) return { groups: [], cost: 0, lowerBound: 0 };

  const docs = sorted.map((x) => tokenize(x.text));
  const vectors = tfidfVectors(docs);
  const norm2 = Float64Array.from(vectors, (v) => v.weights.reduce((s, w) => s + w * w, 0));
  let terms = 0;
  for (const v of vectors) if (v.terms.length) terms = Math.max(terms, v.terms[v.terms.length - 1] + 1);
  const space: Space = { vectors, norm2, denseA: new Float64Array(terms), denseG: new Float64Array(terms) };

  const areas = splitByArea(sorted, p);
  const pool = areas.filter((a) => a.tiny);
  const poolSize = pool.reduce((s, a) => s + a.r, 0);
  const poolSizes = sizesFor(poolSize, p);
  const poolUniverse = pool.flatMap((a) => a.members);
  const poolNearest = poolUniverse.length ? nearest(space, poolUniverse, poolUniverse, p - 1) : new Map();

  const total = areas.length + (poolSize > 0 ? 1 : 0);
  let done = 0;
  const groups: { members: number[]; area: Area | null }[] = [];
  const pooled: number[] = [];
  let lowerBound = 0;
  for (const area of areas) {
    throwIfCancelled(hooks.signal);
    const { members, q, r } = area;
    const k = Math.max(SWAP_NEIGHBOURS, p - 1);
    const near = nearest(space, members, members, k);
    const sizes = r > 0 ? [r, ...Array<number>(q).fill(p)] : Array<number>(q).fill(p);
    const found = clusterFixedSizes(space, members, sizes, near);
    found.forEach((g, i) => {
      if (r > 0 && i === 0 && area.tiny) pooled.push(...g);
      else groups.push({ members: g, area });
    });
    lowerBound += areaLowerBound(space, area, p, near, poolNearest, poolSizes);
    hooks.onProgress?.({ phase: 'group', done: ++done, total });
  }
  if (pooled.length) {
    const near = nearest(space, pooled, pooled, Math.max(SWAP_NEIGHBOURS, p - 1));
    const sizes = sizesFor(pooled.length, p).sort((a, b) => a - b);
    for (const g of clusterFixedSizes(space, pooled, sizes, near)) groups.push({ members: g, area: null });
    hooks.onProgress?.({ phase: 'group', done: ++done, total });
  }

  let cost = 0;
  for (const g of groups) cost += groupCost(space, g.members);
  const areaOf: Area[] = [];
  for (const a of areas) for (const i of a.members) areaOf[i] = a;
  const titled = titleGroups(sorted, docs, space, groups, areaOf);
  return { groups: titled, cost, lowerBound: Math.min(lowerBound, cost) };
}

/** Group sizes for n papers: ⌊n/p⌋ of p and the remainder. */
function sizesFor(n: number, p: number): number[] {
  const sizes = Array<number>(Math.floor(n / p)).fill(p);
  if (n % p) sizes.push(n % p);
  return sizes;
}

function splitByArea(sorted: readonly BuilderPaper[], p: number): Area[] {
  const byKey = new Map<string, { members: number[]; spellings: Map<string, number> }>();
  sorted.forEach((paper, i) => {
    const label = paper.subjectArea?.trim() ?? '';
    const key = label.toLowerCase();
    let entry = byKey.get(key);
    if (!entry) byKey.set(key, (entry = { members: [], spellings: new Map() }));
    entry.members.push(i);
    if (label) entry.spellings.set(label, (entry.spellings.get(label) ?? 0) + 1);
  });
  const areas: Area[] = [...byKey.entries()].map(([key, { members, spellings }]) => {
    let label: string | null = null;
    let best = 0;
    for (const [spelling, n] of spellings) if (n > best) [label, best] = [spelling, n];
    const q = Math.floor(members.length / p);
    const r = members.length % p;
    return { label: key ? label : null, members, q, r, tiny: r > 0 && 2 * r <= p };
  });
  return areas.sort((a, b) =>
    a.label === null ? 1 : b.label === null ? -1 : a.label < b.label ? -1 : a.label > b.label ? 1 : 0,
  );
}

interface Neighbours {
  /** Nearest first (smallest distance), self excluded. */
  ids: number[];
  dist: number[];
}

/** For each query, its k nearest papers of the universe by squared distance (ties: lower index). */
function nearest(space: Space, universe: number[], queries: number[], k: number): Map<number, Neighbours> {
  const index = new InvertedIndex(space.vectors, universe);
  const scores = new Float64Array(universe.length);
  const out = new Map<number, Neighbours>();
  const kk = Math.min(k, universe.length - 1);
  for (const i of queries) {
    index.score(space.vectors[i], scores);
    const ids: number[] = [];
    const dist: number[] = [];
    for (let slot = 0; slot < universe.length; slot++) {
      const j = universe[slot];
      if (j === i || kk <= 0) continue;
      const d = Math.max(0, space.norm2[i] + space.norm2[j] - 2 * scores[slot]);
      if (ids.length === kk && !(d < dist[kk - 1] || (d === dist[kk - 1] && j < ids[kk - 1]))) continue;
      let at = ids.length === kk ? kk - 1 : ids.length;
      while (at > 0 && (dist[at - 1] > d || (dist[at - 1] === d && ids[at - 1] > j))) {
        ids[at] = ids[at - 1];
        dist[at] = dist[at - 1];
        at--;
      }
      ids[at] = j;
      dist[at] = d;
    }
    out.set(i, { ids, dist });
  }
  return out;
}

/** N_i(k) / 2s: the least share of paper i in a group of s papers drawn from the neighbours' universe. */
function shareBound(near: Neighbours | undefined, s: number): number {
  if (s <= 1 || !near) return 0;
  let sum = 0;
  for (let t = 0; t < s - 1 && t < near.dist.length; t++) sum += near.dist[t];
  return sum / (2 * s);
}

function areaLowerBound(
  space: Space,
  area: Area,
  p: number,
  near: Map<number, Neighbours>,
  poolNear: Map<number, Neighbours>,
  poolSizes: number[],
): number {
  const { members, q, r, tiny } = area;
  if (q === 0 && !tiny) return groupCost(space, members); // the area is one group
  const remainderShare = (i: number) =>
    tiny ? Math.min(...poolSizes.map((s) => shareBound(poolNear.get(i), s))) : shareBound(near.get(i), r);
  if (q === 0) return members.reduce((s, i) => s + remainderShare(i), 0);
  let bound = 0;
  const extra: number[] = [];
  for (const i of members) {
    const f = shareBound(near.get(i), p);
    bound += f;
    if (r > 0) extra.push(remainderShare(i) - f);
  }
  extra.sort((a, b) => a - b);
  for (let t = 0; t < r; t++) bound += extra[t];
  return bound;
}

function groupCost(space: Space, members: number[]): number {
  if (members.length <= 1) return 0;
  const sum = new Map<number, number>();
  let n2 = 0;
  for (const i of members) {
    addInto(sum, space.vectors[i], 1);
    n2 += space.norm2[i];
  }
  let sq = 0;
  for (const w of sum.values()) sq += w * w;
  return Math.max(0, n2 - sq / members.length);
}

function addInto(sum: Map<number, number>, v: SparseVector, sign: number): void {
  for (let k = 0; k < v.terms.length; k++)
    sum.set(v.terms[k], (sum.get(v.terms[k]) ?? 0) + sign * v.weights[k]);
}

function dotSum(v: SparseVector, sum: Map<number, number>): number {
  let s = 0;
  for (let k = 0; k < v.terms.length; k++) s += v.weights[k] * (sum.get(v.terms[k]) ?? 0);
  return s;
}

/**
 * Partition `members` into groups of the given sizes (in that order), minimising the within-group sum of
 * squares: greedy start, then best-improving swaps with the groups of each paper's nearest neighbours.
 */
function clusterFixedSizes(
  space: Space,
  members: number[],
  sizes: number[],
  near: Map<number, Neighbours>,
): number[][] {
  if (sizes.length <= 1) return [members.slice().sort((a, b) => a - b)];
  const { vectors } = space;
  const all = new Map<number, number>();
  for (const i of members) addInto(all, vectors[i], 1);
  const typicality = new Map(members.map((i) => [i, dotSum(vectors[i], all)]));
  const leastTypical = [...members].sort((a, b) => typicality.get(a)! - typicality.get(b)! || a - b);
  // small areas: a few more starts (most typical first, paper order), the cheapest result kept
  const starts =
    members.length <= RESTART_LIMIT ? [leastTypical, [...leastTypical].reverse(), members] : [leastTypical];
  let best: number[][] = [];
  let bestCost = Infinity;
  for (const seedOrder of starts) {
    const groups = improveBySwaps(space, members, greedyStart(space, members, sizes, seedOrder), near);
    const cost = groups.reduce((t, g) => t + groupCost(space, g), 0);
    if (cost < bestCost - EPS) [best, bestCost] = [groups, cost];
  }
  return best;
}

/** Each group, in the order of sizes, around the next free paper of seedOrder and its nearest free papers. */
function greedyStart(space: Space, members: number[], sizes: number[], seedOrder: number[]): number[][] {
  const { vectors, norm2 } = space;
  const index = new InvertedIndex(vectors, members);
  const scores = new Float64Array(members.length);
  const free = new Set(members);
  const groups: number[][] = [];
  let next = 0;
  for (const size of sizes) {
    while (!free.has(seedOrder[next])) next++;
    const seed = seedOrder[next];
    free.delete(seed);
    const group = [seed];
    if (size > 1) {
      index.score(vectors[seed], scores);
      const candidates = members
        .map((j, slot) => ({ j, d: norm2[seed] + norm2[j] - 2 * scores[slot] }))
        .filter((c) => free.has(c.j))
        .sort((a, b) => a.d - b.d || a.j - b.j)
        .slice(0, size - 1);
      for (const c of candidates) {
        free.delete(c.j);
        group.push(c.j);
      }
    }
    groups.push(group);
  }
  return groups;
}

/** Best-improving swaps (see below) until none improves; the groups keep their sizes. */
function improveBySwaps(
  space: Space,
  members: number[],
  groups: number[][],
  near: Map<number, Neighbours>,
): number[][] {
  const { vectors, norm2 } = space;
  // local search: swaps between a paper's group and its neighbours' groups, exact deltas. The sums a swap
  // needs are dot products with dense scratch copies of the paper and of its group; a paper is looked at
  // again only when its group or a neighbour's group changed in the previous pass.
  const groupOf = new Map<number, number>();
  groups.forEach((g, gi) => g.forEach((i) => groupOf.set(i, gi)));
  const { denseA, denseG } = space;
  const scatter = (dense: Float64Array, v: SparseVector, sign: number) => {
    for (let k = 0; k < v.terms.length; k++) dense[v.terms[k]] += sign * v.weights[k];
  };
  const clear = (dense: Float64Array, v: SparseVector) => {
    for (let k = 0; k < v.terms.length; k++) dense[v.terms[k]] = 0;
  };
  const dense = (d: Float64Array, v: SparseVector) => {
    let sum = 0;
    for (let k = 0; k < v.terms.length; k++) sum += v.weights[k] * d[v.terms[k]];
    return sum;
  };
  /** x · (sum of its own group), cached until the group changes. */
  const own = new Map<number, number>();
  const ownDot = (x: number) => {
    let d = own.get(x);
    if (d === undefined) {
      d = 0;
      for (const j of groups[groupOf.get(x)!]) d += cosine(vectors[x], vectors[j]);
      own.set(x, d);
    }
    return d;
  };
  const sq = groups.map((g) => g.reduce((t, i) => t + ownDot(i), 0));
  let dirty = new Set(groups.keys());
  for (let pass = 0; pass < MAX_PASSES && dirty.size; pass++) {
    const changed = new Set<number>();
    for (const a of members) {
      const G = groupOf.get(a)!;
      const ids = near.get(a)?.ids ?? [];
      if (!dirty.has(G) && !ids.some((c) => dirty.has(groupOf.get(c)!))) continue;
      const va = vectors[a];
      const dGa = ownDot(a);
      scatter(denseA, va, 1);
      for (const j of groups[G]) scatter(denseG, vectors[j], 1);
      let best: { b: number; H: number; delta: number; sqG: number; sqH: number } | null = null;
      const tried = new Set<number>([G]);
      for (const c of ids) {
        const H = groupOf.get(c)!;
        if (tried.has(H)) continue;
        tried.add(H);
        let dHa = 0;
        for (const j of groups[H]) dHa += dense(denseA, vectors[j]);
        for (const b of groups[H]) {
          const vb = vectors[b];
          const both = norm2[a] + norm2[b] - 2 * dense(denseA, vb);
          const sqG = sq[G] - 2 * dGa + 2 * dense(denseG, vb) + both;
          const sqH = sq[H] - 2 * ownDot(b) + 2 * dHa + both;
          const delta = -(sqG - sq[G]) / groups[G].length - (sqH - sq[H]) / groups[H].length;
          if (delta < -EPS && (!best || delta < best.delta - EPS)) best = { b, H, delta, sqG, sqH };
        }
      }
      clear(denseA, va);
      for (const j of groups[G]) clear(denseG, vectors[j]);
      if (!best) continue;
      const { b, H } = best;
      groups[G][groups[G].indexOf(a)] = b;
      groups[H][groups[H].indexOf(b)] = a;
      groupOf.set(a, H);
      groupOf.set(b, G);
      for (const x of [...groups[G], ...groups[H]]) own.delete(x);
      sq[G] = best.sqG;
      sq[H] = best.sqH;
      changed.add(G).add(H);
    }
    dirty = changed;
  }
  return groups.map((g) => g.sort((x, y) => x - y));
}

// ---------------------------------------------------------------------------------------------------------
// Titles

const TITLE_TERMS_MIXED = 3;
const TITLE_TERMS_AREA = 2;

function titleGroups(
  sorted: readonly BuilderPaper[],
  docs: string[][],
  space: Space,
  groups: { members: number[]; area: Area | null }[],
  areaOf: Area[],
): PaperGroup[] {
  // the term ids of tfidfVectors: first occurrence over the documents in order
  const termOf: string[] = [];
  const idOf = new Map<string, number>();
  for (const tokens of docs)
    for (const t of tokens)
      if (!idOf.has(t)) {
        idOf.set(t, termOf.length);
        termOf.push(t);
      }
  const stemCache = new Map<string, string | null>();
  const surfaceOf = (members: number[]) => {
    const counts = new Map<string, Map<string, number>>();
    for (const i of members)
      for (const chunk of sorted[i].text.split(/[\s/\-–—]+/)) {
        const word = chunk.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
        if (!word) continue;
        let stem = stemCache.get(word);
        if (stem === undefined) {
          const tokens = tokenize(word);
          stemCache.set(word, (stem = tokens.length === 1 ? tokens[0] : null));
        }
        if (stem === null) continue;
        let forms = counts.get(stem);
        if (!forms) counts.set(stem, (forms = new Map()));
        forms.set(word, (forms.get(word) ?? 0) + 1);
      }
    return (stem: string) => {
      let best = stem;
      let n = 0;
      for (const [form, c] of counts.get(stem) ?? [])
        if (c > n || (c === n && form < best)) [best, n] = [form, c];
      return best;
    };
  };
  const topTerms = (members: number[], count: number) => {
    const sum = new Map<number, number>();
    for (const i of members) addInto(sum, space.vectors[i], 1);
    const top = [...sum.entries()]
      .filter(([, w]) => w > 0)
      .sort((a, b) => b[1] - a[1] || (termOf[a[0]] < termOf[b[0]] ? -1 : 1))
      .slice(0, count)
      .map(([t]) => termOf[t]);
    const surface = surfaceOf(members);
    return top.map(surface);
  };
  const perArea = new Map<Area, number>();
  for (const g of groups) if (g.area) perArea.set(g.area, (perArea.get(g.area) ?? 0) + 1);
  const rank = new Map([...perArea.keys()].map((a, n) => [a, n]));

  // a pooled group whose papers all come from one area keeps that area
  const resolved = groups.map((g) => {
    if (g.area) return g.area;
    const from = new Set(g.members.map((i) => areaOf[i]));
    return from.size === 1 ? ([...from][0] ?? null) : null;
  });
  const titledBy = new Map<Area, number>();
  for (const a of resolved) if (a) titledBy.set(a, (titledBy.get(a) ?? 0) + 1);

  const out = groups.map((g, n) => {
    const area = resolved[n];
    const label = area?.label ?? null;
    let title: string;
    if (label && titledBy.get(area!) === 1) title = label;
    else if (label) {
      const terms = topTerms(g.members, TITLE_TERMS_AREA);
      title = terms.length ? `${label}: ${terms.join(', ')}` : label;
    } else {
      const terms = topTerms(g.members, TITLE_TERMS_MIXED).join(', ');
      title = terms ? terms[0].toUpperCase() + terms.slice(1) : 'Papers without keywords';
    }
    return {
      paperIds: g.members.map((i) => sorted[i].id),
      title,
      subjectArea: label,
      rank: g.area ? rank.get(g.area)! : Number.MAX_SAFE_INTEGER,
      order: g.members[0],
    };
  });
  // sessions of one area together (areas in alphabetical order), the pool last; unique titles
  out.sort((a, b) => a.rank - b.rank || a.order - b.order);
  const seen = new Map<string, number>();
  return out.map(({ paperIds, title, subjectArea }) => {
    const n = (seen.get(title) ?? 0) + 1;
    seen.set(title, n);
    return { paperIds, title: n > 1 ? `${title} (${n})` : title, subjectArea };
  });
}
