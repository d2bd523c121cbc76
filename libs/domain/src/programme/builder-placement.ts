/**
 * Session builder, step 2: place sessions in slots (an event × a room), at most one session per slot,
 * placing as many sessions as there are slots, minimising person clashes.
 *
 * Objective (the count the clash check reports): for every person, one clash per pair of their placed
 * sessions whose slots overlap in time, plus one per placed session of theirs overlapping one of their
 * busy intervals (sessions that already exist). A person twice in one session is no clash.
 *
 * Slots with the same day and times are interchangeable, so the search works on time classes (one class
 * per distinct interval, its capacity the number of slots), plus a class "unplaced" holding the sessions
 * beyond the number of slots (it overlaps nothing).
 *
 *  - Heuristic (every instance): greedy (most entangled session first, into the class where it clashes
 *    least), then a descent of moves and swaps with exact deltas from a session × class clash table, then
 *    seeded kicks (iterated local search) keeping the best; deterministic for a given seed.
 *  - Exact (up to `exactMaxSessions` sessions): depth-first branch and bound over the classes, started
 *    from the heuristic's answer. A node is bounded by the clashes so far, plus the least cost of the later
 *    sessions' clashes with the placed ones and busy times when each takes its own free place (an
 *    assignment problem, Hungarian method), plus the person bound below among the later sessions alone.
 *    Sessions sharing nobody and never busy fill the free places last at no cost. Finishing within
 *    `exactNodeLimit` nodes proves the optimum.
 *  - Lower bound (every instance): the sum over people of the least clashes their own sessions must have.
 *    The time classes are covered by cliques of mutually overlapping classes (points pierce the intervals,
 *    earliest end first); a person's n sessions, of which at least n − (sessions − slots) are placed,
 *    spread over these cliques at best evenly (within capacities) and every two in one clique clash; each
 *    placed session also meets at least the person's least busy count over the classes.
 */
import { dayStartMinutes } from './clashes.js';
import { timeToMinutes } from './programme.js';
import {
  seededRandom,
  SessionBuilderCancelledError,
  throwIfCancelled,
  DEFAULT_BUILDER_TIME_BUDGET_MS,
  TimeBudget,
  type BuilderHooks,
} from './builder-types.js';

export interface BuilderSlot {
  eventId: number;
  roomId: number;
  /** yyyy-mm-dd. */
  dayIso: string;
  /** HH:MM; the end may be '24:00'. */
  start: string;
  end: string;
}

/** A person already occupied (by a session that exists) from start to end on a day. */
export interface BusyInterval {
  personId: number;
  dayIso: string;
  start: string;
  end: string;
}

export interface PlacementOptions extends BuilderHooks {
  /** Run the exact search when there are at most this many sessions (default 16). */
  exactMaxSessions?: number;
  /** Node budget of the exact search (default 2,000,000); past it, the heuristic's answer stands. */
  exactNodeLimit?: number;
  /** Kicks of the iterated local search (default 300). */
  searchKicks?: number;
  /** Seed of the kicks (default 1). */
  seed?: number;
  /**
   * Time budget of the whole build in ms (default 30,000; Infinity for none): when it runs out, the search
   * stops and the best placement found stands, with its proven lower bound (`timedOut` says so).
   */
  timeBudgetMs?: number;
  /** The clock of the budget (default performance.now); for tests. */
  now?: () => number;
}

export interface PlacementResult {
  /** Per session (input order), the index of its slot in the input, or null (not placed: too few slots). */
  slotOf: (number | null)[];
  clashes: number;
  /** Proven: no placement of these sessions in these slots has fewer clashes. */
  lowerBound: number;
  /** clashes is the least possible (the exact search finished, or the lower bound is met). */
  optimal: boolean;
  /** Nodes of the exact search (0 when it did not run). */
  exactNodes: number;
  /** The time budget ran out before the search finished: `clashes` is the best found, `lowerBound` still proven. */
  timedOut: boolean;
}

export interface TimeInterval {
  from: number;
  to: number;
}

/** The minutes a slot or a busy time covers (null when its day or times are not valid). */
export function timeIntervalOf(dayIso: string, start: string, end: string): TimeInterval | null {
  const day = dayStartMinutes(dayIso);
  const s = timeToMinutes(start);
  const e = timeToMinutes(end);
  if (day === null || s === null || e === null || s === 1440 || e <= s) return null;
  return { from: day + s, to: day + e };
}

/** Whether two intervals share time (touching ones do not). */
export const intervalsOverlap = (a: TimeInterval, b: TimeInterval) => a.from < b.to && b.from < a.to;

/** The placement problem on time classes. */
interface Model {
  m: number;
  /** Real classes 0..K-1, then the unplaced class K when there are more sessions than slots. */
  K: number;
  C: number;
  none: number;
  cap: Int32Array;
  intervals: TimeInterval[];
  classSlots: number[][];
  /** ovList[c]: the classes overlapping c (c itself included; none for the unplaced class). */
  ovList: number[][];
  ov: Uint8Array;
  /** Sessions sharing people with s, and how many. */
  nbrIds: Int32Array[];
  nbrW: Int32Array[];
  weight: Map<number, number>[];
  /** busy[s * C + c]: busy intervals of s's people overlapping class c. */
  busy: Int32Array;
  people: number[][];
  busyOf: Map<number, TimeInterval[]>;
}

function buildModel(
  sessions: readonly { people: readonly number[] }[],
  slots: readonly BuilderSlot[],
  busy: readonly BusyInterval[],
): Model {
  const m = sessions.length;
  const seenSlot = new Set<string>();
  const byTime = new Map<string, { interval: TimeInterval; slots: number[] }>();
  slots.forEach((slot, i) => {
    const interval = timeIntervalOf(slot.dayIso, slot.start, slot.end);
    if (!interval)
      throw new RangeError(
        `Slot ${i} (event ${slot.eventId}, room ${slot.roomId}) has no valid day and times: ${slot.dayIso} ${slot.start}–${slot.end}`,
      );
    const id = `${slot.eventId}:${slot.roomId}`;
    if (seenSlot.has(id)) return; // the same event and room twice is one slot
    seenSlot.add(id);
    const key = `${interval.from}:${interval.to}`;
    let cls = byTime.get(key);
    if (!cls) byTime.set(key, (cls = { interval, slots: [] }));
    cls.slots.push(i);
  });
  const classes = [...byTime.values()].sort(
    (a, b) => a.interval.from - b.interval.from || a.interval.to - b.interval.to,
  );
  const K = classes.length;
  const t = classes.reduce((s, c) => s + c.slots.length, 0);
  const unplaced = Math.max(0, m - t);
  const C = K + (unplaced > 0 ? 1 : 0);
  const none = unplaced > 0 ? K : -1;
  const cap = new Int32Array(C);
  classes.forEach((c, i) => (cap[i] = c.slots.length));
  if (none >= 0) cap[none] = unplaced;
  const ov = new Uint8Array(C * C);
  const ovList: number[][] = Array.from({ length: C }, () => []);
  for (let a = 0; a < K; a++)
    for (let b = 0; b < K; b++)
      if (intervalsOverlap(classes[a].interval, classes[b].interval)) {
        ov[a * C + b] = 1;
        ovList[a].push(b);
      }

  const people = sessions.map((s) => [...new Set(s.people)]);
  const sessionsOf = new Map<number, number[]>();
  people.forEach((ps, s) => {
    for (const p of ps) {
      let list = sessionsOf.get(p);
      if (!list) sessionsOf.set(p, (list = []));
      list.push(s);
    }
  });
  const weight = Array.from({ length: m }, () => new Map<number, number>());
  for (const list of sessionsOf.values())
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = [list[i], list[j]];
        weight[a].set(b, (weight[a].get(b) ?? 0) + 1);
        weight[b].set(a, (weight[b].get(a) ?? 0) + 1);
      }
  const nbrIds = weight.map((w) => Int32Array.from([...w.keys()].sort((a, b) => a - b)));
  const nbrW = weight.map((w, s) => Int32Array.from(nbrIds[s], (u) => w.get(u)!));

  const busyOf = new Map<number, TimeInterval[]>();
  for (const b of busy) {
    const interval = timeIntervalOf(b.dayIso, b.start, b.end);
    if (!interval) continue; // an existing session without valid times occupies nobody (the clash check reports it)
    let list = busyOf.get(b.personId);
    if (!list) busyOf.set(b.personId, (list = []));
    list.push(interval);
  }
  const busyTable = new Int32Array(m * C);
  people.forEach((ps, s) => {
    for (const p of ps) {
      const list = busyOf.get(p);
      if (!list) continue;
      for (let c = 0; c < K; c++)
        for (const iv of list) if (intervalsOverlap(iv, classes[c].interval)) busyTable[s * C + c]++;
    }
  });
  return {
    m,
    K,
    C,
    none,
    cap,
    intervals: classes.map((c) => c.interval),
    classSlots: classes.map((c) => c.slots),
    ovList,
    ov,
    nbrIds,
    nbrW,
    weight,
    busy: busyTable,
    people,
    busyOf,
  };
}

/** A state of the search: each session's class and the session × class clash table. */
class State {
  readonly cls: Int32Array;
  readonly load: Int32Array;
  /** pair[s * C + c]: clashes s would have in class c with the sessions placed now (s itself excluded). */
  readonly pair: Int32Array;

  constructor(private readonly model: Model) {
    this.cls = new Int32Array(model.m).fill(-1);
    this.load = new Int32Array(model.C);
    this.pair = new Int32Array(model.m * model.C);
  }

  conf(s: number, c: number): number {
    const i = s * this.model.C + c;
    return this.pair[i] + this.model.busy[i];
  }

  place(s: number, c: number): void {
    this.cls[s] = c;
    this.load[c]++;
    this.spread(s, c, 1);
  }

  remove(s: number): void {
    const c = this.cls[s];
    this.spread(s, c, -1);
    this.load[c]--;
    this.cls[s] = -1;
  }

  move(s: number, c: number): void {
    this.remove(s);
    this.place(s, c);
  }

  private spread(s: number, c: number, sign: number): void {
    const { nbrIds, nbrW, ovList, C } = this.model;
    const ids = nbrIds[s];
    const ws = nbrW[s];
    const over = ovList[c];
    for (let k = 0; k < ids.length; k++) {
      const base = ids[k] * C;
      const w = sign * ws[k];
      for (const x of over) this.pair[base + x] += w;
    }
  }

  cost(): number {
    let pairs = 0;
    let busy = 0;
    for (let s = 0; s < this.model.m; s++) {
      const c = this.cls[s];
      if (c < 0) continue;
      pairs += this.pair[s * this.model.C + c];
      busy += this.model.busy[s * this.model.C + c];
    }
    return pairs / 2 + busy;
  }

  assign(cls: Int32Array): void {
    for (let s = 0; s < this.model.m; s++) if (this.cls[s] >= 0) this.remove(s);
    for (let s = 0; s < this.model.m; s++) this.place(s, cls[s]);
  }
}

/** Sessions by how entangled they are (shared people, busy people), most first. */
function entanglementOrder(model: Model): number[] {
  const score = (s: number) => {
    let w = 0;
    for (const x of model.nbrW[s]) w += x;
    for (let c = 0; c < model.K; c++) w += model.busy[s * model.C + c];
    return w;
  };
  const scores = Array.from({ length: model.m }, (_, s) => score(s));
  return scores.map((_, s) => s).sort((a, b) => scores[b] - scores[a] || a - b);
}

function greedy(model: Model, state: State): void {
  for (const s of entanglementOrder(model)) {
    let best = -1;
    for (let c = 0; c < model.C; c++) {
      if (state.load[c] >= model.cap[c]) continue;
      if (best < 0) {
        best = c;
        continue;
      }
      const d = state.conf(s, c) - state.conf(s, best);
      // least clash; then a real slot before "unplaced"; then the emptiest class
      if (
        d < 0 ||
        (d === 0 &&
          (best === model.none ||
            (c !== model.none && model.cap[c] - state.load[c] > model.cap[best] - state.load[best])))
      )
        best = c;
    }
    state.place(s, best);
  }
}

/** Best-improving moves and swaps until none improves, or the budget runs out (the state stays valid). */
function descend(model: Model, state: State, budget: TimeBudget): void {
  const { m, C, ov, cap, none, busy } = model;
  const { cls, pair } = state;
  const self = (c: number) => (c === none ? 0 : 1);
  const wOf = new Int32Array(m);
  for (;;) {
    let improved = false;
    for (let s = 0; s < m; s++) {
      if ((s & 31) === 0 && budget.expired()) return;
      const c = state.cls[s];
      const here = state.conf(s, c);
      if (here === 0 || c === none) continue;
      let bestDelta = 0;
      let bestMove = -1;
      let bestSwap = -1;
      for (let d = 0; d < C; d++) {
        if (d === c || state.load[d] >= cap[d]) continue;
        const delta = state.conf(s, d) - here;
        if (delta < bestDelta) [bestDelta, bestMove, bestSwap] = [delta, d, -1];
      }
      // swaps: s's shared-people weights spread into a dense row for the scan over every other session
      const ids = model.nbrIds[s];
      const ws = model.nbrW[s];
      for (let k = 0; k < ids.length; k++) wOf[ids[k]] = ws[k];
      const sRow = s * C;
      const selfC = self(c);
      for (let u = 0; u < m; u++) {
        const d = cls[u];
        if (d === c) continue;
        const w = wOf[u];
        const crossing = d === none || c === none ? 0 : ov[c * C + d];
        const uRow = u * C;
        const delta =
          pair[sRow + d] +
          busy[sRow + d] -
          w * self(d) -
          (here - w * crossing) +
          pair[uRow + c] +
          busy[uRow + c] -
          w * selfC -
          (pair[uRow + d] + busy[uRow + d] - w * crossing);
        if (delta < bestDelta) [bestDelta, bestMove, bestSwap] = [delta, -1, u];
      }
      for (let k = 0; k < ids.length; k++) wOf[ids[k]] = 0;
      if (bestMove >= 0) state.move(s, bestMove);
      else if (bestSwap >= 0) {
        const d = state.cls[bestSwap];
        state.move(s, d);
        state.move(bestSwap, c);
      } else continue;
      improved = true;
    }
    if (!improved) return;
  }
}

function heuristic(
  model: Model,
  options: PlacementOptions,
  lowerBound: number,
  budget: TimeBudget,
): { cls: Int32Array; cost: number } {
  const state = new State(model);
  greedy(model, state);
  descend(model, state, budget);
  let best = Int32Array.from(state.cls);
  let bestCost = state.cost();
  const kicks = options.searchKicks ?? 300;
  const random = seededRandom(options.seed ?? 1);
  const progress = (done: number) =>
    options.onProgress?.({
      phase: 'place',
      done,
      total: kicks,
      elapsedMs: Math.round(budget.elapsed()),
      budgetMs: budget.budgetMs,
      clashes: bestCost,
      lowerBound,
    });
  let lastProgress = budget.elapsed();
  for (let kick = 0; kick < kicks && bestCost > lowerBound && !budget.expired(); kick++) {
    throwIfCancelled(options.signal);
    // progress every 20 kicks, and at least every half second when kicks are slow (large instances)
    if (kick % 20 === 0 || budget.elapsed() - lastProgress >= 500) {
      progress(kick);
      lastProgress = budget.elapsed();
    }
    const clashing: number[] = [];
    for (let s = 0; s < model.m; s++)
      if (state.cls[s] !== model.none && state.conf(s, state.cls[s]) > 0) clashing.push(s);
    if (!clashing.length) break;
    // kick: a few clashing sessions swap with random others (or move to a class with room)
    const strength = 1 + Math.floor(random() * 3);
    for (let k = 0; k < strength; k++) {
      const s = clashing[Math.floor(random() * clashing.length)];
      const u = Math.floor(random() * model.m);
      const [c, d] = [state.cls[s], state.cls[u]];
      if (u === s || c === d) continue;
      state.move(s, d);
      state.move(u, c);
    }
    descend(model, state, budget);
    const cost = state.cost();
    if (cost < bestCost) {
      best = Int32Array.from(state.cls);
      bestCost = cost;
    } else if (cost > bestCost) state.assign(best);
  }
  progress(kicks);
  return { cls: best, cost: bestCost };
}

/**
 * Depth-first branch and bound. Returns the best placement found (better than `upper`, or null) and
 * whether the search finished (then the answer is optimal).
 */
function exact(
  model: Model,
  upper: number,
  nodeLimit: number,
  options: PlacementOptions,
  budget: TimeBudget,
): { cls: Int32Array | null; cost: number; finished: boolean; nodes: number } {
  const { m, C, cap } = model;
  const order = entanglementOrder(model);
  const state = new State(model);
  let best = upper;
  let bestCls: Int32Array | null = null;
  let nodes = 0;
  let stopped = false;
  // people in two or more sessions, for the bound on clashes among the sessions not yet placed
  const { blockOf, blockCap } = cliqueBlocks(model);
  const shared: number[][] = [];
  {
    const sessionsOf = new Map<number, number[]>();
    model.people.forEach((ps, s) => ps.forEach((p) => sessionsOf.set(p, [...(sessionsOf.get(p) ?? []), s])));
    for (const list of sessionsOf.values()) if (list.length > 1) shared.push(list);
  }
  const free = new Array<number>(blockCap.length);
  const amongFree = () => {
    free.fill(0);
    for (let b = 0; b < blockCap.length; b++) free[b] = blockCap[b];
    for (let c = 0; c < model.K; c++) free[blockOf[c]] -= state.load[c];
    const outLeft = model.none >= 0 ? cap[model.none] - state.load[model.none] : 0;
    let bound = 0;
    for (const list of shared) {
      let n = 0;
      for (const s of list) if (state.cls[s] === -1) n++;
      if (n - outLeft > 1) bound += spreadClashes(n - outLeft, free);
    }
    return bound;
  };
  // sessions sharing nobody and busy nowhere come last (entanglement 0): once only they are left, they
  // fill the free places at no cost, so the branch is a leaf
  const entangled = order.filter(
    (s) => model.nbrIds[s].length > 0 || model.busy.subarray(s * C, s * C + C).some((x) => x > 0),
  ).length;
  const fillFree = () => {
    for (let j = entangled; j < m; j++) {
      let c = 0;
      while (state.load[c] >= cap[c]) c++;
      state.place(order[j], c);
    }
  };
  // the least cost of the later sessions' clashes with the placed ones and busy times, each in its own
  // free place (an assignment problem, solved exactly by the Hungarian method): a bound for every child
  const matchingBound = (from: number): number => {
    const rows = entangled - from;
    if (rows <= 0) return 0;
    const cols: number[] = [];
    for (let c = 0; c < C; c++) for (let f = state.load[c]; f < cap[c]; f++) cols.push(c);
    const cost = (i: number, j: number) => state.conf(order[from + i], cols[j]);
    return hungarian(rows, cols.length, cost);
  };
  const dfs = (k: number, cost: number): void => {
    if (stopped) return;
    if (k === entangled) {
      if (cost < best) {
        best = cost;
        fillFree();
        bestCls = Int32Array.from(state.cls);
        for (let j = m - 1; j >= entangled; j--) state.remove(order[j]);
      }
      return;
    }
    if (k === m) {
      if (cost < best) {
        best = cost;
        bestCls = Int32Array.from(state.cls);
      }
      return;
    }
    if (++nodes > nodeLimit) {
      stopped = true;
      return;
    }
    if ((nodes & 4095) === 0) {
      if (options.signal?.aborted) throw new SessionBuilderCancelledError();
      if (budget.expired()) {
        stopped = true;
        return;
      }
      options.onProgress?.({
        phase: 'exact',
        done: nodes,
        total: nodeLimit,
        elapsedMs: Math.round(budget.elapsed()),
        budgetMs: budget.budgetMs,
        clashes: best,
      });
    }
    const s = order[k];
    // after s is placed: each later session's least clash with the placed ones, plus the least clashes
    // among the later ones (s counted in neither, so the bound holds for every child)
    let rest = matchingBound(k + 1);
    state.cls[s] = -2; // not placed, not counted among the later ones
    rest += amongFree();
    state.cls[s] = -1;
    const children: { c: number; inc: number }[] = [];
    for (let c = 0; c < C; c++) {
      if (state.load[c] >= cap[c]) continue;
      const inc = state.conf(s, c);
      if (cost + inc + rest < best) children.push({ c, inc });
    }
    children.sort((a, b) => a.inc - b.inc || a.c - b.c);
    for (const { c, inc } of children) {
      if (cost + inc + rest >= best) break;
      state.place(s, c);
      dfs(k + 1, cost + inc);
      state.remove(s);
      if (stopped) return;
    }
  };
  dfs(0, 0);
  return { cls: bestCls, cost: best, finished: !stopped, nodes };
}

/**
 * The least total cost of assigning each of n rows to its own column (n ≤ cols), by the Hungarian method
 * with potentials, O(n² · cols).
 */
function hungarian(n: number, cols: number, cost: (i: number, j: number) => number): number {
  const u = new Float64Array(n + 1);
  const v = new Float64Array(cols + 1);
  const p = new Int32Array(cols + 1);
  const way = new Int32Array(cols + 1);
  const minv = new Float64Array(cols + 1);
  const used = new Uint8Array(cols + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= cols; j++) {
        if (used[j]) continue;
        const cur = cost(i0 - 1, j - 1) - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= cols; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  let total = 0;
  for (let j = 1; j <= cols; j++) if (p[j]) total += cost(p[j] - 1, j - 1);
  return total;
}

/** Cliques of mutually overlapping classes: pierce at the earliest end among the classes left. */
function cliqueBlocks(model: Model): { blockOf: Int32Array; blockCap: number[] } {
  const { K, intervals, cap } = model;
  const byEnd = intervals.map((_, c) => c).sort((a, b) => intervals[a].to - intervals[b].to || a - b);
  const blockOf = new Int32Array(K).fill(-1);
  const blockCap: number[] = [];
  for (const c of byEnd) {
    if (blockOf[c] >= 0) continue;
    const x = intervals[c].to;
    const b = blockCap.length;
    blockCap.push(0);
    for (const d of byEnd)
      if (blockOf[d] < 0 && intervals[d].from < x) {
        blockOf[d] = b;
        blockCap[b] += cap[d];
      }
  }
  return { blockOf, blockCap };
}

/** The least pairs among n sessions spread over cliques with these free places (evenly, within capacity). */
function spreadClashes(n: number, free: number[]): number {
  const count = new Array<number>(free.length).fill(0);
  let clashes = 0;
  for (let k = 0; k < n; k++) {
    let best = -1;
    for (let b = 0; b < count.length; b++)
      if (count[b] < free[b] && (best < 0 || count[b] < count[best])) best = b;
    if (best < 0) break;
    clashes += count[best]++;
  }
  return clashes;
}

/** The person bound (see the file comment). */
function personLowerBound(model: Model): number {
  const { K, intervals, cap, none } = model;
  const unplaced = none >= 0 ? cap[none] : 0;
  const { blockCap } = cliqueBlocks(model);
  const sessionsOf = new Map<number, number>();
  for (const ps of model.people) for (const p of ps) sessionsOf.set(p, (sessionsOf.get(p) ?? 0) + 1);
  let bound = 0;
  for (const [p, n] of sessionsOf) {
    const placed = Math.max(0, n - unplaced);
    if (placed === 0) continue;
    if (placed > 1) bound += spreadClashes(placed, blockCap);
    const busy = model.busyOf.get(p);
    if (busy) {
      let least = Infinity;
      for (let c = 0; c < K; c++)
        least = Math.min(least, busy.filter((iv) => intervalsOverlap(iv, intervals[c])).length);
      if (Number.isFinite(least)) bound += placed * least;
    }
  }
  return bound;
}

/** Places the sessions in the slots (see the file comment). Deterministic for the same input and seed. */
export function placeSessions(
  sessions: readonly { people: readonly number[] }[],
  slots: readonly BuilderSlot[],
  busy: readonly BusyInterval[] = [],
  options: PlacementOptions = {},
): PlacementResult {
  const budget = options.budget ?? budgetOf(options);
  const model = buildModel(sessions, slots, busy);
  const none = { clashes: 0, lowerBound: 0, optimal: true, exactNodes: 0, timedOut: false };
  if (model.m === 0) return { slotOf: [], ...none };
  if (model.K === 0) return { slotOf: sessions.map(() => null), ...none };
  const personBound = personLowerBound(model);
  let { cls, cost } = heuristic(model, options, personBound, budget);
  let lowerBound = personBound;
  let optimal = cost <= personBound;
  let exactNodes = 0;
  if (!optimal && model.m <= (options.exactMaxSessions ?? 16) && !budget.expired()) {
    const found = exact(model, cost, options.exactNodeLimit ?? 2_000_000, options, budget);
    exactNodes = found.nodes;
    if (found.cls) [cls, cost] = [found.cls, found.cost];
    if (found.finished) [optimal, lowerBound] = [true, cost];
  }
  options.onProgress?.({ phase: 'report', done: 1, total: 1 });
  // each class's slots in input order, to its sessions in input order
  const slotOf: (number | null)[] = sessions.map(() => null);
  const nextSlot = new Int32Array(model.C);
  for (let s = 0; s < model.m; s++) {
    const c = cls[s];
    if (c !== model.none) slotOf[s] = model.classSlots[c][nextSlot[c]++];
  }
  return { slotOf, clashes: cost, lowerBound, optimal, exactNodes, timedOut: !optimal && budget.ranOut };
}

/** The budget of placement options (timeBudgetMs, default 30 s; Infinity for none). */
export function budgetOf(options: Pick<PlacementOptions, 'timeBudgetMs' | 'now'>): TimeBudget {
  return new TimeBudget(options.timeBudgetMs ?? DEFAULT_BUILDER_TIME_BUDGET_MS, options.now);
}

/**
 * Person clashes of a placement, counted directly (every pair of placed sessions, every busy interval):
 * the reference the search is checked against.
 */
export function countPlacementClashes(
  sessions: readonly { people: readonly number[] }[],
  slots: readonly BuilderSlot[],
  busy: readonly BusyInterval[],
  slotOf: readonly (number | null)[],
): number {
  const at = slotOf.map((i) =>
    i === null ? null : timeIntervalOf(slots[i].dayIso, slots[i].start, slots[i].end),
  );
  const people = sessions.map((s) => new Set(s.people));
  let clashes = 0;
  for (let a = 0; a < sessions.length; a++) {
    const ia = at[a];
    if (!ia) continue;
    for (let b = a + 1; b < sessions.length; b++) {
      const ib = at[b];
      if (!ib || !intervalsOverlap(ia, ib)) continue;
      for (const p of people[a]) if (people[b].has(p)) clashes++;
    }
    for (const x of busy) {
      const ix = timeIntervalOf(x.dayIso, x.start, x.end);
      if (ix && people[a].has(x.personId) && intervalsOverlap(ia, ix)) clashes++;
    }
  }
  return clashes;
}
