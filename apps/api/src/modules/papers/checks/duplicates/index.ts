/**
 * Near-duplicate submissions (issue 26): the engine the API's background job calls after each submission with
 * the paper's extracted PDF text (pages separated by '\f'), to compare it with every other submission of the
 * conference. Pure TypeScript, deterministic, no I/O.
 *
 * Pipeline. normalizeText → shingleHashes (distinct word 5-shingles, 32-bit) → minhash (128 values) →
 * bandKeys (64 keys). The API stores the signature and the (band, key) rows of each paper; a new paper's
 * candidates are the papers sharing any (band, key) with it; each candidate is decided by verifyPair against
 * the track's threshold (TrackChecks.duplicateThreshold, default 0.5): the MinHash estimate decides when it is
 * clearly above or below, exactJaccard of both texts' shingles in the grey zone between; sharedPassages gives
 * the chairs the passages to highlight; titleKey / abstractKey give "same title" / "same abstract" across
 * tracks.
 *
 * Similarity: the Jaccard similarity J = |A ∩ B| / |A ∪ B| of the two papers' sets of word 5-shingles (five
 * consecutive normalized words). Keeping a share f of a paper's text and writing the rest anew gives at most
 * J = f / (2 − f), less the shingles that straddle a rewritten paragraph's edges (and page numbers that fall
 * elsewhere): J = 0.5 is about two thirds of the text shared. On the generated corpus (corpus.ts, 3,000
 * papers) 30 % of the paragraphs rewritten measured J 0.477–0.541 over 18 copies, 3 of them below 0.5; 50 %
 * rewritten 0.30–0.34; a shared related-work section 0.03–0.05; unrelated papers at most 0.006. So at the
 * default threshold 0.5 a 30 %-rewritten copy sits on the threshold and is listed about 5 times in 6 — the
 * measure's limit, not the search's (every pair at J ≥ 0.5 is found); a threshold of 0.4 lists all of them
 * and still none of the half-rewritten pairs. containment() (the share of the shorter text found in the
 * other: 0.65–0.72 for those copies) is there for a copy of a short paper inside a long one.
 *
 * MinHash. SIGNATURE_SIZE = 128 functions h_s(x) = fmix32(x ^ s): xor with a fixed seed s then murmur3's
 * finalizer, a bijection of the 32-bit values (a permutation of the hash space), all in Math.imul and shifts.
 * Chosen over (a·x + b) mod p: as fast as it gets in JavaScript (no 64-bit product to split) and, the
 * finalizer having full avalanche, the estimates behave as with random permutations (tested against exact
 * Jaccard within 3 standard errors). Seeds come from splitmix32 with a fixed start: the same on every machine;
 * SIGNATURE_VERSION names this family. The estimate (fraction of equal values) has standard error
 * sqrt(J(1 − J)/128): 0.041 at J = 0.3, 0.044 at 0.5, 0.041 at 0.7, 0.027 at 0.9.
 *
 * LSH. LSH_BANDS = 64 bands × LSH_ROWS = 2 rows. A pair of similarity J becomes a candidate with probability
 * 1 − (1 − J²)^64 (candidateProbability):
 *     J = 0.1: 0.474   J = 0.2: 0.927   J = 0.3: 0.9976   J = 0.5: 1 − 1.0e-8   J = 0.7: 1 − 2e-19   J = 0.9: 1 − 1e-46
 * so pairs at J ≥ 0.5 are found with probability ≥ 0.99 (by far), and a chair who lowers the threshold to
 * 0.3 still finds 99.8 % of those pairs. Of the other splits of 128, 32 × 4 misses the 0.99 (0.873 at
 * J = 0.5) and 128 × 1 makes a candidate of nearly every pair that shares a phrase. The cost is more
 * candidates among unrelated papers of the same field (J 0.01–0.05: 0.6 %–15 %), each rejected by comparing
 * two 128-value signatures: 97 candidate pairs among the 4.5 million pairs of the 3,000-paper corpus.
 */
export {
  SHINGLE_K,
  SIGNATURE_SIZE,
  LSH_BANDS,
  LSH_ROWS,
  SIGNATURE_VERSION,
  VERIFY_MARGIN_SE,
  shingleHashes,
  minhash,
  isEmptySignature,
  bandKeys,
  estimateSimilarity,
  exactJaccard,
  containment,
  standardError,
  candidateProbability,
  verifyPair,
  type Verified,
} from './minhash.js';
export { normalizeText, placeWords, textKey, titleKey, abstractKey, type PlacedWords } from './normalize.js';
export { detectNearDuplicates, type DetectionItem, type DetectedPair, type Detection } from './detect.js';
export { sharedPassages, PASSAGE_MAX_CHARS, type SharedPassageOptions } from './passages.js';
