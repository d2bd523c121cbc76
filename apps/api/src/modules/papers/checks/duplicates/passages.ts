import type { SharedPassage } from '@symposium/domain';
import { placeWords, type PlacedWords } from './normalize.js';

const { imul } = Math; // see minhash.ts

/** The longest a passage's text may be on either side. */
export const PASSAGE_MAX_CHARS = 400;

export interface SharedPassageOptions {
  /** At most this many passages, longest first (default 5). */
  max?: number;
  /** Only runs of at least this many equal words (default 12). */
  minWords?: number;
}

/**
 * A gram repeated more often than this in the second text (a table of zeros, a hostile PDF) is looked for at
 * its first places only: the work stays linear; passages made of it are found at those places only.
 */
const MAX_GRAM_PLACES = 64;

/** A maximal run of equal words: `length` words from word `a` of one text and word `b` of the other. */
interface Run {
  a: number;
  b: number;
  length: number;
}

/**
 * The passages two texts share, for the chairs' highlight: the longest runs of equal words (normalizeText's
 * words, so line breaks, hyphenation, case and punctuation do not matter), at least `minWords` long, no two
 * overlapping on either side, longest first (then in the order of the first text). Each side is that text's
 * own characters (`text.slice`) from the run's first word to its last; a run longer than 400 characters on
 * either side is cut after the same word on both sides and ends with '…' (still at most 400 characters).
 */
export function sharedPassages(
  textA: string,
  textB: string,
  opts: SharedPassageOptions = {},
): SharedPassage[] {
  const max = opts.max ?? 5;
  const minWords = Math.max(1, opts.minWords ?? 12);
  if (max <= 0) return [];
  const a = placeWords(textA);
  const b = placeWords(textB);
  const runs = commonRuns(a.words, b.words, minWords);
  runs.sort((x, y) => y.length - x.length || x.a - y.a || x.b - y.b);
  const usedA = new Uint8Array(a.words.length);
  const usedB = new Uint8Array(b.words.length);
  const out: SharedPassage[] = [];
  for (const run of runs) {
    if (out.length >= max) break;
    if (overlaps(usedA, run.a, run.length) || overlaps(usedB, run.b, run.length)) continue;
    usedA.fill(1, run.a, run.a + run.length);
    usedB.fill(1, run.b, run.b + run.length);
    out.push(passageOf(textA, a, textB, b, run));
  }
  return out;
}

/**
 * Every maximal run of at least `minWords` equal words (diagonals of the match matrix), each once: the first
 * `minWords` words of a run are looked up in an index of the second text's `minWords`-grams, a hit whose
 * preceding words are also equal is inside a run already found and skipped, any other is extended to its end.
 * Linear in the texts' length plus the number of gram hits, both bounded for a text that repeats itself.
 */
function commonRuns(wordsA: string[], wordsB: string[], minWords: number): Run[] {
  const ids = new Map<string, number>();
  const idsOf = (words: string[]): Int32Array => {
    const out = new Int32Array(words.length);
    words.forEach((w, i) => {
      let id = ids.get(w);
      if (id === undefined) ids.set(w, (id = ids.size));
      out[i] = id;
    });
    return out;
  };
  const A = idsOf(wordsA);
  const B = idsOf(wordsB);
  const runs: Run[] = [];
  if (A.length < minWords || B.length < minWords) return runs;
  const gramHash = (xs: Int32Array, at: number): number => {
    let h = 0x811c9dc5;
    for (let i = at; i < at + minWords; i++) h = imul(h ^ xs[i], 0x01000193);
    return h >>> 0;
  };
  const grams = new Map<number, number[]>();
  for (let j = 0; j + minWords <= B.length; j++) {
    const h = gramHash(B, j);
    const list = grams.get(h);
    if (!list) grams.set(h, [j]);
    else if (list.length < MAX_GRAM_PLACES) list.push(j);
  }
  // each maximal run is extended once, so texts share at most this much; only a text repeating itself
  // (thousands of maximal runs on as many diagonals) spends it, and then keeps the runs found so far
  let budget = MAX_GRAM_PLACES * (A.length + B.length);
  for (let i = 0; i + minWords <= A.length; i++) {
    const list = grams.get(gramHash(A, i));
    if (!list) continue;
    for (const j of list) {
      if (i > 0 && j > 0 && A[i - 1] === B[j - 1]) continue; // inside a run that started earlier
      let length = 0;
      while (i + length < A.length && j + length < B.length && A[i + length] === B[j + length]) length++;
      if (length >= minWords) runs.push({ a: i, b: j, length });
      budget -= length;
      if (budget < 0) return runs;
    }
  }
  return runs;
}

function overlaps(used: Uint8Array, from: number, length: number): boolean {
  for (let i = from; i < from + length; i++) if (used[i]) return true;
  return false;
}

/** The run's text on both sides, cut after the same word when either side would pass 400 characters. */
function passageOf(textA: string, a: PlacedWords, textB: string, b: PlacedWords, run: Run): SharedPassage {
  const span = (p: PlacedWords, from: number, n: number): number => p.ends[from + n - 1] - p.starts[from];
  let n = run.length;
  const fits = (m: number, limit: number): boolean =>
    span(a, run.a, m) <= limit && span(b, run.b, m) <= limit;
  let cut = false;
  if (!fits(n, PASSAGE_MAX_CHARS)) {
    cut = true;
    // the most words whose text fits beside the ellipsis on both sides (at least one word, itself cut if long)
    let lo = 1;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (fits(mid, PASSAGE_MAX_CHARS - 1)) lo = mid;
      else hi = mid - 1;
    }
    n = lo;
  }
  const side = (text: string, p: PlacedWords, from: number): string => {
    const s = text.slice(p.starts[from], p.ends[from + n - 1]);
    if (!cut) return s;
    if (s.length <= PASSAGE_MAX_CHARS - 1) return `${s}…`;
    // one word longer than the limit: cut it, not inside a surrogate pair
    let end = PASSAGE_MAX_CHARS - 1;
    if (/[\uDC00-\uDFFF]/.test(s[end])) end--;
    return `${s.slice(0, end)}…`;
  };
  return { a: side(textA, a, run.a), b: side(textB, b, run.b) };
}
