/**
 * Words of a paper's extracted text, as the duplicate check compares them: Unicode NFKC, lower case, runs of
 * letters and digits (combining marks kept inside a word), words hyphenated at a line end joined again.
 */

/**
 * A hyphen (ASCII, soft, U+2010, U+2011) after a letter at the end of a line or page, with the line break and
 * the blanks around it, before a letter: the line-end hyphenation a PDF's text keeps ("exam-\nple"). Joining
 * also joins a real compound broken there ("state-of-the-\nart" → "theart"); both copies of a paper are
 * alike in that only when they break the same line, which is the price of reading hyphenated words whole.
 */
const LINE_END_HYPHEN = /(?<=\p{L})[-\u00AD\u2010\u2011][ \t]*(?:\r?\n|\r|\f)[ \t]*(?=\p{L})/gu;
/** Invisible characters a PDF's text may hold inside a word: soft hyphen, zero-width space/joiners, word joiner. */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060]/g;
/** A word after NFKC and lower-casing: a letter or digit, then letters, digits and combining marks. */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/**
 * The words of a text: lower case, Unicode NFKC (ligatures, full-width forms and superscripts unfolded),
 * letters and digits only (numbers kept: "3.14" is "3", "14"), words hyphenated at a line end joined.
 */
export function normalizeText(text: string): string[] {
  const plain = text.replace(LINE_END_HYPHEN, '').replace(INVISIBLE, '').normalize('NFKC').toLowerCase();
  return plain.match(WORD) ?? [];
}

/** The words of a text with where each stands in it: `words[i]` comes from `text.slice(starts[i], ends[i])`. */
export interface PlacedWords {
  words: string[];
  starts: number[];
  ends: number[];
}

/**
 * A blank-separated chunk of the original text, a line-end hyphenation inside it included (the same pattern as
 * LINE_END_HYPHEN, tried first at each hyphen).
 */
const CHUNK = /(?:(?<=\p{L})[-\u00AD\u2010\u2011][ \t]*(?:\r?\n|\r|\f)[ \t]*(?=\p{L})|\S)+/gu;

/**
 * normalizeText's words with their places in the original text (for the passages shown to the chairs). The
 * text is read chunk by chunk (between blanks: NFKC never joins across a blank), so the words are the same as
 * normalizeText's. A word's place is exact where its chunk is unchanged by NFKC and lower-casing keeps its
 * length (all of ASCII); otherwise the word is placed on its whole chunk.
 */
export function placeWords(text: string): PlacedWords {
  const words: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of text.matchAll(CHUNK)) {
    const chunk = m[0];
    const at = m.index;
    const cleaned = chunk.replace(LINE_END_HYPHEN, '').replace(INVISIBLE, '');
    const nfkc = cleaned.normalize('NFKC');
    const lower = nfkc.toLowerCase();
    const aligned = cleaned === chunk && nfkc === chunk && lower.length === chunk.length;
    for (const w of lower.matchAll(WORD)) {
      words.push(w[0]);
      starts.push(aligned ? at + w.index : at);
      ends.push(aligned ? at + w.index + w[0].length : at + chunk.length);
    }
  }
  return { words, starts, ends };
}

/**
 * The key under which two titles (or two abstracts) count as the same: normalizeText's words joined by one
 * space, so case, accents written precomposed or not, punctuation, line breaks and hyphenation do not matter.
 * Null for a text without a word (nothing to compare: never the same as another).
 */
export function textKey(text: string): string | null {
  const words = normalizeText(text);
  return words.length ? words.join(' ') : null;
}

/** The key of a title for "same title" across tracks (see textKey). */
export const titleKey = textKey;
/** The key of an abstract for "same abstract" across tracks (see textKey). */
export const abstractKey = textKey;
