import { seededPrng } from './corpus.js';
import { abstractKey, normalizeText, placeWords, textKey, titleKey } from './normalize.js';

describe(normalizeText.name, () => {
  it('lower-cases and keeps only letters and digits, numbers included', () => {
    expect(normalizeText('In 2024, we (re)ran Table 3: accuracy = 91.5%!')).toEqual([
      'in',
      '2024',
      'we',
      're',
      'ran',
      'table',
      '3',
      'accuracy',
      '91',
      '5',
    ]);
  });

  it('joins a word hyphenated at the end of a line or a page', () => {
    expect(normalizeText('a near-dupli-\ncate sub-\r\nmission across pa-\fges, soft\u00AD\nhyphen')).toEqual([
      'a',
      'near',
      'duplicate',
      'submission',
      'across',
      'pages',
      'softhyphen',
    ]);
  });

  it('keeps a hyphen before a line break that does not split a word apart', () => {
    expect(normalizeText('range 3-\n5 and - \nthen')).toEqual(['range', '3', '5', 'and', 'then']);
  });

  it('folds compatibility forms with NFKC: ligatures, full-width letters, superscripts', () => {
    expect(normalizeText('Eﬃcient ﬁnite ＭＯＤＥＬ x² Ⅻ')).toEqual([
      'efficient',
      'finite',
      'model',
      'x2',
      'xii',
    ]);
  });

  it('reads precomposed and decomposed accents alike and keeps non-Latin words whole', () => {
    expect(normalizeText('Caf\u00E9 cafe\u0301 Straße Ελληνικά 日本語 हिन्दी')).toEqual([
      'café',
      'café',
      'straße',
      'ελληνικά',
      '日本語',
      'हिन्दी',
    ]);
  });

  it('treats pages and invisible characters as separators or nothing', () => {
    expect(normalizeText('end of page\fnext\u200Bword\n\n  last')).toEqual([
      'end',
      'of',
      'page',
      'nextword',
      'last',
    ]);
    expect(normalizeText('')).toEqual([]);
    expect(normalizeText(' \f\n—…')).toEqual([]);
  });
});

describe(placeWords.name, () => {
  it('places each word on its own characters in the original text', () => {
    const text = 'The Quick, brown fox-\njumps (over) 3.5 dogs.';
    const placed = placeWords(text);
    expect(placed.words).toEqual(normalizeText(text));
    expect(placed.words.map((_, i) => text.slice(placed.starts[i], placed.ends[i]))).toEqual([
      'The',
      'Quick',
      'brown',
      'fox-\njumps',
      'over',
      '3',
      '5',
      'dogs',
    ]);
  });

  it('gives the same words as normalizeText on texts of mixed scripts, forms and breaks', () => {
    const pool = [
      'a', 'B', 'z', 'é', 'e\u0301', 'ß', 'İ', 'Σ', 'ς', 'ﬁ', 'Ｍ', '²', '½', '9', '0', '-', '\u00AD', '\u2010',
      '\u200B', '\u00A0', ' ', '\n', '\r\n', '\f', '\t', '.', ',', '(', '’', '´', '日', 'न्', '😀', '\u0301',
    ]; // prettier-ignore
    const rand = seededPrng(42);
    for (let t = 0; t < 2000; t++) {
      let text = '';
      const n = 1 + Math.floor(rand() * 40);
      for (let i = 0; i < n; i++) text += pool[Math.floor(rand() * pool.length)];
      const placed = placeWords(text);
      expect(placed.words).toEqual(normalizeText(text));
      for (let i = 0; i < placed.words.length; i++) {
        expect(placed.starts[i]).toBeGreaterThanOrEqual(0);
        expect(placed.ends[i]).toBeGreaterThan(placed.starts[i]);
        expect(placed.ends[i]).toBeLessThanOrEqual(text.length);
      }
    }
  });
});

describe(textKey.name, () => {
  it('gives two titles differing in case, punctuation, breaks and hyphenation the same key', () => {
    expect(titleKey('Near-Duplicate Detection:\nA Sur-\nvey')).toBe(
      titleKey('near duplicate detection — a survey'),
    );
    expect(titleKey('Near-Duplicate Detection: A Survey')).toBe('near duplicate detection a survey');
    expect(abstractKey('We study X.')).not.toBe(abstractKey('We study Y.'));
  });

  it('has no key for a text without a word (never the same as another)', () => {
    expect(titleKey('  — ')).toBeNull();
    expect(abstractKey('')).toBeNull();
  });
});
