/**
 * A generated corpus of paper texts with planted near-duplicates, for the duplicate check's tests and bench
 * (bench/checks/duplicates.js); not used by the API itself.
 *
 * Realistic negatives, not trivially different papers: every paper draws its words from one vocabulary of a
 * few thousand words (real function words first, then pseudo-words) with a Zipf-like law, mixed with its
 * topic's own words and multi-word terms (20 topics, so same-topic papers share terms), and sprinkles common
 * phrases ("in this paper we propose", "the rest of this paper is organized as follows"); section headings and
 * page numbers are the same in all. A text is rendered as extracted from a PDF: lines of 70–100 characters,
 * words hyphenated at line ends, pages separated by '\f'; a copy is rendered with another line width, so its
 * line breaks and hyphenation differ from its source's.
 *
 * Planted, per 500 papers (one "set" each, source and copy both in the set's block of 500):
 *  - identical: the same text under another title (duplicate);
 *  - rewritten30: 30 % of the paragraphs (abstract included) replaced by new text (duplicate);
 *  - overlap70 ×2, overlap90: 70 % / 90 % of the paragraphs kept, the rest new (duplicates);
 *  - overlap50 ×2: half the paragraphs kept (word-5-shingle Jaccard about 0.33: below the 0.5 threshold);
 *  - sharedRelatedWork ×2: a different paper of the same topic that reuses the source's first three
 *    paragraphs (about 7 % of it; a hard negative, below the threshold).
 */

// read once: global lookups are slow in jest's vm context (see minhash.ts)
const { imul, floor, pow, min } = Math;

/** mulberry32: a small seeded PRNG, the same sequence on every machine. */
export function seededPrng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = imul(a ^ (a >>> 15), 1 | a);
    t = (t + imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type PlantKind =
  'identical' | 'rewritten30' | 'overlap70' | 'overlap90' | 'overlap50' | 'sharedRelatedWork';

export interface PlantedPair {
  /** The source paper's index. */
  a: number;
  /** The copy's index. */
  b: number;
  kind: PlantKind;
  /** The fraction of the copy's paragraphs taken from the source. */
  kept: number;
  /** Whether the pair is meant to be found at the default threshold (0.5). */
  duplicate: boolean;
}

export interface CorpusPaper {
  title: string;
  abstract: string;
  /** The whole text as extracted from the PDF: title, abstract, body; pages separated by '\f'. */
  text: string;
}

export interface Corpus {
  papers: CorpusPaper[];
  planted: PlantedPair[];
}

const FUNCTION_WORDS = (
  'the of and a to in is we that for this are on with as by be an it which from our can at not or each these ' +
  'their than has have been more two its also such one all but when where both between into used using only ' +
  'other they may new first however then each so well most over same while there three under since based thus'
).split(' ');

const COMMON_PHRASES = [
  'in this paper we propose',
  'the rest of this paper is organized as follows',
  'to the best of our knowledge',
  'experimental results show that',
  'we would like to thank the anonymous reviewers',
  'in the remainder of this section',
  'as shown in the table',
  'it is worth noting that',
  'on the other hand',
  'the main contributions of this paper are',
  'in contrast to previous work',
  'we leave this for future work',
  'as can be seen from the results',
  'without loss of generality',
  'state of the art methods',
  'in this section we describe',
  'the proposed approach outperforms',
  'we evaluate our approach on',
  'is beyond the scope of this paper',
  'a large number of',
];

const SECTION_HEADINGS = [
  'Introduction',
  'Related Work',
  'Background',
  'Method',
  'Experimental Setup',
  'Results',
  'Discussion',
  'Conclusion',
];

const TOPICS = 20;
const VOCABULARY = 4000;
const TOPIC_WORDS = 250;
const TOPIC_TERMS = 30;

interface Vocab {
  words: string[];
  /** Cumulative Zipf–Mandelbrot weights of the global vocabulary. */
  cdf: Float64Array;
  topics: { words: string[]; cdf: Float64Array; terms: string[][] }[];
}

function zipfCdf(n: number, s: number, q: number): Float64Array {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) cdf[r] = sum += 1 / pow(r + 1 + q, s);
  for (let r = 0; r < n; r++) cdf[r] /= sum;
  return cdf;
}

function pick(cdf: Float64Array, u: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function buildVocab(rand: () => number): Vocab {
  const onsets = 'b c d f g h j k l m n p r s t v w z br cr dr fl gr pl pr st tr th ch sh'.split(' ');
  const vowels = 'a e i o u ai ea io ou'.split(' ');
  const codas = ['', '', '', 'n', 'r', 's', 'l', 'x', 'm', 'nt', 'st'];
  const of = <T>(xs: T[]): T => xs[floor(rand() * xs.length)];
  const seen = new Set(FUNCTION_WORDS);
  const words = [...FUNCTION_WORDS];
  while (words.length < VOCABULARY) {
    const syllables = 1 + floor(rand() * 4);
    let w = '';
    for (let i = 0; i < syllables; i++) w += of(onsets) + of(vowels) + (i === syllables - 1 ? of(codas) : '');
    if (w.length >= 3 && !seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  const topics = Array.from({ length: TOPICS }, () => {
    // a topic's words: pseudo-words of middle rank, its own Zipf law over them
    const own: string[] = [];
    const taken = new Set<string>();
    while (own.length < TOPIC_WORDS) {
      const w =
        words[FUNCTION_WORDS.length + 200 + floor(rand() * (VOCABULARY - FUNCTION_WORDS.length - 200))];
      if (!taken.has(w)) {
        taken.add(w);
        own.push(w);
      }
    }
    const terms = Array.from({ length: TOPIC_TERMS }, () =>
      Array.from({ length: 2 + floor(rand() * 3) }, () => own[floor(rand() * 60)]),
    );
    return { words: own, cdf: zipfCdf(TOPIC_WORDS, 1.1, 1), terms };
  });
  return { words, cdf: zipfCdf(VOCABULARY, 1.05, 2.7), topics };
}

/** A paper before rendering: sentences (lists of words) in paragraphs, the abstract paragraph 0. */
interface Draft {
  topic: number;
  title: string[];
  /** paragraphs[0] is the abstract; the body's paragraphs follow, `sectionStarts` says where sections begin. */
  paragraphs: string[][][];
  sectionStarts: number[];
}

class Writer {
  constructor(
    private readonly vocab: Vocab,
    private readonly rand: () => number,
  ) {}

  sentence(topic: number): string[] {
    const t = this.vocab.topics[topic];
    const length = 8 + floor(this.rand() * 18);
    const out: string[] = [];
    if (this.rand() < 0.12)
      out.push(...COMMON_PHRASES[floor(this.rand() * COMMON_PHRASES.length)].split(' '));
    while (out.length < length) {
      const u = this.rand();
      if (u < 0.06) out.push(...t.terms[floor(this.rand() * t.terms.length)]);
      else if (u < 0.32) out.push(t.words[pick(t.cdf, this.rand())]);
      else if (u < 0.325) out.push(String(floor(this.rand() * 100)));
      else out.push(this.vocab.words[pick(this.vocab.cdf, this.rand())]);
    }
    return out;
  }

  paragraph(topic: number): string[][] {
    const target = 60 + floor(this.rand() * 80);
    const out: string[][] = [];
    for (let n = 0; n < target;) {
      const s = this.sentence(topic);
      out.push(s);
      n += s.length;
    }
    return out;
  }

  title(topic: number): string[] {
    const t = this.vocab.topics[topic];
    return Array.from({ length: 6 + floor(this.rand() * 6) }, (_, i) =>
      i % 3 === 1 ? FUNCTION_WORDS[floor(this.rand() * 8)] : t.words[floor(this.rand() * 80)],
    );
  }

  draft(topic: number): Draft {
    const words = 3000 + floor(this.rand() * 3000);
    const paragraphs = [this.paragraph(topic)];
    const sectionStarts: number[] = [];
    let n = 0;
    for (let section = 0; n < words; section = min(section + 1, SECTION_HEADINGS.length - 1)) {
      sectionStarts.push(paragraphs.length);
      const count = 3 + floor(this.rand() * 5);
      for (let i = 0; i < count && n < words; i++) {
        const p = this.paragraph(topic);
        paragraphs.push(p);
        n += p.reduce((a, s) => a + s.length, 0);
      }
    }
    return { topic, title: this.title(topic), paragraphs, sectionStarts };
  }
}

const capital = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

/** Renders a draft as a PDF's extracted text: wrapped lines, line-end hyphenation, pages split by '\f'. */
function render(
  d: Draft,
  lineWidth: number,
  rand: () => number,
): { title: string; abstract: string; text: string } {
  const lines: string[] = [];
  const wrap = (words: string[]): void => {
    let line = '';
    for (const word of words) {
      if (!line) line = word;
      else if (line.length + 1 + word.length <= lineWidth) line += ' ' + word;
      else {
        const room = lineWidth - line.length - 2; // the blank and the hyphen
        const letters = /^\p{L}+/u.exec(word)?.[0].length ?? 0;
        if (room >= 3 && letters >= 7) {
          const cut = min(room, letters - 3);
          lines.push(`${line} ${word.slice(0, cut)}-`);
          line = word.slice(cut);
        } else {
          lines.push(line);
          line = word;
        }
      }
    }
    if (line) lines.push(line);
  };
  const sentenceWords = (s: string[]): string[] =>
    s.map((w, i) => {
      let out = i === 0 ? capital(w) : w;
      if (i === s.length - 1) out += '.';
      else if (rand() < 0.05) out += ',';
      return out;
    });
  const paragraphWords = (p: string[][]): string[] => p.flatMap(sentenceWords);
  const title = d.title.map((w, i) => (i === 0 || w.length > 3 ? capital(w) : w)).join(' ');
  const abstract = paragraphWords(d.paragraphs[0]).join(' ');
  wrap(title.split(' '));
  lines.push('', 'Abstract');
  wrap(abstract.split(' '));
  let section = 0;
  for (let i = 1; i < d.paragraphs.length; i++) {
    if (d.sectionStarts[section] === i) {
      lines.push('', `${section + 1} ${SECTION_HEADINGS[min(section, SECTION_HEADINGS.length - 1)]}`);
      section++;
    }
    wrap(paragraphWords(d.paragraphs[i]));
  }
  const pages: string[] = [];
  for (let i = 0; i < lines.length; i += 48)
    pages.push([...lines.slice(i, i + 48), '', String(pages.length + 1)].join('\n'));
  return { title, abstract, text: pages.join('\n\f') };
}

/** The plan of one set of planted pairs (see the file's comment). */
const PLAN: { kind: PlantKind; kept: number; duplicate: boolean }[] = [
  { kind: 'identical', kept: 1, duplicate: true },
  { kind: 'rewritten30', kept: 0.7, duplicate: true },
  { kind: 'overlap70', kept: 0.7, duplicate: true },
  { kind: 'overlap70', kept: 0.7, duplicate: true },
  { kind: 'overlap90', kept: 0.9, duplicate: true },
  { kind: 'overlap50', kept: 0.5, duplicate: false },
  { kind: 'overlap50', kept: 0.5, duplicate: false },
  { kind: 'sharedRelatedWork', kept: 0, duplicate: false },
  { kind: 'sharedRelatedWork', kept: 0, duplicate: false },
];

/**
 * `papers` generated papers (3,000–6,000 words each) with planted pairs, the same for the same seed on every
 * machine. One set of planted pairs (PLAN) per started 500 papers when there are at least 40.
 */
export function generateCorpus({ papers, seed = 26 }: { papers: number; seed?: number }): Corpus {
  const rand = seededPrng(seed);
  const vocab = buildVocab(seededPrng(0x0c0ffee));
  const writer = new Writer(vocab, rand);
  const drafts: Draft[] = Array.from({ length: papers }, () => writer.draft(floor(rand() * TOPICS)));
  const planted: PlantedPair[] = [];
  const sets = papers >= 40 ? Math.ceil(papers / 500) : 0;
  for (let set = 0; set < sets; set++) {
    const from = set * 500;
    const size = min(500, papers - from);
    const free = Array.from({ length: size }, (_, i) => from + i);
    const take = (): number => free.splice(floor(rand() * free.length), 1)[0];
    for (const plan of PLAN) {
      const a = take();
      const b = take();
      const src = drafts[a];
      const copy = writer.draft(src.topic);
      if (plan.kind === 'sharedRelatedWork') {
        // a different paper that reuses the source's first three body paragraphs as its own
        for (let i = 1; i <= 3 && i < src.paragraphs.length && i < copy.paragraphs.length; i++)
          copy.paragraphs[i] = src.paragraphs[i];
        const kept = 3 / copy.paragraphs.length;
        drafts[b] = copy;
        planted.push({ a, b, kind: plan.kind, kept, duplicate: plan.duplicate });
        continue;
      }
      // the source's paragraphs, a share of them (chosen at random, abstract included) replaced by new text
      const n = src.paragraphs.length;
      const replace = new Set<number>();
      const order = Array.from({ length: n }, (_, i) => i);
      for (let i = n - 1; i > 0; i--) {
        const j = floor(rand() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      const count = Math.round(n * (1 - plan.kept));
      for (let i = 0; i < count; i++) replace.add(order[i]);
      drafts[b] = {
        topic: src.topic,
        title: writer.title(src.topic),
        paragraphs: src.paragraphs.map((p, i) => (replace.has(i) ? writer.paragraph(src.topic) : p)),
        sectionStarts: src.sectionStarts,
      };
      planted.push({ a, b, kind: plan.kind, kept: (n - count) / n, duplicate: plan.duplicate });
    }
  }
  const widths = drafts.map(() => 70 + floor(rand() * 31));
  for (const p of planted)
    if (widths[p.b] === widths[p.a]) widths[p.b] = widths[p.a] === 100 ? 70 : widths[p.a] + 1;
  return {
    papers: drafts.map((d, i) => render(d, widths[i], rand)),
    planted,
  };
}
