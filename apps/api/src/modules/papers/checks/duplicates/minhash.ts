/**
 * Word shingles, MinHash signatures and LSH band keys (see index.ts for the parameters and their curve).
 * All 32-bit integer arithmetic: Math.imul and shifts, no BigInt, no floating point, so a signature is the
 * same on every machine and in every process (the API stores signatures and band keys and compares them with
 * those computed later).
 */

/** Words per shingle. */
export const SHINGLE_K = 5;
/** Number of MinHash values in a signature. */
export const SIGNATURE_SIZE = 128;
/** LSH: bands of rows; two papers become candidates when all the rows of one band are equal. */
export const LSH_BANDS = 64;
export const LSH_ROWS = 2;
/**
 * Changes whenever a word hash, the shingle hash, the MinHash family or the band keys change: signatures and
 * band keys stored under another version must be computed again before they are compared.
 */
export const SIGNATURE_VERSION = 1;

/**
 * Math.imul read once: in a vm context (jest's test environment) every read of the global `Math` goes through
 * the context's interceptor, which made the MinHash loop a hundred times slower than in plain Node.
 */
const { imul } = Math;

/** murmur3's 32-bit finalizer: a bijection of the 32-bit integers with full avalanche. */
function fmix32(h: number): number {
  h = imul(h ^ (h >>> 16), 0x85ebca6b);
  h = imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** murmur3's step that folds one 32-bit block into the running hash. */
function mixBlock(h: number, k: number): number {
  k = imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (imul(h, 5) + 0xe6546b64) | 0;
}

/** FNV-1a (32-bit) over the UTF-16 code units of a word. */
function wordHash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = imul(h ^ word.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** splitmix32: the fixed seeds below, generated the same way on every machine. */
function splitmix32(state: number): () => number {
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = imul(z ^ (z >>> 16), 0x85ebca6b);
    z = imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const nextSeed = splitmix32(0x5eed_d0b1);
/** One seed per MinHash function. */
const MINHASH_SEEDS = Uint32Array.from({ length: SIGNATURE_SIZE }, nextSeed);
/** One seed per band (the band index mixed into its key), and the shingle hash's seed. */
const BAND_SEEDS = Uint32Array.from({ length: LSH_BANDS }, nextSeed);
const SHINGLE_SEED = nextSeed();

/**
 * The distinct hashes of a text's word k-shingles (k consecutive words), sorted ascending. Each word is hashed
 * once (FNV-1a); a shingle's hash folds its k word hashes in order (murmur3's block step and finalizer). A
 * text of fewer than k words (but at least one) is one shingle; no word, no shingle.
 */
export function shingleHashes(words: string[], k = SHINGLE_K): Uint32Array {
  if (!Number.isInteger(k) || k < 1)
    throw new RangeError(`shingle size must be a positive integer, not ${k}`);
  const n = words.length;
  if (n === 0) return new Uint32Array(0);
  const w = new Uint32Array(n);
  for (let i = 0; i < n; i++) w[i] = wordHash(words[i]);
  const span = Math.min(k, n);
  const count = n - span + 1;
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    let h = SHINGLE_SEED;
    for (let j = 0; j < span; j++) h = mixBlock(h, w[i + j]);
    out[i] = fmix32(h ^ span);
  }
  out.sort();
  let distinct = count > 0 ? 1 : 0;
  for (let i = 1; i < count; i++) if (out[i] !== out[distinct - 1]) out[distinct++] = out[i];
  return out.slice(0, distinct);
}

/**
 * The MinHash signature of a set of shingle hashes: for each of SIGNATURE_SIZE fixed seeds s, the least
 * fmix32(x ^ s) over the shingles x. Each function is a permutation of the 32-bit values (xor with a constant,
 * then murmur3's finalizer, itself a bijection), so two sets agree on a value with probability close to their
 * Jaccard similarity. Not a min-wise independent family in theory; in practice the finalizer's avalanche makes
 * the estimates as good as random permutations (the tests compare them with exact Jaccard within 3 standard
 * errors). Cost: 5 integer operations per shingle and function — about a million for a 12-page paper.
 * The signature of the empty set is SIGNATURE_SIZE times 0xffffffff (see isEmptySignature).
 */
export function minhash(shingles: Uint32Array): Uint32Array {
  const sig = new Uint32Array(SIGNATURE_SIZE);
  const n = shingles.length;
  for (let f = 0; f < SIGNATURE_SIZE; f++) {
    const seed = MINHASH_SEEDS[f];
    let min = 0xffffffff;
    for (let i = 0; i < n; i++) {
      let h = shingles[i] ^ seed;
      h = imul(h ^ (h >>> 16), 0x85ebca6b);
      h = imul(h ^ (h >>> 13), 0xc2b2ae35);
      h = (h ^ (h >>> 16)) >>> 0;
      if (h < min) min = h;
    }
    sig[f] = min;
  }
  return sig;
}

/** Whether a signature is that of a text without shingles (no word): such a paper is compared with nothing. */
export function isEmptySignature(signature: Uint32Array): boolean {
  for (let i = 0; i < signature.length; i++) if (signature[i] !== 0xffffffff) return false;
  return true;
}

/**
 * The LSH keys of a signature: one per band, a hash of the band's LSH_ROWS values with the band's own seed
 * mixed in (equal rows in two different bands give different keys). Signed 32-bit integers, so that they fit
 * a PostgreSQL `integer` column; the API indexes (band, key) and asks which papers share any. A signature of
 * the empty set has no key (nothing to index).
 */
export function bandKeys(signature: Uint32Array): number[] {
  checkSize(signature);
  if (isEmptySignature(signature)) return [];
  const keys = new Array<number>(LSH_BANDS);
  for (let b = 0; b < LSH_BANDS; b++) {
    let h = BAND_SEEDS[b];
    for (let r = 0; r < LSH_ROWS; r++) h = mixBlock(h, signature[b * LSH_ROWS + r]);
    keys[b] = fmix32(h ^ LSH_ROWS) | 0;
  }
  return keys;
}

/**
 * The estimated Jaccard similarity of two papers: the fraction of their MinHash values that are equal. Its
 * standard error is sqrt(J(1 − J) / SIGNATURE_SIZE) (standardError). 0 when either text had no word.
 */
export function estimateSimilarity(a: Uint32Array, b: Uint32Array): number {
  checkSize(a);
  checkSize(b);
  if (isEmptySignature(a) || isEmptySignature(b)) return 0;
  let equal = 0;
  for (let i = 0; i < SIGNATURE_SIZE; i++) if (a[i] === b[i]) equal++;
  return equal / SIGNATURE_SIZE;
}

/**
 * The exact Jaccard similarity |A ∩ B| / |A ∪ B| of two sorted arrays of distinct shingle hashes (as
 * shingleHashes returns them). 0 when either is empty.
 */
export function exactJaccard(a: Uint32Array, b: Uint32Array): number {
  const common = intersectionSize(a, b);
  return common === 0 ? 0 : common / (a.length + b.length - common);
}

/**
 * The containment |A ∩ B| / min(|A|, |B|) of two sorted arrays of distinct shingle hashes: how much of the
 * shorter text the longer one holds (a short paper copied whole into a long one has containment 1 and a low
 * Jaccard similarity). 0 when either is empty.
 */
export function containment(a: Uint32Array, b: Uint32Array): number {
  const common = intersectionSize(a, b);
  return common === 0 ? 0 : common / Math.min(a.length, b.length);
}

function intersectionSize(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let common = 0;
  const na = a.length;
  const nb = b.length;
  while (i < na && j < nb) {
    const x = a[i];
    const y = b[j];
    if (x === y) {
      common++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return common;
}

/** The standard error of estimateSimilarity for pairs of true Jaccard similarity `jaccard`. */
export const standardError = (jaccard: number): number =>
  Math.sqrt((jaccard * (1 - jaccard)) / SIGNATURE_SIZE);

/** The probability that LSH makes a pair of Jaccard similarity `jaccard` a candidate: 1 − (1 − J^rows)^bands. */
export const candidateProbability = (jaccard: number): number =>
  1 - Math.pow(1 - Math.pow(jaccard, LSH_ROWS), LSH_BANDS);

function checkSize(signature: Uint32Array): void {
  if (signature.length !== SIGNATURE_SIZE)
    throw new RangeError(`a signature has ${SIGNATURE_SIZE} values, not ${signature.length}`);
}

/** How many standard errors from the threshold an estimate must be to be trusted without the exact measure. */
export const VERIFY_MARGIN_SE = 3;

/** A verified candidate pair: its similarity and whether it is exact or estimated. */
export interface Verified {
  similarity: number;
  exact: boolean;
}

/**
 * Decides one LSH candidate pair against `threshold`: the estimate decides when it lies more than
 * VERIFY_MARGIN_SE standard errors (taken at the threshold) from it; closer (the grey zone, ±0.133 around 0.5
 * with 128 values) `exact` is asked for the exact Jaccard similarity — the API computes it from both papers'
 * texts, which it reads anyway for the shared passages. Without `exact` the estimate decides in the grey zone
 * too (a pair at J = 0.53 is then missed one time in four). Returns the similarity to report (exact when
 * computed), or null when the pair is below the threshold.
 */
export function verifyPair(
  a: Uint32Array,
  b: Uint32Array,
  threshold: number,
  exact?: () => number,
): Verified | null {
  const estimate = estimateSimilarity(a, b);
  const margin = VERIFY_MARGIN_SE * standardError(threshold);
  if (estimate >= threshold + margin) return { similarity: estimate, exact: false };
  if (estimate < threshold - margin) return null;
  if (!exact) return estimate >= threshold ? { similarity: estimate, exact: false } : null;
  const similarity = exact();
  return similarity >= threshold ? { similarity, exact: true } : null;
}
