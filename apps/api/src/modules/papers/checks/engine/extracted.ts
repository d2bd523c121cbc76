import type { PageBox } from '@symposium/domain';

/**
 * What the extraction worker reads out of a PDF: the facts the rules work on, as plain data that crosses the
 * thread boundary cheaply (each page's text items packed in one Float64Array, their strings in one string).
 */
export interface ExtractedPdf {
  pageCount: number;
  pages: ExtractedPage[];
  /** The fonts the text items name (by index). */
  fonts: ExtractedFont[];
  /** Document information and XMP values, e.g. { field: 'Author', value: 'Jane Doe' }, { field: 'dc:creator', … }. */
  metadata: { field: string; value: string }[];
}

export interface ExtractedFont {
  /** The font's PostScript name without a subset prefix, e.g. 'Helvetica', 'LinLibertineT'. */
  name: string;
  embedded: boolean;
  bold: boolean;
}

export interface ExtractedPage {
  /** The page as shown (crop box, rotation applied), in points. */
  width: number;
  height: number;
  /** ITEM_FIELDS numbers per text item (see the ITEM_* offsets), boxes in points from the top-left corner. */
  items: Float64Array;
  /** The items' strings joined by ITEM_SEPARATOR, in the same order. */
  strings: string;
  /** Link annotations with a URL. */
  links: { url: string; box: PageBox }[];
}

/** Per item: the box (x0, y0, x1, y1), the baseline's y, the font size, the font's index, 1 when not horizontal. */
export const ITEM_FIELDS = 8;
export const ITEM_X0 = 0;
export const ITEM_Y0 = 1;
export const ITEM_X1 = 2;
export const ITEM_Y1 = 3;
export const ITEM_BASELINE = 4;
export const ITEM_SIZE = 5;
export const ITEM_FONT = 6;
export const ITEM_ROTATED = 7;
export const ITEM_SEPARATOR = '\u0000';

/** Why a PDF could not be checked, as the worker or the pool reports it. */
export type UncheckedReason =
  | { kind: 'timeout'; seconds: number }
  | { kind: 'memory'; megabytes: number }
  | { kind: 'pages'; pageCount: number; maxPages: number }
  | { kind: 'inflate'; megabytes: number }
  | { kind: 'text'; maxItems: number }
  | { kind: 'encrypted' }
  | { kind: 'unreadable'; detail: string };
