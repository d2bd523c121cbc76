import type { PageBox } from '@symposium/domain';
import {
  ITEM_BASELINE,
  ITEM_FIELDS,
  ITEM_FONT,
  ITEM_ROTATED,
  ITEM_SEPARATOR,
  ITEM_SIZE,
  ITEM_X0,
  ITEM_X1,
  ITEM_Y0,
  ITEM_Y1,
  type ExtractedPage,
} from './extracted.js';

/** One text item of a page (a word or a run), its box in points from the top-left corner. */
export interface TextItem {
  str: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  baseline: number;
  size: number;
  font: number;
  rotated: boolean;
}

/** A line of text: items on one baseline within one column. */
export interface TextLine {
  items: TextItem[];
  /** Where each item's string starts in `text`. */
  offsets: number[];
  text: string;
  box: PageBox;
  /** The size most of its characters are set in. */
  size: number;
  /** Characters other than spaces. */
  chars: number;
  /** The column it starts in (0 on a one-column page). */
  column: number;
  /** A page number or a short running head: a lone line of at most 6 characters near the top or bottom edge. */
  edge: boolean;
}

export interface PageLayout {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  /** In reading order: column by column, top to bottom. */
  lines: TextLine[];
  /** Text columns found on the page (1 when the page has too little text to tell). */
  columns: number;
  /** Rows of horizontal text (baselines), columns side by side counting once. */
  rows: number;
  /** The lines' text joined by '\n'. */
  text: string;
  /** Where each line starts in `text`. */
  lineOffsets: number[];
}

/** Lines of at most this many characters near the top or bottom edge may be page numbers or running heads. */
const EDGE_LINE_CHARS = 6;
/** "Near the edge": within this share of the page's height from the top or the bottom. */
const EDGE_BAND = 0.12;
/** Items whose baselines differ by less than this share of their size are on one line (superscripts join). */
const SAME_BASELINE = 0.45;
/** Items further apart than this many font sizes on one baseline are separate lines (table cells). */
const SPLIT_GAP_EM = 2;
/** Items closer than this share of a font size join without a space (kerned or split words). */
const SPACE_GAP_EM = 0.15;
/** A gutter is a vertical strip at least this wide (pt) that at most GUTTER_ROWS of the rows cross. */
const GUTTER_MIN_PT = 5;
const GUTTER_ROWS = 0.1;
/** Gutters are looked for only where columns can be: this share of the text width in from either side. */
const GUTTER_INSET = 0.2;
/** Fewer rows than this on a page: its columns are not counted (a figure page, a title page). */
export const MIN_ROWS_FOR_COLUMNS = 10;

/** The page's text items; items with no finite box, or wholly off the page, are left out (nobody sees them). */
export function itemsOf(page: ExtractedPage): TextItem[] {
  const strings = page.strings.split(ITEM_SEPARATOR);
  const items: TextItem[] = [];
  for (let i = 0; i < strings.length && (i + 1) * ITEM_FIELDS <= page.items.length; i++) {
    const at = i * ITEM_FIELDS;
    const [x0, y0, x1, y1] = [ITEM_X0, ITEM_Y0, ITEM_X1, ITEM_Y1].map((f) => page.items[at + f]);
    if (![x0, y0, x1, y1, page.items[at + ITEM_SIZE]].every(Number.isFinite)) continue;
    if (x1 < 0 || y1 < 0 || x0 > page.width || y0 > page.height) continue;
    items.push({
      str: strings[i],
      x0,
      y0,
      x1,
      y1,
      baseline: page.items[at + ITEM_BASELINE],
      size: page.items[at + ITEM_SIZE],
      font: page.items[at + ITEM_FONT],
      rotated: page.items[at + ITEM_ROTATED] === 1,
    });
  }
  return items;
}

/** Groups horizontal items into rows by baseline (top to bottom), each row's items left to right. */
function rowsOf(items: TextItem[]): TextItem[][] {
  const sorted = items.filter((i) => !i.rotated).sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const rows: TextItem[][] = [];
  let row: TextItem[] = [];
  let base = 0;
  let size = 0;
  for (const item of sorted) {
    if (row.length && Math.abs(item.baseline - base) <= SAME_BASELINE * Math.max(size, item.size)) {
      row.push(item);
      continue;
    }
    if (row.length) rows.push(row);
    row = [item];
    base = item.baseline;
    size = item.size;
  }
  if (row.length) rows.push(row);
  for (const r of rows) r.sort((a, b) => a.x0 - b.x0);
  return rows;
}

/**
 * The gutters of a page (their middle x), from the horizontal coverage of its rows: a strip at least
 * GUTTER_MIN_PT wide, inside the text's width, that at most GUTTER_ROWS of the rows cross. Word spaces
 * fall at different places on every row, so only a column gap leaves a strip empty on nearly all rows.
 */
function guttersOf(rows: TextItem[][], pageWidth: number): number[] {
  if (rows.length < MIN_ROWS_FOR_COLUMNS) return [];
  let left = pageWidth;
  let right = 0;
  for (const row of rows)
    for (const item of row) {
      left = Math.max(0, Math.min(left, item.x0));
      right = Math.min(pageWidth, Math.max(right, item.x1));
    }
  const width = Math.floor(right - left);
  if (width < 4 * GUTTER_MIN_PT) return [];
  const covered = new Int32Array(width + 1);
  for (const row of rows) {
    const seen = new Uint8Array(width + 1);
    for (const item of row)
      for (let x = Math.max(0, Math.floor(item.x0 - left)); x <= Math.min(width, item.x1 - left); x++)
        seen[x] = 1;
    for (let x = 0; x <= width; x++) covered[x] += seen[x];
  }
  const gutters: number[] = [];
  const from = Math.ceil(width * GUTTER_INSET);
  const to = Math.floor(width * (1 - GUTTER_INSET));
  let runStart = -1;
  for (let x = from; x <= to + 1; x++) {
    const open = x <= to && covered[x] <= GUTTER_ROWS * rows.length;
    if (open && runStart === -1) runStart = x;
    if (!open && runStart !== -1) {
      if (x - runStart >= GUTTER_MIN_PT) gutters.push(left + (runStart + x) / 2);
      runStart = -1;
    }
  }
  return gutters;
}

const nonSpace = (s: string) => s.replace(/\s+/g, '').length;

function lineOf(items: TextItem[], column: number): TextLine {
  let text = '';
  const offsets: number[] = [];
  const sizes = new Map<number, number>();
  let chars = 0;
  items.forEach((item, i) => {
    if (i > 0 && item.x0 - items[i - 1].x1 > SPACE_GAP_EM * Math.min(item.size, items[i - 1].size))
      text += ' ';
    offsets.push(text.length);
    text += item.str;
    const n = nonSpace(item.str);
    chars += n;
    const size = Math.round(item.size * 100) / 100;
    sizes.set(size, (sizes.get(size) ?? 0) + n);
  });
  return {
    items,
    offsets,
    text,
    box: boxOf(items),
    size: [...sizes].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0],
    chars,
    column,
    edge: false,
  };
}

export function boxOf(parts: { x0: number; y0: number; x1: number; y1: number }[]): PageBox {
  const x0 = Math.min(...parts.map((p) => p.x0));
  const y0 = Math.min(...parts.map((p) => p.y0));
  return {
    x: x0,
    y: y0,
    width: Math.max(...parts.map((p) => p.x1)) - x0,
    height: Math.max(...parts.map((p) => p.y1)) - y0,
  };
}

/**
 * A page's lines in reading order. Rows are cut at the page's gutters and at wide gaps; an item that
 * crosses a gutter (a title over both columns) keeps its row whole there. Rotated items are lines of their own.
 */
export function layoutPage(page: ExtractedPage, pageNumber: number): PageLayout {
  const items = itemsOf(page);
  const rows = rowsOf(items);
  const gutters = guttersOf(rows, page.width);
  const lines: TextLine[] = [];
  const columnOf = (x: number) => gutters.filter((g) => g < x).length;
  for (const row of rows) {
    const first = lines.length;
    let current: TextItem[] = [];
    const cut = () => {
      if (current.length) lines.push(lineOf(current, columnOf(current[0].x0)));
      current = [];
    };
    for (const item of row) {
      const last = current[current.length - 1];
      if (
        last &&
        (item.x0 - last.x1 > SPLIT_GAP_EM * Math.max(item.size, last.size) ||
          gutters.some((g) => last.x1 <= g && item.x0 >= g))
      )
        cut();
      current.push(item);
    }
    cut();
    if (lines.length === first + 1) markEdgeLine(lines[first], page.height);
  }
  for (const item of items) if (item.rotated) lines.push(lineOf([item], columnOf(item.x0)));
  lines.sort((a, b) => a.column - b.column || a.box.y - b.box.y || a.box.x - b.box.x);
  const lineOffsets: number[] = [];
  let text = '';
  for (const line of lines) {
    if (lineOffsets.length) text += '\n';
    lineOffsets.push(text.length);
    text += line.text;
  }
  return {
    page: pageNumber,
    width: page.width,
    height: page.height,
    lines,
    columns: gutters.length + 1,
    rows: rows.length,
    text,
    lineOffsets,
  };
}

/** Marks a line alone on its row as a page number or short running head when it is short and near the top or bottom. */
function markEdgeLine(line: TextLine, height: number): void {
  line.edge =
    line.chars <= EDGE_LINE_CHARS &&
    (line.box.y + line.box.height <= height * EDGE_BAND || line.box.y >= height * (1 - EDGE_BAND));
}

/** The item and the character in it at `offset` of the page's text (null on a line break). */
export function locate(
  layout: PageLayout,
  offset: number,
): { line: TextLine; item: number; char: number } | null {
  let lo = 0;
  let hi = layout.lineOffsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (layout.lineOffsets[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  const line = layout.lines[lo];
  if (!line) return null;
  const inLine = offset - layout.lineOffsets[lo];
  let item = 0;
  while (item + 1 < line.offsets.length && line.offsets[item + 1] <= inLine) item++;
  return { line, item, char: Math.min(inLine - line.offsets[item], line.items[item].str.length) };
}

/**
 * The box of the text from `start` to `end` (exclusive) of the page's text: on the line where it starts, the
 * items it covers, cut at the characters by their share of each item's width.
 */
export function boxOfRange(layout: PageLayout, start: number, end: number): PageBox | null {
  const first = locate(layout, start);
  if (!first) return null;
  const { line } = first;
  const lineEnd = line.text.length + layout.lineOffsets[layout.lines.indexOf(line)];
  const last = locate(layout, Math.min(end, lineEnd) - 1);
  const lastItem = last && last.line === line ? last : { item: line.items.length - 1, char: Infinity };
  const xAt = (item: TextItem, char: number) =>
    item.x0 + ((item.x1 - item.x0) * Math.min(char, item.str.length)) / Math.max(1, item.str.length);
  const a = line.items[first.item];
  const b = line.items[lastItem.item];
  const covered = line.items.slice(first.item, lastItem.item + 1);
  return {
    ...boxOf(covered),
    x: xAt(a, first.char),
    width: xAt(b, lastItem.char + 1) - xAt(a, first.char),
  };
}
