/**
 * The format rules: pure functions over a PDF's laid-out pages. Each returns its findings ([] when the rule
 * holds or is not set). The tolerances are chosen so that a correctly formatted paper never gets a finding;
 * each is given with its reason.
 */
import { PAPER_SIZE_PT, type CheckFinding, type FormatRules, type Margins } from '@symposium/domain';
import { fileEvidence, lineEvidence, MAX_EVIDENCE, num, pageList } from './evidence.js';
import type { ExtractedFont } from './extracted.js';
import { MIN_ROWS_FOR_COLUMNS, type PageLayout, type TextLine } from './layout.js';

/**
 * A font passes a minimum of `min` pt down to min × 72/72.27 − 0.01: TeX's point is 1/72.27 in, so a paper
 * set in LaTeX's 10pt has a body font of 9.963 PostScript points; Chromium writes 10pt as 9.9975. 9.5 pt still
 * fails a 10 pt minimum.
 */
export const fontTolerancePt = (min: number): number => min * (1 - 72 / 72.27) + 0.01;

/**
 * A margin passes down to 0.05 in (3.6 pt) under the minimum: text boxes are estimated from the fonts'
 * ascent, descent and advance widths, not from the ink, so a line set exactly at the margin can measure a
 * little over it (an italic overhang, a tall accent, a font whose ascent is generous).
 */
export const MARGIN_TOLERANCE_IN = 0.05;

/** The file as a whole and its laid-out pages. */
export interface FormatFacts {
  pages: PageLayout[];
  fonts: ExtractedFont[];
  /** Pages counted towards the limit (1-based, ascending). */
  bodyPages: number[];
  fileBytes: number;
}

export function checkFormat(facts: FormatFacts, rules: FormatRules): CheckFinding[] {
  return [
    ...checkPageLimit(facts, rules),
    ...checkPaperSize(facts, rules),
    ...checkFontSize(facts, rules),
    ...checkMargins(facts, rules),
    ...checkColumns(facts, rules),
    ...checkFileSize(facts, rules),
    ...checkEmbeddedFonts(facts, rules),
  ];
}

/**
 * A measure below its minimum as people set it: to the tenth (Chromium writes 9.5pt as 9.49 pt, a 0.6 in
 * margin measures 0.59 in), to the hundredth when the tenth would read as the minimum itself.
 */
const tenthsBelow = (value: number, min: number) =>
  Number(value.toFixed(1)) < min ? num(value, 1) : num(value, 2);

const bodyLayouts = (facts: FormatFacts) => facts.bodyPages.map((n) => facts.pages[n - 1]);
const textLines = (page: PageLayout) => page.lines.filter((l) => !l.edge);
const firstLine = (page: PageLayout): TextLine | undefined => textLines(page)[0];

export function checkPageLimit(facts: FormatFacts, rules: FormatRules): CheckFinding[] {
  const limit = rules.pageLimit;
  if (limit === null || facts.bodyPages.length <= limit) return [];
  const over = facts.bodyPages.slice(limit);
  const firstOver = over[0];
  const where = firstOver === limit + 1 ? '' : ` (page ${firstOver} of the PDF)`;
  return [
    {
      code: 'pageLimit',
      message: `page ${limit + 1} of body text${where}; limit ${limit}`,
      rule: `at most ${limit} body ${limit === 1 ? 'page' : 'pages'}`,
      measured: `${facts.bodyPages.length} body pages`,
      pages: over,
      evidence: over.slice(0, MAX_EVIDENCE).map((n) => {
        const line = firstLine(facts.pages[n - 1]);
        return line ? lineEvidence(n, line) : { page: n, box: null, snippet: null };
      }),
    },
  ];
}

/** The paper name a page size matches (either orientation), or null. */
function paperName(width: number, height: number, tolerance: number): string | null {
  const [short, long] = [Math.min(width, height), Math.max(width, height)];
  for (const [name, size] of Object.entries(PAPER_SIZE_PT))
    if (Math.abs(short - size.width) <= tolerance && Math.abs(long - size.height) <= tolerance) return name;
  return null;
}

/** Every page (a landscape page of the same paper passes): paper size is a property of the whole file. */
export function checkPaperSize(facts: FormatFacts, rules: FormatRules): CheckFinding[] {
  if (rules.paperSize === 'any') return [];
  const required = rules.paperSize;
  const broken = facts.pages.filter((p) => paperName(p.width, p.height, rules.sizeTolerancePt) !== required);
  if (!broken.length) return [];
  const first = broken[0];
  const name = paperName(first.width, first.height, rules.sizeTolerancePt);
  const size = `${num(first.width, 0)} × ${num(first.height, 0)} pt${name ? ` (${name})` : ''}`;
  const want = PAPER_SIZE_PT[required];
  return [
    {
      code: 'paperSize',
      message: `page size ${size} on ${broken.length} of ${facts.pages.length} pages; required ${required} (${num(want.width, 0)} × ${num(want.height, 0)} pt)`,
      rule: `${required} paper (${num(want.width, 0)} × ${num(want.height, 0)} pt, within ${num(rules.sizeTolerancePt)} pt)`,
      measured: size,
      pages: broken.map((p) => p.page),
      evidence: broken.slice(0, MAX_EVIDENCE).map((p) => ({
        page: p.page,
        box: null,
        snippet: `${num(p.width, 1)} × ${num(p.height, 1)} pt`,
      })),
    },
  ];
}

/** The size (0.01 pt) carrying most characters of the lines given; null without text. */
export function dominantSize(lines: TextLine[]): number | null {
  const chars = new Map<number, number>();
  for (const line of lines)
    for (const item of line.items) {
      if (item.rotated) continue;
      const size = Math.round(item.size * 100) / 100;
      chars.set(size, (chars.get(size) ?? 0) + item.str.replace(/\s+/g, '').length);
    }
  let best: number | null = null;
  for (const [size, n] of chars)
    if (best === null || n > chars.get(best)! || (n === chars.get(best) && size > best)) best = size;
  return best;
}

/** The body font: the size most characters of the body pages are set in. */
export const bodyFontSize = (facts: FormatFacts): number | null =>
  dominantSize(bodyLayouts(facts).flatMap(textLines));

/**
 * The body font against the minimum. When it is below, the finding names the body pages whose own
 * dominant size is below (a page of a smaller table in an otherwise correct paper is no finding).
 */
export function checkFontSize(facts: FormatFacts, rules: FormatRules): CheckFinding[] {
  const min = rules.minFontPt;
  if (min === null) return [];
  const body = bodyFontSize(facts);
  const floor = min - fontTolerancePt(min);
  if (body === null || body >= floor) return [];
  const broken = bodyLayouts(facts)
    .map((page) => ({ page, size: dominantSize(textLines(page)) }))
    .filter((p): p is { page: PageLayout; size: number } => p.size !== null && p.size < floor);
  const shown = tenthsBelow(body, min);
  return [
    {
      code: 'fontSize',
      message: `body font ${shown} pt on ${pageList(broken.map((p) => p.page.page))}; minimum ${num(min)} pt`,
      rule: `body font at least ${num(min)} pt`,
      measured: `${shown} pt`,
      pages: broken.map((p) => p.page.page),
      evidence: broken.slice(0, MAX_EVIDENCE).flatMap(({ page, size }) => {
        const line = textLines(page).find((l) => Math.abs(l.size - size) < 0.005);
        return line ? [lineEvidence(page.page, line)] : [];
      }),
    },
  ];
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
type Side = (typeof SIDES)[number];

/** How far (in) the text of a page keeps from each edge, and the line closest to each. */
function marginsOf(page: PageLayout): Record<Side, { inches: number; line: TextLine }> | null {
  const lines = textLines(page);
  if (!lines.length) return null;
  const pick = (measure: (l: TextLine) => number) => {
    const line = lines.reduce((a, b) => (measure(b) < measure(a) ? b : a));
    return { inches: measure(line) / 72, line };
  };
  return {
    top: pick((l) => l.box.y),
    right: pick((l) => page.width - (l.box.x + l.box.width)),
    bottom: pick((l) => page.height - (l.box.y + l.box.height)),
    left: pick((l) => l.box.x),
  };
}

/**
 * The text of each body page against the minimum margins, page numbers and short running heads aside:
 * one finding per side broken on at least one body page, saying on how many of the body pages with text.
 */
export function checkMargins(facts: FormatFacts, rules: FormatRules): CheckFinding[] {
  const min: Margins | null = rules.minMarginsIn;
  if (!min) return [];
  const measured = bodyLayouts(facts)
    .map((page) => ({ page: page.page, margins: marginsOf(page) }))
    .filter((p) => p.margins !== null);
  const findings: CheckFinding[] = [];
  for (const side of SIDES) {
    const wanted = min[side];
    if (!(wanted > 0)) continue;
    const broken = measured.filter((p) => p.margins![side].inches < wanted - MARGIN_TOLERANCE_IN);
    if (!broken.length) continue;
    const worst = Math.min(...broken.map((p) => p.margins![side].inches));
    const shown = tenthsBelow(worst, wanted);
    findings.push({
      code: 'margins',
      message: `${side} margin ${shown} in on ${broken.length} of ${measured.length} pages; minimum ${num(wanted)} in`,
      rule: `${side} margin at least ${num(wanted)} in`,
      measured: `${shown} in`,
      pages: broken.map((p) => p.page),
      evidence: broken.slice(0, MAX_EVIDENCE).map((p) => lineEvidence(p.page, p.margins![side].line)),
    });
  }
  return findings;
}

const columnsText = (n: number) => `${n} text ${n === 1 ? 'column' : 'columns'}`;

/**
 * The number of text columns the body pages are set in (the count most of them show; pages with fewer
 * than MIN_ROWS_FOR_COLUMNS rows of text, a figure or the title, are not counted). A finding names the
 * pages whose count differs from the rule.
 */
export function checkColumns(facts: FormatFacts, rules: FormatRules): CheckFinding[] {
  const required = rules.columns;
  if (required === null) return [];
  const counted = bodyLayouts(facts).filter((p) => p.rows >= MIN_ROWS_FOR_COLUMNS);
  const tally = new Map<number, number>();
  for (const p of counted) tally.set(p.columns, (tally.get(p.columns) ?? 0) + 1);
  const [mode, pages] = [...tally].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [required, 0];
  if (mode === required) return [];
  const broken = counted.filter((p) => p.columns !== required);
  return [
    {
      code: 'columns',
      message: `${columnsText(mode)} on ${pages} of ${counted.length} body pages; required ${required}`,
      rule: columnsText(required),
      measured: columnsText(mode),
      pages: broken.map((p) => p.page),
      evidence: broken
        .slice(0, MAX_EVIDENCE)
        .map((p) => ({ page: p.page, box: null, snippet: columnsText(p.columns) })),
    },
  ];
}

/** Decimal megabytes, to the hundredth when a tenth would not show it is over the limit. */
export function checkFileSize(facts: FormatFacts, rules: FormatRules): CheckFinding[] {
  const max = rules.maxFileMb;
  if (max === null) return [];
  const mb = facts.fileBytes / 1e6;
  if (mb <= max) return [];
  const shown = Number(mb.toFixed(1)) > max ? num(mb, 1) : num(mb, 2);
  return [
    {
      code: 'fileSize',
      message: `file size ${shown} MB; limit ${num(max)} MB`,
      rule: `at most ${num(max)} MB`,
      measured: `${shown} MB`,
      pages: [],
      evidence: [fileEvidence(`${facts.fileBytes} bytes`)],
    },
  ];
}

/** Every font the text uses, on any page, is embedded. */
export function checkEmbeddedFonts(facts: FormatFacts, rules: FormatRules): CheckFinding[] {
  if (!rules.requireEmbeddedFonts) return [];
  const missing = new Set(facts.fonts.flatMap((f, i) => (f.embedded ? [] : [i])));
  if (!missing.size) return [];
  const names = new Set<string>();
  const uses: { page: number; line: TextLine }[] = [];
  for (const page of facts.pages) {
    const line = page.lines.find((l) => l.items.some((i) => missing.has(i.font)));
    if (!line) continue;
    uses.push({ page: page.page, line });
    for (const l of page.lines)
      for (const i of l.items) if (missing.has(i.font)) names.add(facts.fonts[i.font].name);
  }
  if (!uses.length) return [];
  const list = [...names].sort();
  return [
    {
      code: 'fontsNotEmbedded',
      message:
        list.length === 1 ? `font ${list[0]} is not embedded` : `fonts ${list.join(', ')} are not embedded`,
      rule: 'every font embedded',
      measured: `${list.length} ${list.length === 1 ? 'font' : 'fonts'} not embedded`,
      pages: uses.map((u) => u.page),
      evidence: uses.slice(0, MAX_EVIDENCE).map((u) => lineEvidence(u.page, u.line)),
    },
  ];
}
