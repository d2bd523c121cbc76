/**
 * Text similarity for reviewer affinity: TF-IDF vectors (sublinear tf, smoothed idf, L2-normalized)
 * and their cosine, computed in-process and deterministically (no model, no randomness).
 */

const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have having ' +
    'he her here hers him his how i if in into is it its itself just me more most my no nor not of off on once ' +
    'only or other our ours out over own same she should so some such than that the their theirs them then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom ' +
    'why will with would you your yours via using use used based new paper propose proposed approach show results ' +
    'study present presents method methods et al'
  ).split(' '),
);

/** Light, deterministic English stemming: plural and a few common suffixes. */
function stem(token: string): string {
  if (token.length <= 3) return token;
  if (token.endsWith('ies') && token.length > 4) return token.slice(0, -3) + 'y';
  if (token.endsWith('sses')) return token.slice(0, -2);
  if (token.endsWith('s') && !token.endsWith('ss') && !token.endsWith('us') && !token.endsWith('is'))
    token = token.slice(0, -1);
  if (token.endsWith('ing') && token.length > 5) return token.slice(0, -3);
  if (token.endsWith('ed') && token.length > 4) return token.slice(0, -2);
  return token;
}

/** Raw word → its stem, or null when dropped (stopword, one letter, digits only). Bounded. */
const stemCache = new Map<string, string | null>();
const STEM_CACHE_LIMIT = 200_000;

function stemOf(raw: string): string | null {
  let out = stemCache.get(raw);
  if (out !== undefined) return out;
  out = raw.length < 2 || STOPWORDS.has(raw) || /^\d+$/.test(raw) ? null : stem(raw);
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(raw, out);
  return out;
}

// eslint-disable-next-line no-control-regex
const NOT_ASCII = /[^\x00-\x7f]/;

/** The lower-cased, accent-free words of a text (not yet filtered nor stemmed). */
function words(text: string): string[] {
  // NFKD and the accent strip change nothing in plain ASCII: skip them there
  const plain = (
    NOT_ASCII.test(text) ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : text
  ).toLowerCase();
  return plain.split(/[^a-z0-9]+/);
}

/** Lower-cased, accent-free word stems, stopwords and one-letter tokens dropped. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const raw of words(text)) {
    if (raw.length < 2) continue;
    const s = stemOf(raw);
    if (s !== null) out.push(s);
  }
  return out;
}

/** A growable list of 32-bit integers (no boxed array to copy and collect). */
export class IntList {
  data = new Int32Array(1 << 16);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const more = new Int32Array(this.data.length * 2);
      more.set(this.data);
      this.data = more;
    }
    this.data[this.length++] = value;
  }
}

/**
 * Texts straight to term ids (the stems of `tokenize`, numbered in order of first appearance). The text
 * is scanned by character codes and each word looked up in an open-addressing table keyed by the
 * characters themselves: no string is made for a word already seen, the stemming is done once per
 * distinct word.
 */
export class TermIds {
  private readonly stems = new Map<string, number>();
  /** distinct raw words: the word, its hash and its term id (-1 when dropped) */
  private keys: (string | undefined)[] = new Array(1024);
  private hashes = new Int32Array(1024);
  private values = new Int32Array(1024);
  private used = 0;

  get size(): number {
    return this.stems.size;
  }

  /** Appends the term ids of the text's tokens, in order, to `out`. */
  add(text: string, out: { push(id: number): void }): void {
    const plain = NOT_ASCII.test(text)
      ? text
          .normalize('NFKD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()
      : text.toLowerCase();
    const n = plain.length;
    let start = -1;
    let h = 0;
    for (let i = 0; i <= n; i++) {
      const c = i < n ? plain.charCodeAt(i) : 0;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
        if (start < 0) {
          start = i;
          h = 0;
        }
        h = (Math.imul(h, 31) + c) | 0;
      } else if (start >= 0) {
        if (i - start >= 2) {
          const id = this.lookup(plain, start, i, h);
          if (id >= 0) out.push(id);
        }
        start = -1;
      }
    }
  }

  private lookup(text: string, start: number, end: number, h: number): number {
    const mask = this.hashes.length - 1;
    const len = end - start;
    let slot = h & mask;
    for (;;) {
      const key = this.keys[slot];
      if (key === undefined) break;
      if (this.hashes[slot] === h && key.length === len) {
        let j = 0;
        while (j < len && key.charCodeAt(j) === text.charCodeAt(start + j)) j++;
        if (j === len) return this.values[slot];
      }
      slot = (slot + 1) & mask;
    }
    const word = text.slice(start, end);
    const s = stemOf(word);
    let id = -1;
    if (s !== null) {
      const known = this.stems.get(s);
      if (known === undefined) this.stems.set(s, (id = this.stems.size));
      else id = known;
    }
    this.keys[slot] = word;
    this.hashes[slot] = h;
    this.values[slot] = id;
    if (++this.used * 2 > this.hashes.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const { keys, hashes, values } = this;
    const size = hashes.length * 2;
    const mask = size - 1;
    this.keys = new Array(size);
    this.hashes = new Int32Array(size);
    this.values = new Int32Array(size);
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === undefined) continue;
      let slot = hashes[i] & mask;
      while (this.keys[slot] !== undefined) slot = (slot + 1) & mask;
      this.keys[slot] = keys[i];
      this.hashes[slot] = hashes[i];
      this.values[slot] = values[i];
    }
  }
}

/** A sparse, L2-normalized vector: term ids ascending with their weights. */
export interface SparseVector {
  terms: Int32Array;
  weights: Float64Array;
}

/**
 * TF-IDF over a corpus of documents (each a token list); idf = ln(1 + N / df).
 * Returns one normalized vector per document, in input order (term ids in order of first appearance).
 */
export function tfidfVectors(docs: string[][]): SparseVector[] {
  const vocab = new Map<string, number>();
  const ids: number[] = [];
  const docStart = new Int32Array(docs.length + 1);
  docs.forEach((tokens, d) => {
    for (const t of tokens) {
      let id = vocab.get(t);
      if (id === undefined) vocab.set(t, (id = vocab.size));
      ids.push(id);
    }
    docStart[d + 1] = ids.length;
  });
  return tfidfOfIds(ids, docStart, vocab.size);
}

/**
 * TF-IDF of documents given as term ids: document d is ids[docStart[d] .. docStart[d + 1]), ids in
 * 0 .. vocabulary - 1. Each document's ids are counted in one reused typed array (no map per document).
 */
export function tfidfOfIds(ids: ArrayLike<number>, docStart: Int32Array, vocabulary: number): SparseVector[] {
  const D = docStart.length - 1;
  const total = docStart[D];
  const V = vocabulary;
  const df = new Int32Array(V);
  const count = new Int32Array(V);
  const distinctStart = new Int32Array(D + 1);
  const distinct = new Int32Array(total);
  const distinctCount = new Int32Array(total);
  let nd = 0;
  for (let d = 0; d < D; d++) {
    const from = nd;
    for (let i = docStart[d]; i < docStart[d + 1]; i++) {
      const id = ids[i];
      if (count[id]++ === 0) distinct[nd++] = id;
    }
    distinct.subarray(from, nd).sort();
    for (let i = from; i < nd; i++) {
      const id = distinct[i];
      distinctCount[i] = count[id];
      count[id] = 0;
      df[id]++;
    }
    distinctStart[d + 1] = nd;
  }
  // weights: (1 + ln tf) · ln(1 + N / df), normalized, summed in ascending term order
  const idf = new Float64Array(V);
  for (let id = 0; id < V; id++) idf[id] = Math.log(1 + D / df[id]);
  const out: SparseVector[] = new Array(D);
  for (let d = 0; d < D; d++) {
    const from = distinctStart[d];
    const len = distinctStart[d + 1] - from;
    const terms = distinct.slice(from, from + len);
    const weights = new Float64Array(len);
    let norm = 0;
    for (let i = 0; i < len; i++) {
      const w = (1 + Math.log(distinctCount[from + i])) * idf[terms[i]];
      weights[i] = w;
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (let i = 0; i < len; i++) weights[i] /= norm;
    out[d] = { terms, weights };
  }
  return out;
}

/** Cosine of two normalized sparse vectors (merge of the sorted term lists). */
export function cosine(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let s = 0;
  const at = a.terms;
  const bt = b.terms;
  while (i < at.length && j < bt.length) {
    if (at[i] === bt[j]) s += a.weights[i++] * b.weights[j++];
    else if (at[i] < bt[j]) i++;
    else j++;
  }
  return s;
}

/**
 * Inverted index over a set of vectors, for scoring one query against all of them at once
 * (sum over the query's terms of the postings), much faster than pairwise merges on large sets.
 */
export class InvertedIndex {
  /** Postings in CSR form: term t's members are ids[start[t] .. start[t + 1]) in slot order. */
  private readonly start: Int32Array;
  private readonly ids: Int32Array;
  private readonly weights: Float64Array;

  constructor(
    vectors: SparseVector[],
    readonly members: number[],
  ) {
    let maxTerm = -1;
    let total = 0;
    for (const docIndex of members) {
      const t = vectors[docIndex].terms;
      if (t.length && t[t.length - 1] > maxTerm) maxTerm = t[t.length - 1];
      total += t.length;
    }
    const start = new Int32Array(maxTerm + 2);
    for (const docIndex of members) for (const t of vectors[docIndex].terms) start[t + 1]++;
    for (let t = 0; t <= maxTerm; t++) start[t + 1] += start[t];
    const fill = start.slice(0, maxTerm + 1);
    const ids = new Int32Array(total);
    const weights = new Float64Array(total);
    members.forEach((docIndex, slot) => {
      const v = vectors[docIndex];
      for (let k = 0; k < v.terms.length; k++) {
        const at = fill[v.terms[k]]++;
        ids[at] = slot;
        weights[at] = v.weights[k];
      }
    });
    this.start = start;
    this.ids = ids;
    this.weights = weights;
  }

  /** Sets out[slot] = query·member for every member slot. */
  score(query: SparseVector, out: Float64Array): void {
    out.fill(0);
    const { start, ids, weights } = this;
    const last = start.length - 1;
    for (let k = 0; k < query.terms.length; k++) {
      const t = query.terms[k];
      if (t >= last) continue;
      const w = query.weights[k];
      for (let i = start[t], end = start[t + 1]; i < end; i++) out[ids[i]] += w * weights[i];
    }
  }
}
