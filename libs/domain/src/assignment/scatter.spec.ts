/**
 * The WebAssembly text-score kernel gives exactly (to the last bit) the scores of the JavaScript loop, on
 * random vectors and tracks: terms past the track's last term, members with no terms, empty queries, one
 * track after another in the same scorer.
 */
import { seededRandom } from '../testing/seeded-random.js';
import { trackScorer } from './scatter.js';
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
  return { papers, vectors, tracks };
}

describe('track scorer', () => {
  it('runs the WebAssembly kernel here', () => {
    const { papers, vectors, tracks } = corpus(1);
    const limits = { maxMembers: 100, maxPostings: tracks[0].index.ids.length, maxStart: 400 };
    expect(trackScorer(vectors, papers, limits).kind).toBe('wasm');
    expect(trackScorer(vectors, papers, limits, 'js').kind).toBe('js');
  });

  it('gives the JavaScript sums to the last bit on 40 random corpora', () => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { papers, vectors, tracks } = corpus(seed);
      const limits = {
        maxMembers: Math.max(...tracks.map((t) => t.members.length)),
        maxPostings: Math.max(...tracks.map((t) => t.index.ids.length)),
        maxStart: Math.max(...tracks.map((t) => t.index.start.length)),
      };
      const wasm = trackScorer(vectors, papers, limits, 'wasm');
      const js = trackScorer(vectors, papers, limits, 'js');
      for (const track of tracks) {
        wasm.setTrack(track.index);
        js.setTrack(track.index);
        const m = track.members.length;
        for (let p = 0; p < papers; p++) {
          wasm.score(p, m);
          js.score(p, m);
          expect(Array.from(wasm.scores.subarray(0, m))).toEqual(Array.from(js.scores.subarray(0, m)));
          compared += m;
        }
      }
      // no index (a track without members): all zero
      wasm.setTrack(undefined);
      wasm.score(0, 5);
      expect(Array.from(wasm.scores.subarray(0, 5))).toEqual([0, 0, 0, 0, 0]);
    }
    expect(compared).toBeGreaterThan(10_000);
  });
});
