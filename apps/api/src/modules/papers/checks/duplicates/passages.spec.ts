import { seededPrng } from './corpus.js';
import { PASSAGE_MAX_CHARS, sharedPassages } from './passages.js';

/** `n` words of seeded filler text with sentences and commas. */
function filler(seed: number, n: number): string {
  const rand = seededPrng(seed);
  const words = Array.from({ length: n }, (_, i) => {
    const w = ['the', 'of', 'model', 'data', 'we', 'results', 'a'][Math.floor(rand() * 7)] + (rand() < 0.5 ? '' : Math.floor(rand() * 500).toString(36));
    return i % 11 === 10 ? `${w}.` : w;
  }); // prettier-ignore
  return words.join(' ');
}

const PLANTED =
  'Our near-duplicate detector reads the extracted text of every submission, builds word shingles and ' +
  'compares MinHash signatures through locality-sensitive hashing (LSH), then verifies each candidate.';
/** The planted paragraph as the other PDF extracted it: other line breaks, a hyphenated word, other case. */
const PLANTED_AS_B =
  'OUR near-duplicate detector reads the extracted text of every sub-\nmission, builds word\nshingles and ' +
  'compares MinHash signatures through locality-sensitive\fhashing [LSH] — then verifies each candidate';

describe(sharedPassages.name, () => {
  it('finds a planted shared paragraph and returns each side’s own text', () => {
    const a = `${filler(1, 300)}\n\n${PLANTED}\n\n${filler(2, 300)}`;
    const b = `${filler(3, 200)} ${PLANTED_AS_B}. ${filler(4, 400)}`;
    const passages = sharedPassages(a, b);
    expect(passages).toHaveLength(1);
    expect(passages[0].a).toBe(PLANTED.slice(0, -1)); // from its first word to its last: the final '.' left out
    expect(passages[0].b).toBe(PLANTED_AS_B);
    expect(a).toContain(passages[0].a);
    expect(b).toContain(passages[0].b);
  });

  it('finds nothing in unrelated texts of the same words, nor runs shorter than minWords', () => {
    expect(sharedPassages(filler(5, 2000), filler(6, 2000))).toEqual([]);
    const a = `${filler(7, 100)} one two three four five six seven eight nine ten eleven ${filler(8, 100)}`;
    const b = `${filler(9, 100)} one two three four five six seven eight nine ten eleven ${filler(10, 100)}`;
    expect(sharedPassages(a, b)).toEqual([]);
    expect(sharedPassages(a, b, { minWords: 11 })).toEqual([
      { a: 'one two three four five six seven eight nine ten eleven', b: 'one two three four five six seven eight nine ten eleven' },
    ]); // prettier-ignore
  });

  it('returns at most `max` passages, longest first, none overlapping another on either side', () => {
    const parts = [30, 50, 20, 40, 15, 25].map((n, i) => filler(100 + i, n));
    const a = parts.map((p, i) => `${filler(200 + i, 40)} ${p}`).join(' ');
    const b = parts
      .map((p, i) => `${p} ${filler(300 + i, 40)}`)
      .reverse()
      .join(' ');
    const all = sharedPassages(a, b, { max: 10 });
    expect(all.map((p) => p.a.split(' ').length)).toEqual([50, 40, 30, 25, 20, 15]);
    const three = sharedPassages(a, b, { max: 3 });
    expect(three).toEqual(all.slice(0, 3));
    // the same passage of A twice in B: one passage, not two overlapping on A's side
    expect(sharedPassages(parts[1], `${parts[1]} ${filler(400, 30)} ${parts[1]}`)).toHaveLength(1);
  });

  it('cuts a long passage after the same word on both sides, within 400 characters with an ellipsis', () => {
    const shared = filler(11, 400);
    const a = `${filler(12, 50)} ${shared} ${filler(13, 50)}`;
    const b = `${filler(14, 50)} ${shared.toUpperCase().replace(/ /g, '\n')}`;
    const [p] = sharedPassages(a, b);
    expect(p.a.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
    expect(p.b.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
    expect(p.a.endsWith('…') && p.b.endsWith('…')).toBe(true);
    expect(p.a.length).toBeGreaterThan(PASSAGE_MAX_CHARS - 20);
    expect(a).toContain(p.a.slice(0, -1));
    expect(b).toContain(p.b.slice(0, -1));
    expect(p.b.slice(0, -1).replace(/\n/g, ' ').toLowerCase()).toBe(p.a.slice(0, -1));
  });

  it('stays fast on a hostile text that repeats one word thousands of times', () => {
    const zeros = Array.from({ length: 8000 }, () => '0').join(' ');
    const t = performance.now();
    const passages = sharedPassages(zeros, zeros);
    expect(performance.now() - t).toBeLessThan(500);
    expect(passages[0].a.startsWith('0 0 0')).toBe(true);
  });
});
