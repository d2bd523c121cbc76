/**
 * The WebAssembly tokenizer gives the term ids of the JavaScript one (TermIds) on texts with upper case,
 * digits, accents and other scripts, stopwords, one-letter words and separators of every kind, in both
 * orders of first appearance, and while its table, entries, arena and buffers grow.
 */
import { seededRandom } from '../testing/seeded-random.js';
import { wasmTermIds } from './text-kernel.js';
import { IntList, TermIds } from './text.js';

const WORDS = [
  'Graph',
  'graphs',
  'NETWORKS',
  'network',
  'the',
  'of',
  'a',
  'x',
  'Réseaux',
  'résumé',
  'naïve',
  'café',
  'straße',
  'İstanbul',
  'Kelvin',
  'ǅemal',
  'ﬁnance',
  '数据',
  'данные',
  'studies',
  'studying',
  'learned',
  '2024',
  'b2b',
  'x86',
  'ID',
  'e-mail',
  "don't",
  'U.S.A.',
  'well-known',
  'classes',
  'analysis',
  'bus',
];
const SEPARATORS = [' ', '  ', '\n', '\t', '. ', ', ', '; ', ' — ', '/', '(', ')', '–', '\u00a0', '"'];

function ids(make: () => { add(text: string, out: IntList): void; size: number }, texts: string[]) {
  const t = make();
  const out = new IntList();
  const starts = texts.map((text) => {
    t.add(text, out);
    return out.length;
  });
  return { ids: Array.from(out.data.subarray(0, out.length)), starts, size: t.size };
}

describe('WebAssembly tokenizer', () => {
  it('is available here', () => {
    expect(wasmTermIds()).not.toBeNull();
  });

  it('gives the term ids of TermIds on 200 random texts', () => {
    const r = seededRandom(5);
    const texts = Array.from({ length: 200 }, () => {
      let text = '';
      for (let i = 0, n = r.int(300); i < n; i++) text += r.pick(WORDS) + r.pick(SEPARATORS);
      return text;
    });
    const expected = ids(() => new TermIds(), texts);
    expect(ids(() => wasmTermIds()!, texts)).toEqual(expected);
    expect(expected.size).toBeGreaterThan(20);
  });

  it('grows its table, entries and arena: 40,000 distinct words in one long text', () => {
    const r = seededRandom(8);
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789';
    const words = Array.from({ length: 40_000 }, () => {
      let w = '';
      for (let i = 0, n = 2 + r.int(12); i < n; i++) w += letters[r.int(letters.length)];
      return w;
    });
    const texts = [words.join(' '), words.slice(0, 500).reverse().join(', '), ''];
    expect(ids(() => wasmTermIds()!, texts)).toEqual(ids(() => new TermIds(), texts));
  });
});
