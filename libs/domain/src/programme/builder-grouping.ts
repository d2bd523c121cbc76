/**
 * Session builder, step 1: group a track's accepted papers into sessions of `papersPerSession` papers,
 * by subject area first and then by the similarity of their title and abstract.
 *
 * Texts are TF-IDF vectors over the track (the tokeniser and weights of the reviewer assignment,
 * assignment/text.ts). The objective is the within-group sum of squares: for each group G of s papers,
 *   cost(G) = Σ_{i∈G} ‖x_i − μ_G‖² = (1 / 2s) Σ_{i∈G} Σ_{j∈G} d_ij,   d_ij = ‖x_i − x_j‖²
 * (for unit vectors d_ij = 2 − 2·cos_ij), summed over the groups: lower is tighter.
 *
 * Structure of a grouping (what the lower bound is proved against): sessions have at most p papers and at
 * least m (the chair's minimum, at most p). An area of n papers gives q = ⌊n/p⌋ groups of p papers and a
 * remainder of r = n mod p papers. A remainder of at least half a session (2r > p) and at least m papers is a
 * session of its own area; a smaller one joins the pool of the small remainders of all areas, which is
 * grouped by similarity alone into sessions of p (the last one smaller, balanced so that none has fewer than
 * m: sessionSizes). When the pool has fewer than m papers it cannot be a session: each remainder goes back
 * to its area (whose sessions are then balanced, a few papers above p if need be), and the papers of areas
 * smaller than m join the area most like them. Papers without an area form one area.
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
 * the least bound in the remainder's possible group sizes; an area whose sessions have two sizes a < b is
 * bounded the same way (exactly a·(groups of a) papers are in the smaller ones); an area that is a single
 * group counts its exact cost. It is tight when every paper's nearest neighbours are its group.
 *
 * Titles: a session is named after the subject area most of its papers have (a unique most common one),
 * numbered when the area gives several sessions; a session with no such area is named after the track and
 * numbered ("Systems 2"). Titles in use (takenTitles) are skipped.
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
  /** The most common subject area of its papers (numbered when several sessions have it), or the track's name and a number. */
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

/** The shape of the sessions and their names. */
export interface GroupingShape {
  /** The fewest papers a session may have (default 2; at most papersPerSession). */
  minPapersPerSession?: number;
  /** Names the sessions with no common subject area, numbered (default 'Session'). */
  trackName?: string;
  /** Titles already in use (other sessions), compared without case: not proposed again. */
  takenTitles?: readonly string[];
}

/** The fewest papers of a proposed session unless the chair says otherwise. */
export const DEFAULT_MIN_PAPERS_PER_SESSION = 2;

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
  /** Sizes of the area's own groups, ascending. */
  sizes: number[];
  /** Papers the area sends to the pool (its small remainder), 0 when none. */
  pooled: number;
}

export function groupPapers(
  papers: readonly BuilderPaper[],
  papersPerSession: number,
  hooks: BuilderHooks = {},
  shape: GroupingShape = {},
): GroupingResult {
  if (!Number.isInteger(papersPerSession) || papersPerSession < 1)
    throw new RangeError('papersPerSession must be a whole number from 1');
  const min = shape.minPapersPerSession ?? DEFAULT_MIN_PAPERS_PER_SESSION;
  if (!Number.isInteger(min) || min < 1)
    throw new RangeError('minPapersPerSession must be a whole number from 1');
  const p = papersPerSession;
  const m = Math.min(min, p);
  const sorted = [...papers].sort((a, b) => a.id - b.id);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].id === sorted[i - 1].id) throw new RangeError(`Paper ${sorted[i].id} is listed twice`);
  if (sorted.length === 0) return { groups: [], cost: 0, lowerBound: 0 };

  const docs = sorted.map((x, i) => {
    if ((i & 255) === 0) throwIfCancelled(hooks.signal);
    return tokenize(x.text);
  });
  const vectors = tfidfVectors(docs);
  const norm2 = Float64Array.from(vectors, (v) => v.weights.reduce((s, w) => s + w * w, 0));
  let terms = 0;
  for (const v of vectors) if (v.terms.length) terms = Math.max(terms, v.terms[v.terms.length - 1] + 1);
  const space: Space = { vectors, norm2, denseA: new Float64Array(terms), denseG: new Float64Array(terms) };

  const areaOf: Area[] = [];
  const areas = splitByArea(sorted, p, m);
  for (const a of areas) for (const i of a.members) areaOf[i] = a;
  fitPoolToMinimum(space, areas, p, m);
  const pool = areas.filter((a) => a.pooled > 0);
  const poolSize = pool.reduce((s, a) => s + a.pooled, 0);
  const poolSizes = sessionSizes(poolSize, p, m);
  const poolUniverse = pool.flatMap((a) => a.members);
  const poolNearest = poolUniverse.length
    ? nearest(space, poolUniverse, poolUniverse, Math.max(0, ...poolSizes) - 1, hooks)
    : new Map();

  const live = areas.filter((a) => a.members.length > 0);
  const total = live.length + (poolSize > 0 ? 1 : 0);
  let done = 0;
  const groups: { members: number[]; area: Area | null }[] = [];
  const pooled: number[] = [];
  let lowerBound = 0;
  for (const area of live) {
    throwIfCancelled(hooks.signal);
    const { members, sizes } = area;
    const k = Math.max(SWAP_NEIGHBOURS, Math.max(0, ...sizes) - 1);
    const near = nearest(space, members, members, k, hooks);
    const all = area.pooled > 0 ? [area.pooled, ...sizes] : sizes;
    const found = clusterFixedSizes(space, members, all, near, hooks);
    found.forEach((g, i) => {
      if (area.pooled > 0 && i === 0) pooled.push(...g);
      else groups.push({ members: g, area });
    });
    lowerBound += areaLowerBound(space, area, near, poolNearest, poolSizes);
    hooks.onProgress?.({ phase: 'group', done: ++done, total });
  }
  if (pooled.length) {
    const near = nearest(space, pooled, pooled, Math.max(SWAP_NEIGHBOURS, Math.max(...poolSizes) - 1), hooks);
    const sizes = [...poolSizes].sort((a, b) => a - b);
    for (const g of clusterFixedSizes(space, pooled, sizes, near, hooks))
      groups.push({ members: g, area: null });
    hooks.onProgress?.({ phase: 'group', done: ++done, total });
  }

  let cost = 0;
  for (const g of groups) cost += groupCost(space, g.members);
  const titled = titleGroups(sorted, groups, areaOf, shape);
  return { groups: titled, cost, lowerBound: Math.min(lowerBound, cost) };
}

/**
 * The sizes of the sessions of n papers, at most p and at least m papers each where n allows it: ⌊n/p⌋ of
 * p and the remainder when it has m papers or more; otherwise as many sessions as fit, as even as can be
 * (⌈n/p⌉ sessions, or ⌊n/p⌋ of a few papers above p when ⌈n/p⌉ of m would need more papers). At most two
 * sizes. Fewer than m papers in all make one smaller session.
 */
export function sessionSizes(n: number, p: number, m: number): number[] {
  if (n <= 0) return [];
  if (n <= p) return [n];
  const q = Math.floor(n / p);
  const r = n % p;
  if (r === 0) return Array<number>(q).fill(p);
  if (r >= m) return [...Array<number>(q).fill(p), r];
  const k = Math.floor(n / Math.ceil(n / p)) >= m ? Math.ceil(n / p) : q;
  const small = Math.floor(n / k);
  const big = n - small * k; // how many get one more
  return [...Array<number>(k - big).fill(small), ...Array<number>(big).fill(small + 1)];
}

function splitByArea(sorted: readonly BuilderPaper[], p: number, m: number): Area[] {
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
    const small = r > 0 && (2 * r <= p || r < m);
    const sizes = Array<number>(q).fill(p);
    if (r > 0 && !small) sizes.unshift(r);
    return { label: key ? label : null, members, sizes, pooled: small ? r : 0 };
  });
  return areas.sort((a, b) =>
    a.label === null ? 1 : b.label === null ? -1 : a.label < b.label ? -1 : a.label > b.label ? 1 : 0,
  );
}

/**
 * A pool of fewer than m papers cannot be a session: each area takes its remainder back (its sessions
 * balanced by sessionSizes), and the papers of areas too small for a session of their own join the area
 * whose papers are most like them (which then has no members of its own left: it is skipped).
 */
function fitPoolToMinimum(space: Space, areas: Area[], p: number, m: number): void {
  const poolSize = areas.reduce((s, a) => s + a.pooled, 0);
  if (poolSize === 0 || poolSize >= m) return;
  const orphans: Area[] = [];
  for (const a of areas) {
    if (a.pooled === 0) continue;
    a.pooled = 0;
    if (a.members.length >= m) a.sizes = sessionSizes(a.members.length, p, m).sort((x, y) => x - y);
    else orphans.push(a);
  }
  const hosts = areas.filter((a) => !orphans.includes(a));
  if (!orphans.length) return;
  const moving = orphans.flatMap((a) => a.members);
  if (!hosts.length) {
    // Fewer than m papers in the whole track: one smaller session.
    const [first, ...rest] = orphans;
    first.members = [...moving].sort((x, y) => x - y);
    first.sizes = [moving.length];
    for (const a of rest) a.members = [];
    return;
  }
  const sum = new Map<number, number>();
  for (const i of moving) addInto(sum, space.vectors[i], 1);
  const norm = (v: Map<number, number>) => Math.sqrt([...v.values()].reduce((t, w) => t + w * w, 0)) || 1;
  let host = hosts[0];
  let best = -Infinity;
  for (const a of hosts) {
    const hs = new Map<number, number>();
    for (const i of a.members) addInto(hs, space.vectors[i], 1);
    let dot = 0;
    for (const [t, w] of sum) dot += w * (hs.get(t) ?? 0);
    const similarity = dot / (norm(sum) * norm(hs));
    if (similarity > best + EPS) [host, best] = [a, similarity];
  }
  host.members = [...host.members, ...moving].sort((x, y) => x - y);
  host.sizes = sessionSizes(host.members.length, p, m).sort((x, y) => x - y);
  for (const a of orphans) a.members = [];
}

interface Neighbours {
  /** Nearest first (smallest distance), self excluded. */
  ids: number[];
  dist: number[];
}

/** For each query, its k nearest papers of the universe by squared distance (ties: lower index). */
function nearest(
  space: Space,
  universe: number[],
  queries: number[],
  k: number,
  { signal }: BuilderHooks = {},
): Map<number, Neighbours> {
  const index = new InvertedIndex(space.vectors, universe);
  const scores = new Float64Array(universe.length);
  const out = new Map<number, Neighbours>();
  const kk = Math.min(k, universe.length - 1);
  let step = 0;
  for (const i of queries) {
    if ((++step & 63) === 0) throwIfCancelled(signal);
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
  near: Map<number, Neighbours>,
  poolNear: Map<number, Neighbours>,
  poolSizes: number[],
): number {
  const { members, sizes, pooled } = area;
  if (sizes.length === 1 && pooled === 0) return groupCost(space, members); // the area is one group
  if (pooled > 0) {
    // Full groups of p (sizes), and exactly `pooled` papers in a pool group of one of poolSizes.
    const remainderShare = (i: number) => Math.min(...poolSizes.map((s) => shareBound(poolNear.get(i), s)));
    if (!sizes.length) return members.reduce((s, i) => s + remainderShare(i), 0);
    return twoSizeBound(members, (i) => shareBound(near.get(i), sizes[0]), remainderShare, pooled);
  }
  // The area's own groups: one size, or two sizes a < b with a·(groups of a) papers in the smaller ones.
  const a = sizes[0];
  const b = sizes[sizes.length - 1];
  const inSmall = a === b ? 0 : a * sizes.filter((s) => s === a).length;
  return twoSizeBound(
    members,
    (i) => shareBound(near.get(i), b),
    (i) => shareBound(near.get(i), a),
    inSmall,
  );
}

/** Σ_i big(i) plus the k smallest small(i) − big(i): exactly k papers take the other share. */
function twoSizeBound(
  members: number[],
  big: (i: number) => number,
  small: (i: number) => number,
  k: number,
): number {
  let bound = 0;
  const extra: number[] = [];
  for (const i of members) {
    const f = big(i);
    bound += f;
    if (k > 0) extra.push(small(i) - f);
  }
  extra.sort((x, y) => x - y);
  for (let t = 0; t < k; t++) bound += extra[t];
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
  hooks: BuilderHooks,
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
    const start = greedyStart(space, members, sizes, seedOrder, hooks);
    const groups = improveBySwaps(space, members, start, near, hooks);
    const cost = groups.reduce((t, g) => t + groupCost(space, g), 0);
    if (cost < bestCost - EPS) [best, bestCost] = [groups, cost];
  }
  return best;
}

/** Each group, in the order of sizes, around the next free paper of seedOrder and its nearest free papers. */
function greedyStart(
  space: Space,
  members: number[],
  sizes: number[],
  seedOrder: number[],
  { signal }: BuilderHooks,
): number[][] {
  const { vectors, norm2 } = space;
  const index = new InvertedIndex(vectors, members);
  const scores = new Float64Array(members.length);
  const free = new Set(members);
  const groups: number[][] = [];
  let next = 0;
  for (const size of sizes) {
    if ((groups.length & 15) === 0) throwIfCancelled(signal);
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
  { budget, signal }: BuilderHooks,
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
  let step = 0;
  search: for (let pass = 0; pass < MAX_PASSES && dirty.size; pass++) {
    const changed = new Set<number>();
    for (const a of members) {
      // out of time: the groups stand as they are (each swap keeps them whole)
      if ((++step & 255) === 0) {
        throwIfCancelled(signal);
        if (budget?.expired()) break search;
      }
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

/** 'Base', or 'Base n' with the first numbers whose titles are free (without case). */
function numberedTitles(base: string, count: number, taken: Set<string>, alwaysNumber: boolean): string[] {
  const free = (t: string) => !taken.has(t.toLowerCase());
  if (count === 1 && !alwaysNumber && free(base)) return [base];
  const out: string[] = [];
  for (let n = count === 1 && !alwaysNumber ? 2 : 1; out.length < count; n++)
    if (free(`${base} ${n}`)) out.push(`${base} ${n}`);
  return out;
}

function titleGroups(
  sorted: readonly BuilderPaper[],
  groups: { members: number[]; area: Area | null }[],
  areaOf: Area[],
  shape: GroupingShape,
): PaperGroup[] {
  const trackName = shape.trackName?.trim() || 'Session';
  const taken = new Set((shape.takenTitles ?? []).map((t) => t.trim().toLowerCase()));
  // Each paper's own area, spelled as the area's most common spelling (areaOf may be a host area).
  const spelling = new Map<string, string>();
  for (const a of areaOf) if (a?.label) spelling.set(a.label.toLowerCase(), a.label);
  const ownLabel = (i: number) => {
    const key = sorted[i].subjectArea?.trim().toLowerCase();
    return key ? (spelling.get(key) ?? sorted[i].subjectArea!.trim()) : null;
  };
  /** The subject area most of the group's papers have, when one is more common than every other. */
  const common = (members: number[]): string | null => {
    const counts = new Map<string, number>();
    for (const i of members) {
      const label = ownLabel(i);
      if (label) counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    const ranked = [...counts.entries()].sort((x, y) => y[1] - x[1]);
    if (!ranked.length || (ranked.length > 1 && ranked[1][1] === ranked[0][1])) return null;
    return ranked[0][0];
  };
  const perArea = new Map<Area, number>();
  for (const g of groups) if (g.area) perArea.set(g.area, (perArea.get(g.area) ?? 0) + 1);
  const rank = new Map([...perArea.keys()].map((a, n) => [a, n]));

  const drafts = groups.map((g) => {
    const labels = new Set(g.members.map(ownLabel));
    const only = labels.size === 1 ? [...labels][0] : null;
    return {
      paperIds: g.members.map((i) => sorted[i].id),
      base: common(g.members),
      subjectArea: only ?? null,
      rank: g.area ? rank.get(g.area)! : Number.MAX_SAFE_INTEGER,
      order: g.members[0],
    };
  });
  // sessions of one area together (areas in alphabetical order), the pool last
  drafts.sort((a, b) => a.rank - b.rank || a.order - b.order);
  const titles = new Map<string | null, string[]>();
  for (const base of new Set(drafts.map((d) => d.base))) {
    const count = drafts.filter((d) => d.base === base).length;
    const names = numberedTitles(base ?? trackName, count, taken, base === null);
    titles.set(base, names);
    for (const t of names) taken.add(t.toLowerCase());
  }
  return drafts.map(({ paperIds, base, subjectArea }) => ({
    paperIds,
    title: titles.get(base)!.shift()!,
    subjectArea,
  }));
}
