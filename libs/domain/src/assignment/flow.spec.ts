import {
  AssignmentCancelledError,
  shortageCostFor,
  solveAssignmentFlow,
  type AssignmentNetwork,
} from './flow.js';
import { maxAssignable } from './feasibility.js';
import { seededRandom } from '../testing/seeded-random.js';

const rng = (seed: number) => seededRandom(seed).next;

/** papers: list of [reviewer, cost] candidate arcs; need per paper; capacity per reviewer. */
function network(papers: [number, number][][], need: number[], capacity: number[]): AssignmentNetwork {
  const arcStart = new Int32Array(papers.length + 1);
  papers.forEach((arcs, p) => (arcStart[p + 1] = arcStart[p] + arcs.length));
  return {
    papers: papers.length,
    reviewers: capacity.length,
    need: Int32Array.from(need),
    capacity: Int32Array.from(capacity),
    arcStart,
    arcReviewer: Int32Array.from(papers.flat().map(([r]) => r)),
    arcCost: Int32Array.from(papers.flat().map(([, c]) => c)),
  };
}

/** Exhaustive optimum: every subset of each paper's arcs within the capacities; shortages weigh M each. */
function bruteForce(net: AssignmentNetwork): number {
  const M = shortageCostFor(net);
  const rem = Array.from(net.capacity);
  let best = Infinity;
  const go = (p: number, acc: number) => {
    if (p === net.papers) {
      best = Math.min(best, acc);
      return;
    }
    const from = net.arcStart[p];
    const n = net.arcStart[p + 1] - from;
    for (let mask = 0; mask < 1 << n; mask++) {
      let k = 0;
      let cost = 0;
      let ok = true;
      for (let i = 0; i < n; i++)
        if (mask & (1 << i)) {
          k++;
          cost += net.arcCost[from + i];
          if (rem[net.arcReviewer[from + i]] <= 0) ok = false;
        }
      if (!ok || k > net.need[p]) continue;
      for (let i = 0; i < n; i++) if (mask & (1 << i)) rem[net.arcReviewer[from + i]]--;
      go(p + 1, acc + cost + (net.need[p] - k) * M);
      for (let i = 0; i < n; i++) if (mask & (1 << i)) rem[net.arcReviewer[from + i]]++;
    }
  };
  go(0, 0);
  return best;
}

function checkFeasible(net: AssignmentNetwork, flow: Uint8Array, short: Int32Array) {
  const load = new Array(net.reviewers).fill(0);
  for (let p = 0; p < net.papers; p++) {
    let given = 0;
    for (let a = net.arcStart[p]; a < net.arcStart[p + 1]; a++)
      if (flow[a]) {
        given++;
        load[net.arcReviewer[a]]++;
      }
    expect(given + short[p]).toBe(net.need[p]);
  }
  load.forEach((l, r) => expect(l).toBeLessThanOrEqual(Math.max(0, net.capacity[r])));
}

/** Optimality certificate: no negative cycle in the residual network (Bellman–Ford from a virtual root). */
function hasNegativeCycle(net: AssignmentNetwork, flow: Uint8Array, short: Int32Array): boolean {
  const P = net.papers;
  const R = net.reviewers;
  const T = P + R;
  const M = shortageCostFor(net);
  const edges: [number, number, number][] = [];
  const load = new Array(R).fill(0);
  for (let p = 0; p < P; p++)
    for (let a = net.arcStart[p]; a < net.arcStart[p + 1]; a++) {
      const r = P + net.arcReviewer[a];
      if (flow[a]) {
        edges.push([r, p, -net.arcCost[a]]);
        load[net.arcReviewer[a]]++;
      } else edges.push([p, r, net.arcCost[a]]);
    }
  for (let p = 0; p < P; p++) {
    if (short[p] < net.need[p]) edges.push([p, T, M]);
    if (short[p] > 0) edges.push([T, p, -M]);
  }
  for (let r = 0; r < R; r++) {
    if (load[r] < net.capacity[r]) edges.push([P + r, T, 0]);
    if (load[r] > 0) edges.push([T, P + r, 0]);
  }
  const dist = new Array(T + 1).fill(0);
  for (let i = 0; i <= T; i++) {
    let changed = false;
    for (const [u, v, c] of edges)
      if (dist[u] + c < dist[v]) {
        dist[v] = dist[u] + c;
        changed = true;
      }
    if (!changed) return false;
  }
  return true;
}

function randomNetwork(
  next: () => number,
  maxPapers: number,
  maxReviewers: number,
  maxArcs: number,
  cost: () => number = () => Math.round((next() - 0.8) * 100),
) {
  const P = 1 + Math.floor(next() * maxPapers);
  const R = 1 + Math.floor(next() * maxReviewers);
  const papers: [number, number][][] = [];
  for (let p = 0; p < P; p++) {
    const rs = [...Array(R).keys()].filter(() => next() < 0.7).slice(0, maxArcs);
    papers.push(rs.map((r) => [r, cost()]));
  }
  const need = papers.map((arcs) => Math.min(3, arcs.length, Math.floor(next() * 4)));
  const capacity = Array.from({ length: R }, () => Math.floor(next() * 4));
  return network(papers, need, capacity);
}

describe('assignment min-cost flow', () => {
  it('finds the known optimum of a hand-made instance', () => {
    // greedy would give paper 0 reviewer 0 (cost -10) and leave paper 1 with reviewer 1 (-1): -11;
    // the optimum crosses: paper 0 → reviewer 1 (-9), paper 1 → reviewer 0 (-8): -17
    const net = network(
      [
        [
          [0, -10],
          [1, -9],
        ],
        [
          [0, -8],
          [1, -1],
        ],
      ],
      [1, 1],
      [1, 1],
    );
    const sol = solveAssignmentFlow(net);
    expect(sol.cost).toBe(-17);
    expect(Array.from(sol.flow)).toEqual([0, 1, 1, 0]);
    expect(Array.from(sol.short)).toEqual([0, 0]);
  });

  it('prefers more reviews over more affinity, and leaves a paper short only when it must', () => {
    // one reviewer with room for one: it goes to one of the papers; the other paper is short
    const net = network([[[0, -5]], [[0, -7]]], [1, 1], [1]);
    const sol = solveAssignmentFlow(net);
    expect(sol.cost).toBe(-7);
    expect(Array.from(sol.short)).toEqual([1, 0]);
    // a costly (not willing) review is still better than none
    const costly = network([[[0, 50]]], [1], [1]);
    expect(solveAssignmentFlow(costly).cost).toBe(50);
  });

  it('equals brute force on 200 random tiny instances, and is feasible and cycle-free', () => {
    const next = rng(12345);
    for (let i = 0; i < 200; i++) {
      const net = randomNetwork(next, 3, 4, 4);
      const sol = solveAssignmentFlow(net);
      checkFeasible(net, sol.flow, sol.short);
      expect(sol.totalCost).toBe(bruteForce(net));
      expect(hasNegativeCycle(net, sol.flow, sol.short)).toBe(false);
      // the feasibility check's maximum equals the flow's number of reviews
      const given = Array.from(net.need).reduce((s, n, p) => s + n - sol.short[p], 0);
      expect(maxAssignable(net).total).toBe(given);
    }
  });

  it('equals brute force where many paths are equally short (costs -2..0: the search bound meets ties)', () => {
    const next = rng(4242);
    for (let i = 0; i < 200; i++) {
      const net = randomNetwork(next, 3, 4, 4, () => -Math.floor(next() * 3));
      const sol = solveAssignmentFlow(net);
      checkFeasible(net, sol.flow, sol.short);
      expect(sol.totalCost).toBe(bruteForce(net));
      expect(hasNegativeCycle(net, sol.flow, sol.short)).toBe(false);
    }
    for (let i = 0; i < 30; i++) {
      const net = randomNetwork(next, 40, 25, 12, () => -Math.floor(next() * 3));
      const sol = solveAssignmentFlow(net);
      checkFeasible(net, sol.flow, sol.short);
      expect(hasNegativeCycle(net, sol.flow, sol.short)).toBe(false);
    }
  });

  it('has no negative residual cycle on 50 random medium instances (optimality certificate)', () => {
    const next = rng(777);
    for (let i = 0; i < 50; i++) {
      const net = randomNetwork(next, 40, 25, 12);
      const sol = solveAssignmentFlow(net);
      checkFeasible(net, sol.flow, sol.short);
      expect(hasNegativeCycle(net, sol.flow, sol.short)).toBe(false);
    }
  });

  it('stops when the signal is aborted, reporting progress before', () => {
    const net = randomNetwork(rng(1), 40, 25, 12);
    const signal = { aborted: false };
    const seen: number[] = [];
    expect(() =>
      solveAssignmentFlow(net, {
        signal,
        onProgress: (done) => {
          seen.push(done);
          signal.aborted = true;
        },
      }),
    ).toThrow(AssignmentCancelledError);
    expect(seen).toEqual([0]);
  });
});
