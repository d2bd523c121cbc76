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

export function stemOf(raw: string): string | null {
  let out = stemCache.get(raw);
  if (out !== undefined) return out;
  out = raw.length < 2 || STOPWORDS.has(raw) || /^\d+$/.test(raw) ? null : stem(raw);
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(raw, out);
  return out;
}

// eslint-disable-next-line no-control-regex
const NOT_ASCII = /[^\x00-\x7f]/;

/**
 * The text without accents (NFKD, combining marks dropped) and lower-cased where it is not plain ASCII; a
 * plain ASCII text as it is (its upper case is folded by the readers, character by character).
 */
export function foldedText(text: string): string {
  return NOT_ASCII.test(text)
    ? text
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
    : text;
}

/** The lower-cased, accent-free words of a text (not yet filtered nor stemmed). */
function words(text: string): string[] {
  return foldedText(text)
    .toLowerCase()
    .split(/[^a-z0-9]+/);
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

/**
 * A growable list of 32-bit integers (no boxed array to copy and collect). `capacity` is a first size: a
 * large one that is never filled costs nothing (the pages of a large buffer are only made when written).
 */
export class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity = 1 << 16) {
    this.data = new Int32Array(Math.max(16, capacity));
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const more = new Int32Array(this.data.length * 2);
      more.set(this.data);
      this.data = more;
    }
    this.data[this.length++] = value;
  }
  append(values: Int32Array): void {
    if (this.length + values.length > this.data.length) {
      let size = this.data.length * 2;
      while (size < this.length + values.length) size *= 2;
      const more = new Int32Array(size);
      more.set(this.data.subarray(0, this.length));
      this.data = more;
    }
    this.data.set(values, this.length);
    this.length += values.length;
  }
}

/** Character code → its letter or digit class 0..35 (upper case folded to lower case), -1 for the others. */
const CHAR_CLASS = (() => {
  const out = new Int8Array(128).fill(-1);
  for (let c = 0; c < 26; c++) {
    out[97 + c] = c;
    out[65 + c] = c;
  }
  for (let d = 0; d < 10; d++) out[48 + d] = 26 + d;
  return out;
})();
const CLASSES = 36;

/**
 * Texts straight to term ids (the stems of `tokenize`, numbered in order of first appearance). The text is
 * read character by character through a trie of the words seen so far (one array look-up a character, no
 * string made for a known word, no hashing nor comparing); a word's stem is computed once, when the word is
 * first met.
 */
export class TermIds {
  private readonly stems = new Map<string, number>();
  /** trie: next[state * CLASSES + class] is the next state (0: none yet); state 0 is the root */
  private next = new Int32Array(1024 * CLASSES);
  /** per state: term id of the word ending there, -1 dropped, -2 not looked up yet */
  private term = new Int32Array(1024).fill(-2);
  private states = 1;

  get size(): number {
    return this.stems.size;
  }

  /** Appends the term ids of the text's tokens, in order, to `out`. */
  add(text: string, out: { push(id: number): void }): void {
    const plain = foldedText(text);
    const n = plain.length;
    let next = this.next;
    let state = 0;
    let start = -1;
    for (let i = 0; i <= n; i++) {
      const c = i < n ? plain.charCodeAt(i) : 0;
      const k = c < 128 ? CHAR_CLASS[c] : -1;
      if (k >= 0) {
        if (start < 0) {
          start = i;
          state = 0;
        }
        let to = next[state * CLASSES + k];
        if (to === 0) {
          to = this.newState(state, k);
          next = this.next;
        }
        state = to;
      } else if (start >= 0) {
        if (i - start >= 2) {
          let id = this.term[state];
          if (id === -2) id = this.termOf(state, plain, start, i);
          if (id >= 0) out.push(id);
        }
        start = -1;
      }
    }
  }

  private newState(from: number, k: number): number {
    if (this.states === this.term.length) {
      const next = new Int32Array(this.next.length * 2);
      next.set(this.next);
      this.next = next;
      const term = new Int32Array(this.term.length * 2).fill(-2);
      term.set(this.term);
      this.term = term;
    }
    const to = this.states++;
    this.next[from * CLASSES + k] = to;
    return to;
  }

  /** The term id of the word text[start..end) (ASCII letters and digits) ending at this state, looked up once. */
  private termOf(state: number, text: string, start: number, end: number): number {
    const s = stemOf(text.slice(start, end).toLowerCase());
    let id = -1;
    if (s !== null) {
      const known = this.stems.get(s);
      if (known === undefined) this.stems.set(s, (id = this.stems.size));
      else id = known;
    }
    this.term[state] = id;
    return id;
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
 * TF-IDF vectors of many documents in three flat arrays (no object per document): document d's term ids
 * ascending are terms[start[d] .. start[d + 1]) with their weights at the same positions.
 */
export interface FlatVectors {
  start: Int32Array;
  terms: Int32Array;
  weights: Float64Array;
}

/**
 * TF-IDF of documents given as term ids: document d is ids[docStart[d] .. docStart[d + 1]), ids in
 * 0 .. vocabulary - 1. Each document's ids are counted in one reused typed array (no map per document).
 */
export function tfidfOfIds(ids: ArrayLike<number>, docStart: Int32Array, vocabulary: number): SparseVector[] {
  const { start, terms, weights } = tfidfFlat(ids, docStart, vocabulary);
  const D = docStart.length - 1;
  const out: SparseVector[] = new Array(D);
  for (let d = 0; d < D; d++)
    out[d] = { terms: terms.slice(start[d], start[d + 1]), weights: weights.slice(start[d], start[d + 1]) };
  return out;
}

/**
 * tfidfOfIds in the flat form. Each document's distinct terms are put in ascending order by one counting
 * sort over all documents (by term, then back to the documents in term order) instead of a sort per
 * document. A term's first occurrence in a document is told by the document last seen with it (no reset
 * pass), and the counts are taken again per document when the weights are made: three arrays of the entries'
 * size (the documents by term, the terms, the weights) instead of six, fewer fresh pages to touch in a cold
 * worker.
 */
export function tfidfFlat(ids: ArrayLike<number>, docStart: Int32Array, vocabulary: number): FlatVectors {
  const D = docStart.length - 1;
  const V = vocabulary;
  const df = new Int32Array(V);
  const start = new Int32Array(D + 1);
  // per term, 1 + the last document that had it
  const last = new Int32Array(V);
  for (let d = 0; d < D; d++) {
    let distinct = 0;
    const mark = d + 1;
    for (let i = docStart[d], end = docStart[d + 1]; i < end; i++) {
      const id = ids[i];
      if (last[id] !== mark) {
        last[id] = mark;
        df[id]++;
        distinct++;
      }
    }
    start[d + 1] = start[d] + distinct;
  }
  const nd = start[D];
  // by term: the documents that have it, ascending
  const termAt = new Int32Array(V + 1);
  for (let id = 0; id < V; id++) termAt[id + 1] = termAt[id] + df[id];
  const byTermDoc = new Int32Array(nd);
  last.fill(0);
  for (let d = 0; d < D; d++) {
    const mark = d + 1;
    for (let i = docStart[d], end = docStart[d + 1]; i < end; i++) {
      const id = ids[i];
      if (last[id] !== mark) {
        last[id] = mark;
        byTermDoc[termAt[id]++] = d;
      }
    }
  }
  // back to the documents, terms ascending
  const terms = new Int32Array(nd);
  const fill = start.slice(0, D);
  for (let id = 0, at = 0; id < V; id++)
    for (const end = at + df[id]; at < end; at++) terms[fill[byTermDoc[at]]++] = id;
  // weights: (1 + ln tf) · ln(1 + N / df), normalized, summed in ascending term order
  const idf = new Float64Array(V);
  for (let id = 0; id < V; id++) idf[id] = Math.log(1 + D / df[id]);
  // 1 + ln tf for the small counts, once
  const logTf = new Float64Array(64);
  for (let c = 1; c < 64; c++) logTf[c] = 1 + Math.log(c);
  const count = last;
  count.fill(0);
  const weights = new Float64Array(nd);
  for (let d = 0; d < D; d++) {
    for (let i = docStart[d], end = docStart[d + 1]; i < end; i++) count[ids[i]]++;
    const from = start[d];
    const to = start[d + 1];
    let norm = 0;
    for (let i = from; i < to; i++) {
      const t = terms[i];
      const c = count[t];
      count[t] = 0;
      const w = (c < 64 ? logTf[c] : 1 + Math.log(c)) * idf[t];
      weights[i] = w;
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (let i = from; i < to; i++) weights[i] /= norm;
  }
  return { start, terms, weights };
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
  readonly start: Int32Array;
  readonly ids: Int32Array;
  readonly weights: Float64Array;

  /** members[slot] is the index of the slot's vector in `vectors` (an array, or the flat form). */
  constructor(vectors: SparseVector[] | FlatVectors, members: ArrayLike<number>) {
    // the members' vectors as [terms, weights, from, to] (index loops: this runs once per track, before
    // the JIT has seen it, where for-of and subarray would allocate per element)
    const M = members.length;
    const termsOf: Int32Array[] = new Array(M);
    const weightsOf: Float64Array[] = new Array(M);
    const from = new Int32Array(M);
    const to = new Int32Array(M);
    for (let slot = 0; slot < M; slot++) {
      const doc = members[slot];
      if (Array.isArray(vectors)) {
        termsOf[slot] = vectors[doc].terms;
        weightsOf[slot] = vectors[doc].weights;
        to[slot] = vectors[doc].terms.length;
      } else {
        termsOf[slot] = vectors.terms;
        weightsOf[slot] = vectors.weights;
        from[slot] = vectors.start[doc];
        to[slot] = vectors.start[doc + 1];
      }
    }
    let maxTerm = -1;
    let total = 0;
    for (let slot = 0; slot < M; slot++) {
      if (to[slot] > from[slot]) maxTerm = Math.max(maxTerm, termsOf[slot][to[slot] - 1]);
      total += to[slot] - from[slot];
    }
    const start = new Int32Array(maxTerm + 2);
    for (let slot = 0; slot < M; slot++) {
      const terms = termsOf[slot];
      for (let k = from[slot]; k < to[slot]; k++) start[terms[k] + 1]++;
    }
    for (let t = 0; t <= maxTerm; t++) start[t + 1] += start[t];
    const fill = start.slice(0, maxTerm + 1);
    const ids = new Int32Array(total);
    const weights = new Float64Array(total);
    for (let slot = 0; slot < M; slot++) {
      const terms = termsOf[slot];
      const w = weightsOf[slot];
      for (let k = from[slot]; k < to[slot]; k++) {
        const at = fill[terms[k]]++;
        ids[at] = slot;
        weights[at] = w[k];
      }
    }
    this.start = start;
    this.ids = ids;
    this.weights = weights;
  }

  /** Sets out[slot] = query·member for every member slot. */
  score(query: SparseVector, out: Float64Array): void {
    out.fill(0);
    this.accumulate(query.terms, query.weights, 0, query.terms.length, out);
  }

  /**
   * Adds to out[slot] (which the caller zeroed) the product of every member with the query given as
   * terms[from..to) and their weights, term by term in that order.
   */
  accumulate(terms: Int32Array, qWeights: Float64Array, from: number, to: number, out: Float64Array): void {
    const { start, ids, weights } = this;
    const last = start.length - 1;
    for (let k = from; k < to; k++) {
      const t = terms[k];
      if (t >= last) continue;
      const w = qWeights[k];
      for (let i = start[t], end = start[t + 1]; i < end; i++) out[ids[i]] += w * weights[i];
    }
  }
}
