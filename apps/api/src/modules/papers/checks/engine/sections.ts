import type { FormatRules } from '@symposium/domain';
import type { PageLayout, TextLine } from './layout.js';

export type Region = 'body' | 'references' | 'appendix';

/** Where a section starts: a heading line of a page. */
export interface SectionStart {
  region: Region;
  /** 1-based page. */
  page: number;
  line: TextLine;
}

/** "References", "7 References", "REFERENCES", "Bibliography", "Works Cited" as a line of its own. */
const REFERENCES_HEADING =
  /^(?:(?:\d+(?:\.\d+)*|[IVXL]+)\.?\s*)?(?:references|bibliography|works\s+cited|literature\s+cited|reference\s+list)\s*:?$/i;
/** "Appendix", "Appendices", "Appendix A", "Appendix A: Proofs", "APPENDIX A PROOFS" as a line of its own. */
const APPENDIX_HEADING =
  /^(?:[Aa]ppendi(?:x|ces)(?:\s+[A-Z0-9]{1,3})?(?:\s*[:.—–-]\s*\S.*)?|APPENDI(?:X|CES)\b[^a-z]*)$/;
/** "A  Proofs", "B.1 Lemmas": a letter heading, only after the references and only in bold or a larger size. */
const LETTER_HEADING = /^[A-Z](?:\.\d+)*\.?\s+\p{Lu}[\p{L}\p{M}'’-]*(?:\s+\S+){0,6}$/u;
/** A heading is a short line; body text that merely starts with "Appendix" runs on. */
const HEADING_MAX_CHARS = 60;

/**
 * The references and appendix headings, in reading order: the first references heading, and the first
 * appendix heading ("Appendix …" anywhere, a lettered heading such as "A  Proofs" after the references).
 * `bodySize` is the body font's size: a lettered heading must be bold or larger than it.
 */
export function findSections(
  pages: PageLayout[],
  bodySize: number | null,
  isBold: (line: TextLine) => boolean,
): SectionStart[] {
  let references: SectionStart | null = null;
  let appendix: SectionStart | null = null;
  for (const page of pages) {
    for (const line of page.lines) {
      if (line.edge) continue;
      const text = line.text.trim();
      if (text.length > HEADING_MAX_CHARS) continue;
      if (!references && REFERENCES_HEADING.test(text)) {
        references = { region: 'references', page: page.page, line };
        continue;
      }
      if (appendix) continue;
      const worded = APPENDIX_HEADING.test(text);
      const lettered =
        references !== null &&
        LETTER_HEADING.test(text) &&
        !/[.,;]$/.test(text) &&
        (isBold(line) || (bodySize !== null && line.size >= bodySize + 0.5));
      if (worded || lettered) appendix = { region: 'appendix', page: page.page, line };
    }
    if (references && appendix) break;
  }
  return [references, appendix]
    .filter((s): s is SectionStart => s !== null)
    .sort(
      (a, b) =>
        a.page - b.page || pages[a.page - 1].lines.indexOf(a.line) - pages[b.page - 1].lines.indexOf(b.line),
    );
}

/** The region each line of each page is in, from the section starts (a heading starts its own region). */
export function regionsOf(
  pages: PageLayout[],
  starts: SectionStart[],
): { lines: Region[]; atStart: Region }[] {
  let current: Region = 'body';
  return pages.map((page) => {
    const atStart = current;
    const lines = page.lines.map((line) => {
      const start = starts.find((s) => s.page === page.page && s.line === line);
      if (start) current = start.region;
      return current;
    });
    return { lines, atStart };
  });
}

/**
 * The pages that count towards the page limit (1-based, ascending): a page counts when any of its lines
 * (page numbers and running heads aside) is in a counted region — the body always, the references and the
 * appendix unless the rules exclude them — or, holding no such line, when it lies in a counted region.
 * So the page where the references start counts when body text precedes the heading on it.
 */
export function bodyPageNumbers(
  pages: PageLayout[],
  starts: SectionStart[],
  rules: Pick<FormatRules, 'excludeReferences' | 'excludeAppendix'>,
): number[] {
  const counted = (region: Region) =>
    region === 'body' ||
    (region === 'references' && !rules.excludeReferences) ||
    (region === 'appendix' && !rules.excludeAppendix);
  const regions = regionsOf(pages, starts);
  return pages
    .filter((page, i) => {
      const lines = page.lines
        .map((line, j) => ({ line, region: regions[i].lines[j] }))
        .filter((l) => !l.line.edge);
      return lines.length ? lines.some((l) => counted(l.region)) : counted(regions[i].atStart);
    })
    .map((page) => page.page);
}
