/**
 * The WebAssembly kernel gives exactly (to the last bit) the results of the JavaScript loops: the text scores
 * on random vectors and tracks (terms past the track's last term, members with no terms, empty queries, one
 * track after another), and the candidates' slots and costs on random marks, room, bids and subject parts,
 * with the rounding cases of Math.round (halves, -0, 0.49999999999999994).
 */
import { seededRandom } from '../testing/seeded-random.js';
import { buildKernel, type BuildKernel, type CostWeights } from './build-kernel.js';
import { InvertedIndex, tfidfFlat } from './text.js';

function corpus(seed: number) {
  const r = seededRandom(seed);
  const papers = 40 + r.int(40);
  const reviewers = 30 + r.int(60);
  const vocabulary = 20 + r.int(300);
  const ids: number[] = [];
  const docStart = new Int32Array(papers + reviewers + 1);
  for (let d = 0; d < papers + reviewers; d++) {
    const words = r.int(4) === 0 ? 0 : 1 + r.int(60);
    // papers may use terms no reviewer has (past the index's last term)
    const range = d < papers ? vocabulary : Math.max(1, vocabulary - 10);
    for (let k = 0; k < words; k++) ids.push(r.int(range));
    docStart[d + 1] = ids.length;
  }
  const vectors = tfidfFlat(ids, docStart, vocabulary);
  const tracks = Array.from({ length: 3 }, () => {
    const members = Array.from({ length: reviewers }, (_, i) => papers + i).filter(() => r.next() < 0.6);
    return { members, index: new InvertedIndex(vectors, Int32Array.from(members)) };
  });
  const limits = {
    maxMembers: Math.max(...tracks.map((t) => t.members.length)),
    maxPostings: Math.max(...tracks.map((t) => t.index.ids.length)),
    maxStart: Math.max(...tracks.map((t) => t.index.start.length)),
  };
  return { papers, vectors, tracks, limits, r };
}

const COSTS: CostWeights = {
  bidValue: Float64Array.of(0.5, 1, -1, 0),
  textWeight: 2,
  scale: 1000,
  subjectMax: 1,
};

const candidates = (k: BuildKernel, n: number) => ({
  slots: Array.from(k.candSlot.subarray(0, n)),
  costs: Array.from(k.candCost.subarray(0, n)),
});

describe('network build kernel', () => {
  it('cuts to the cheapest, ties to the earlier slot, with many equal costs and wide ranges', () => {
    const { papers, vectors, limits } = corpus(3);
    const r = seededRandom(9);
    for (let round = 0; round < 300; round++) {
      const n = 2 + r.int(200);
      const spread = [1, 3, 50, 5000, 2_000_000][round % 5];
      const costs = Array.from({ length: n }, () => r.int(spread) - (spread >> 1));
      const keep = 1 + r.int(n - 1);
      const out = (['wasm', 'js'] as const).map((kind) => {
        const k = buildKernel(vectors, papers, { ...limits, maxMembers: 256 }, COSTS, kind);
        costs.forEach((c, i) => {
          k.candSlot[i] = i;
          k.candCost[i] = c;
        });
        return candidates(k, k.cut(n, keep));
      });
      expect(out[0]).toEqual(out[1]);
      // against a sort: the keep cheapest (ties to the earlier), in slot order
      const expected = costs
        .map((c, i) => [c, i])
        .sort((a, b) => a[0] - b[0] || a[1] - b[1])
        .slice(0, keep)
        .map(([, i]) => i)
        .sort((a, b) => a - b);
      expect(out[1].slots).toEqual(expected);
    }
  });

  it('runs in WebAssembly here', () => {
    const { papers, vectors, limits } = corpus(1);
    expect(buildKernel(vectors, papers, limits, COSTS).kind).toBe('wasm');
    expect(buildKernel(vectors, papers, limits, COSTS, 'js').kind).toBe('js');
    // costs past 2^30 are left to JavaScript (its int32 store wraps, WebAssembly's conversion saturates)
    expect(buildKernel(vectors, papers, limits, { ...COSTS, scale: 1e12 }).kind).toBe('js');
  });

  it('scores and collects exactly as the JavaScript loops on 40 random corpora', () => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { papers, vectors, tracks, limits, r } = corpus(seed);
      const kernels = [
        buildKernel(vectors, papers, limits, COSTS, 'wasm'),
        buildKernel(vectors, papers, limits, COSTS, 'js'),
      ];
      for (const track of tracks) {
        for (const k of kernels) k.setTrack(track.index);
        const m = track.members.length;
        for (let p = 0; p < papers; p++) {
          for (const k of kernels) k.score(p, m);
          const [wasm, js] = kernels;
          expect(Array.from(wasm.scores.subarray(0, m))).toEqual(Array.from(js.scores.subarray(0, m)));
          // the same random marks, room, bids and subject parts in both
          for (let s = 0; s < m; s++) {
            const mark = r.int(5) === 0 ? 1 + r.int(2) : 0;
            const room = r.int(4) - 1;
            const rank = r.int(6) - 2;
            const subject = [0, 0, 0.5, 1][r.int(4)];
            for (const k of kernels) {
              k.mark[s] = mark;
              k.room[s] = room;
              k.bidRank[s] = rank < 0 ? -1 : rank;
              k.subject[s] = subject;
            }
          }
          const n = kernels.map((k) => k.collect(m));
          expect(n[0]).toBe(n[1]);
          expect(candidates(wasm, n[0])).toEqual(candidates(js, n[1]));
          // the cut: the same kept candidates, in slot order
          if (n[0] > 1) {
            const keep = 1 + r.int(n[0] - 1);
            const kept = kernels.map((k) => k.cut(n[0], keep));
            expect(kept).toEqual([keep, keep]);
            expect(candidates(wasm, keep)).toEqual(candidates(js, keep));
          }
          compared += m;
        }
      }
      // no index (a track without members): all zero
      kernels[0].setTrack(undefined);
      kernels[0].score(0, 5);
      expect(Array.from(kernels[0].scores.subarray(0, 5))).toEqual([0, 0, 0, 0, 0]);
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('rounds as Math.round: halves toward +∞, -0, just under a half', () => {
    const { papers, vectors, limits } = corpus(2);
    const unit: CostWeights = { bidValue: Float64Array.of(0), textWeight: 1, scale: 1, subjectMax: 0 };
    const edges = [
      2.5,
      -2.5,
      0.5,
      -0.5,
      1.5,
      -1.5,
      0.49999999999999994,
      -0.49999999999999994,
      -0.3,
      0,

      -(2 ** 30) + 0.5,
      1234.4999,
      -1234.5001,
    ];
    const results = (['wasm', 'js'] as const).map((kind) => {
      const k = buildKernel(vectors, papers, { ...limits, maxMembers: edges.length }, unit, kind);
      edges.forEach((x, s) => {
        k.scores[s] = x;
        k.room[s] = 1;
      });
      const n = k.collect(edges.length);
      return candidates(k, n).costs;
    });
    expect(results[0]).toEqual(results[1]);
    expect(results[1].slice(0, 8)).toEqual([-3, 2, -1, 0, -2, 1, 0, 0]);
  });
});
