/**
 * Feasibility before solving: the most reviews the network can carry (a maximum flow: greedy start,
 * then rounds of breadth-first searches, each augmenting node-disjoint paths), and — when papers
 * would be left short — the binding constraint from the minimum cut: the papers reachable from a
 * short paper in the residual network, whose eligible reviewers are all used up (Hall's condition).
 */
import type { AssignmentNetwork } from './flow.js';
import { AssignmentCancelledError } from './flow.js';
import type { AssignmentId, BindingConstraint, CancelSignal } from './types.js';

export interface MaxFlowResult {
  total: number;
  needed: number;
  /** Reviews each paper can get at most in this flow (need − given = deficit). */
  given: Int32Array;
  /** Papers in the minimum cut's source side (reachable from a short paper). */
  blockedPaper: Uint8Array;
}

export function maxAssignable(net: AssignmentNetwork, signal?: CancelSignal): MaxFlowResult {
  const { papers: P, reviewers: R, arcStart, arcReviewer, need } = net;
  const E = arcReviewer.length;
  const arcPaper = new Int32Array(E);
  for (let p = 0; p < P; p++) for (let a = arcStart[p]; a < arcStart[p + 1]; a++) arcPaper[a] = p;
  // reviewer → incoming arcs (CSR)
  const rStart = new Int32Array(R + 1);
  for (let a = 0; a < E; a++) rStart[arcReviewer[a] + 1]++;
  for (let r = 0; r < R; r++) rStart[r + 1] += rStart[r];
  const rArcs = new Int32Array(E);
  const fill = rStart.slice(0, R);
  for (let a = 0; a < E; a++) rArcs[fill[arcReviewer[a]]++] = a;

  const flow = new Uint8Array(E);
  const given = new Int32Array(P);
  const rem = Int32Array.from(net.capacity, (c) => Math.max(0, c));
  let needed = 0;
  let total = 0;
  for (let p = 0; p < P; p++) {
    needed += need[p];
    for (let a = arcStart[p]; a < arcStart[p + 1] && given[p] < need[p]; a++) {
      const r = arcReviewer[a];
      if (rem[r] > 0) {
        rem[r]--;
        flow[a] = 1;
        given[p]++;
        total++;
      }
    }
  }

  // BFS over papers (0..P-1) and reviewers (P..P+R-1); parent = the arc used to reach the node
  const seen = new Int32Array(P + R);
  const parent = new Int32Array(P + R);
  const used = new Int32Array(P + R);
  const queue = new Int32Array(P + R);
  let round = 0;
  const blockedPaper = new Uint8Array(P);
  for (;;) {
    if (signal?.aborted) throw new AssignmentCancelledError();
    round++;
    let head = 0;
    let tail = 0;
    for (let p = 0; p < P; p++)
      if (given[p] < need[p]) {
        seen[p] = round;
        parent[p] = -1;
        queue[tail++] = p;
      }
    if (tail === 0) break;
    const ends: number[] = [];
    while (head < tail) {
      const u = queue[head++];
      if (u < P) {
        for (let a = arcStart[u]; a < arcStart[u + 1]; a++) {
          if (flow[a]) continue;
          const v = P + arcReviewer[a];
          if (seen[v] === round) continue;
          seen[v] = round;
          parent[v] = a;
          queue[tail++] = v;
          if (rem[v - P] > 0) ends.push(v);
        }
      } else {
        const r = u - P;
        for (let i = rStart[r]; i < rStart[r + 1]; i++) {
          const a = rArcs[i];
          if (!flow[a]) continue;
          const q = arcPaper[a];
          if (seen[q] === round) continue;
          seen[q] = round;
          parent[q] = a;
          queue[tail++] = q;
        }
      }
    }
    if (ends.length === 0) {
      for (let p = 0; p < P; p++) blockedPaper[p] = seen[p] === round ? 1 : 0;
      break;
    }
    // augment node-disjoint paths found in this search
    for (const end of ends) {
      let ok = true;
      for (let v = end; ;) {
        if (used[v] === round) {
          ok = false;
          break;
        }
        const a = parent[v];
        if (a < 0) break;
        v = v >= P ? arcPaper[a] : P + arcReviewer[a];
      }
      if (!ok || rem[end - P] === 0) continue;
      rem[end - P]--;
      let v = end;
      for (;;) {
        used[v] = round;
        const a = parent[v];
        if (a < 0) break;
        if (v >= P) {
          flow[a] = 1;
          v = arcPaper[a];
        } else {
          flow[a] = 0;
          v = P + arcReviewer[a];
        }
      }
      given[v]++;
      total++;
    }
  }
  return { total, needed, given, blockedPaper };
}

export interface Describe {
  paperId: (p: number) => AssignmentId;
  track: (p: number) => AssignmentId;
  trackName: (track: AssignmentId) => string;
}

/** The binding constraints named from the minimum cut, one per track with short papers. */
export function bindingConstraints(
  net: AssignmentNetwork,
  mf: { given: Int32Array; blockedPaper: Uint8Array },
  describe: Describe,
): { binding: BindingConstraint[]; reasonOf: Map<number, string> } {
  const groups = new Map<string, { track: AssignmentId; papers: number[] }>();
  const papersNeeding = new Map<string, number>();
  for (let p = 0; p < net.papers; p++) {
    if (net.need[p] <= 0) continue;
    const track = describe.track(p);
    const k = `${typeof track}:${track}`;
    papersNeeding.set(k, (papersNeeding.get(k) ?? 0) + 1);
    if (!mf.blockedPaper[p]) continue;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { track, papers: [] }));
    g.papers.push(p);
  }
  const binding: BindingConstraint[] = [];
  const reasonOf = new Map<number, string>();
  for (const [k, g] of groups) {
    let needed = 0;
    let available = 0;
    const reviewers = new Set<number>();
    for (const p of g.papers) {
      needed += net.need[p];
      available += mf.given[p];
      for (let a = net.arcStart[p]; a < net.arcStart[p + 1]; a++) reviewers.add(net.arcReviewer[a]);
    }
    if (needed === available) continue;
    const name = describe.trackName(g.track);
    const n = reviewers.size;
    const reviewersText = `${n} eligible reviewer${n === 1 ? '' : 's'}`;
    let kind: BindingConstraint['kind'];
    let message: string;
    if (g.papers.length === 1) {
      kind = 'paper';
      message = `paper ${describe.paperId(g.papers[0])} needs ${needed} reviews; its ${reviewersText} can give ${available}`;
    } else if (g.papers.length === papersNeeding.get(k)) {
      kind = 'track';
      message = `track ${name} needs ${needed} reviews; its ${reviewersText} can give ${available}`;
    } else {
      kind = 'group';
      message = `${g.papers.length} papers of track ${name} need ${needed} reviews; their ${reviewersText} can give ${available}`;
    }
    binding.push({
      kind,
      track: g.track,
      paperIds: g.papers.map(describe.paperId),
      needed,
      available,
      reviewers: n,
      message,
    });
    for (const p of g.papers) reasonOf.set(p, message);
  }
  return { binding, reasonOf };
}
