import { jest } from '@jest/globals';
import { seededPrng } from './corpus.js';
import {
  bandKeys,
  candidateProbability,
  containment,
  estimateSimilarity,
  exactJaccard,
  isEmptySignature,
  LSH_BANDS,
  LSH_ROWS,
  minhash,
  shingleHashes,
  SIGNATURE_SIZE,
  standardError,
  verifyPair,
} from './minhash.js';
import { normalizeText } from './normalize.js';

const SAMPLE = 'The quick brown fox jumps over the lazy dog near the river bank today';

/** Two word lists sharing `shared` words in a row: the first of `a` words, the second of `b`. */
function controlledPair(seed: number, shared: number, onlyA: number, onlyB: number): [string[], string[]] {
  const rand = seededPrng(seed);
  const word = () => `w${Math.floor(rand() * 1e9).toString(36)}`;
  const common = Array.from({ length: shared }, word);
  return [
    [...common, ...Array.from({ length: onlyA }, word)],
    [...Array.from({ length: onlyB }, word), ...common],
  ];
}

describe(shingleHashes.name, () => {
  it('hashes each run of five words once, sorted and distinct', () => {
    const s = shingleHashes(normalizeText(SAMPLE));
    expect(s).toHaveLength(14 - 5 + 1);
    for (let i = 1; i < s.length; i++) expect(s[i]).toBeGreaterThan(s[i - 1]);
    expect(shingleHashes(normalizeText(`${SAMPLE} ${SAMPLE}`)).length).toBe(14); // 10 + 4 straddling the seam
  });

  it('gives the same hashes on every machine (values pinned: signatures are stored and compared later)', () => {
    expect(Array.from(shingleHashes(normalizeText(SAMPLE)))).toEqual([
      11677371, 509080572, 853016621, 1022807494, 1052515857, 1202184833, 1813196219, 1923348827, 2026951211,
      2994771217,
    ]);
  });

  it('takes the order of the words into account and accepts another shingle size', () => {
    expect(shingleHashes(['a', 'b', 'c', 'd', 'e'])).not.toEqual(shingleHashes(['e', 'd', 'c', 'b', 'a']));
    expect(shingleHashes(['a', 'b', 'c'], 2)).toHaveLength(2);
    expect(shingleHashes(['a', 'b', 'c'])).toHaveLength(1); // shorter than k: one shingle of all
    expect(shingleHashes([])).toHaveLength(0);
    expect(() => shingleHashes(['a'], 0)).toThrow(RangeError);
  });
});

describe(minhash.name, () => {
  it('gives the same signature in every run and on every machine (values pinned)', () => {
    const sig = minhash(shingleHashes(normalizeText(SAMPLE)));
    expect(sig).toHaveLength(SIGNATURE_SIZE);
    expect(Array.from(sig.slice(0, 8))).toEqual([
      367369509, 654658478, 1382015999, 566768967, 494143981, 253013099, 8162476, 201620643,
    ]);
    expect(minhash(shingleHashes(normalizeText(SAMPLE.toUpperCase())))).toEqual(sig);
  });

  it('signs an empty text with the empty signature, which is like nothing', () => {
    const empty = minhash(new Uint32Array(0));
    expect(isEmptySignature(empty)).toBe(true);
    expect(estimateSimilarity(empty, empty)).toBe(0);
    expect(bandKeys(empty)).toEqual([]);
  });

  it('estimates the Jaccard similarity of controlled pairs within 3 standard errors', () => {
    for (const [seed, shared, onlyA, onlyB] of [
      [1, 3000, 0, 0],
      [2, 2700, 300, 300],
      [3, 2000, 1000, 800],
      [4, 1500, 1500, 1500],
      [5, 1000, 2000, 2500],
      [6, 400, 3000, 3000],
      [7, 0, 3000, 3000],
    ]) {
      const [wa, wb] = controlledPair(seed, shared, onlyA, onlyB);
      const a = shingleHashes(wa);
      const b = shingleHashes(wb);
      const j = exactJaccard(a, b);
      const estimate = estimateSimilarity(minhash(a), minhash(b));
      expect(Math.abs(estimate - j)).toBeLessThanOrEqual(3 * standardError(j) + 1e-9);
    }
  });

  it('errs like random permutations over many pairs: errors centred, about one standard error wide', () => {
    const rand = seededPrng(99);
    const z: number[] = [];
    for (let t = 0; t < 150; t++) {
      const [wa, wb] = controlledPair(1000 + t, 200 + Math.floor(rand() * 1600), 1000, 1000);
      const a = shingleHashes(wa);
      const b = shingleHashes(wb);
      const j = exactJaccard(a, b);
      z.push((estimateSimilarity(minhash(a), minhash(b)) - j) / standardError(j));
    }
    const mean = z.reduce((s, x) => s + x, 0) / z.length;
    const sd = Math.sqrt(z.reduce((s, x) => s + (x - mean) ** 2, 0) / z.length);
    expect(Math.abs(mean)).toBeLessThan(0.3);
    expect(sd).toBeGreaterThan(0.75);
    expect(sd).toBeLessThan(1.25);
  });
});

describe(bandKeys.name, () => {
  const sig = minhash(shingleHashes(normalizeText(SAMPLE)));

  it('gives one signed 32-bit key per band (fits a PostgreSQL integer), the same everywhere', () => {
    const keys = bandKeys(sig);
    expect(LSH_BANDS * LSH_ROWS).toBe(SIGNATURE_SIZE);
    expect(keys).toHaveLength(LSH_BANDS);
    for (const k of keys) expect(k).toBe(k | 0);
    expect(keys.slice(0, 4)).toEqual([495935041, 1199809407, 1003724398, 1879729694]);
  });

  it('mixes the band in: equal rows in two bands give different keys; a changed row changes its band only', () => {
    const same = new Uint32Array(SIGNATURE_SIZE).fill(7);
    expect(new Set(bandKeys(same)).size).toBe(LSH_BANDS);
    const changed = sig.slice();
    changed[5] ^= 1; // band 2 (rows 4 and 5)
    const before = bandKeys(sig);
    const after = bandKeys(changed);
    expect(after.filter((k, i) => k !== before[i])).toEqual([after[2]]);
  });

  it('makes pairs at J ≥ 0.5 candidates with probability ≥ 0.99 (the S-curve in index.ts)', () => {
    expect(candidateProbability(0.5)).toBeGreaterThanOrEqual(0.99);
    expect(candidateProbability(0.3)).toBeCloseTo(0.9976, 4);
    expect(candidateProbability(0.1)).toBeCloseTo(0.4744, 4);
    expect(standardError(0.5)).toBeCloseTo(0.0442, 4);
  });
});

describe(exactJaccard.name, () => {
  it('measures sorted distinct sets, and containment the share of the smaller one', () => {
    const a = Uint32Array.from([1, 2, 3, 4]);
    const b = Uint32Array.from([3, 4, 5, 6, 7, 8]);
    expect(exactJaccard(a, b)).toBeCloseTo(2 / 8);
    expect(containment(a, b)).toBeCloseTo(2 / 4);
    expect(exactJaccard(a, a)).toBe(1);
    expect(exactJaccard(a, new Uint32Array(0))).toBe(0);
    expect(exactJaccard(new Uint32Array(0), new Uint32Array(0))).toBe(0);
  });
});

describe(verifyPair.name, () => {
  /** A signature agreeing with `base` on `equal` of its values. */
  const withEqual = (base: Uint32Array, equal: number) => base.map((v, i) => (i < equal ? v : v ^ 0x55));
  const base = minhash(shingleHashes(normalizeText(SAMPLE)));

  it('trusts an estimate far above or below the threshold and asks for the exact measure near it', () => {
    const exact = jest.fn(() => 0.51);
    expect(verifyPair(base, withEqual(base, 110), 0.5, exact)).toEqual({
      similarity: 110 / 128,
      exact: false,
    });
    expect(verifyPair(base, withEqual(base, 40), 0.5, exact)).toBeNull();
    expect(exact).not.toHaveBeenCalled();
    expect(verifyPair(base, withEqual(base, 60), 0.5, exact)).toEqual({ similarity: 0.51, exact: true });
    expect(verifyPair(base, withEqual(base, 70), 0.5, () => 0.49)).toBeNull();
  });

  it('lets the estimate decide near the threshold when the exact measure is not at hand', () => {
    expect(verifyPair(base, withEqual(base, 64), 0.5)).toEqual({ similarity: 0.5, exact: false });
    expect(verifyPair(base, withEqual(base, 63), 0.5)).toBeNull();
  });
});
