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

/** Lower-cased, accent-free word stems, stopwords and one-letter tokens dropped. */
export function tokenize(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const out: string[] = [];
  for (const raw of plain.split(/[^a-z0-9]+/)) {
    if (raw.length < 2 || STOPWORDS.has(raw) || /^\d+$/.test(raw)) continue;
    out.push(stem(raw));
  }
  return out;
}

/** A sparse, L2-normalized vector: term ids ascending with their weights. */
export interface SparseVector {
  terms: Int32Array;
  weights: Float64Array;
}

/**
 * TF-IDF over a corpus of documents (each a token list); idf = ln(1 + N / df).
 * Returns one normalized vector per document, in input order.
 */
export function tfidfVectors(docs: string[][]): SparseVector[] {
  const vocab = new Map<string, number>();
  const df: number[] = [];
  const counts: Map<number, number>[] = [];
  for (const tokens of docs) {
    const c = new Map<number, number>();
    for (const t of tokens) {
      let id = vocab.get(t);
      if (id === undefined) {
        id = vocab.size;
        vocab.set(t, id);
        df.push(0);
      }
      c.set(id, (c.get(id) ?? 0) + 1);
    }
    for (const id of c.keys()) df[id]++;
    counts.push(c);
  }
  const n = docs.length;
  return counts.map((c) => {
    const ids = [...c.keys()].sort((a, b) => a - b);
    const terms = Int32Array.from(ids);
    const weights = new Float64Array(ids.length);
    let norm = 0;
    ids.forEach((id, i) => {
      const w = (1 + Math.log(c.get(id)!)) * Math.log(1 + n / df[id]);
      weights[i] = w;
      norm += w * w;
    });
    norm = Math.sqrt(norm);
    if (norm > 0) for (let i = 0; i < weights.length; i++) weights[i] /= norm;
    return { terms, weights };
  });
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
  private readonly postings = new Map<number, { ids: Int32Array; weights: Float64Array }>();

  constructor(
    vectors: SparseVector[],
    readonly members: number[],
  ) {
    const lists = new Map<number, { ids: number[]; weights: number[] }>();
    members.forEach((docIndex, slot) => {
      const v = vectors[docIndex];
      for (let k = 0; k < v.terms.length; k++) {
        let p = lists.get(v.terms[k]);
        if (!p) lists.set(v.terms[k], (p = { ids: [], weights: [] }));
        p.ids.push(slot);
        p.weights.push(v.weights[k]);
      }
    });
    for (const [term, p] of lists)
      this.postings.set(term, { ids: Int32Array.from(p.ids), weights: Float64Array.from(p.weights) });
  }

  /** Sets out[slot] = query·member for every member slot. */
  score(query: SparseVector, out: Float64Array): void {
    out.fill(0);
    for (let k = 0; k < query.terms.length; k++) {
      const p = this.postings.get(query.terms[k]);
      if (!p) continue;
      const w = query.weights[k];
      const { ids, weights } = p;
      for (let i = 0; i < ids.length; i++) out[ids[i]] += w * weights[i];
    }
  }
}
