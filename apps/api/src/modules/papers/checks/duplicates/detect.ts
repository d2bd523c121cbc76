import { bandKeys, exactJaccard, LSH_BANDS, verifyPair } from './minhash.js';

/** One paper as the in-memory detection sees it: its signature, and its shingles when at hand. */
export interface DetectionItem {
  signature: Uint32Array;
  /** Sorted distinct shingle hashes (shingleHashes): the grey zone is then decided by exactJaccard. */
  shingles?: Uint32Array;
}

export interface DetectedPair {
  /** Indices into the items, a < b. */
  a: number;
  b: number;
  similarity: number;
  exact: boolean;
}

export interface Detection {
  pairs: DetectedPair[];
  /** Distinct pairs sharing at least one band key. */
  candidates: number;
  /** Candidates decided by exactJaccard (the grey zone around the threshold). */
  exactChecks: number;
}

/**
 * All near-duplicate pairs among `items` at `threshold`, the way the API finds them one paper at a time: an
 * index of (band, key) → papers (the API's indexed table, here a Map per band), the candidate pairs (sharing
 * any band key), each decided by verifyPair — with exactJaccard in the grey zone when both have shingles.
 * Pairs sorted by a, then b.
 */
export function detectNearDuplicates(items: DetectionItem[], threshold: number): Detection {
  const bands = Array.from({ length: LSH_BANDS }, () => new Map<number, number[]>());
  items.forEach((item, i) => {
    bandKeys(item.signature).forEach((key, band) => {
      const list = bands[band].get(key);
      if (list) list.push(i);
      else bands[band].set(key, [i]);
    });
  });
  const n = items.length;
  const seen = new Set<number>();
  const pairs: DetectedPair[] = [];
  let exactChecks = 0;
  for (const band of bands)
    for (const list of band.values())
      for (let x = 0; x < list.length; x++)
        for (let y = x + 1; y < list.length; y++) {
          const a = list[x];
          const b = list[y];
          const id = a * n + b;
          if (seen.has(id)) continue;
          seen.add(id);
          const sa = items[a].shingles;
          const sb = items[b].shingles;
          const exact =
            sa && sb
              ? () => {
                  exactChecks++;
                  return exactJaccard(sa, sb);
                }
              : undefined;
          const verified = verifyPair(items[a].signature, items[b].signature, threshold, exact);
          if (verified) pairs.push({ a, b, ...verified });
        }
  pairs.sort((p, q) => p.a - q.a || p.b - q.b);
  return { pairs, candidates: seen.size, exactChecks };
}
