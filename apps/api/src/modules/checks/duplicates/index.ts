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
 * consecutive normalized words). Keeping a share f of a paper's text and writing the rest anew gives
 * J ≈ f / (2 − f): 70 % kept (30 % rewritten) is J ≈ 0.54 minus the shingles that straddle a rewritten
 * paragraph's edges — about 0.51–0.53 on the generated corpus, above the 0.5 threshold but close to it,
 * which is why the grey zone is decided exactly; 50 % kept is J ≈ 0.33.
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
 * 0.3 still finds 99.8 % of those pairs. The other splits of 128 fail the 0.99 (32 × 4: 0.873 at J = 0.5).
 * The cost is more candidates among unrelated papers of the same field (J around 0.01–0.05: 0.6 %–15 %),
 * each rejected by comparing two 128-value signatures.
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
