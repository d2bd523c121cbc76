import type { FindingEvidence, PageBox } from '@symposium/domain';
import type { TextLine } from './layout.js';

/** A finding shows at most this many places. */
export const MAX_EVIDENCE = 5;
const MAX_SNIPPET = 200;

/** "page 3", "pages 2–7", "pages 1, 3–5, 9". */
export function pageList(pages: number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    ranges.push(j > i ? `${sorted[i]}–${sorted[j]}` : `${sorted[i]}`);
    i = j;
  }
  return `${sorted.length === 1 ? 'page' : 'pages'} ${ranges.join(', ')}`;
}

/** A number as people write it: at most `digits` decimals, no trailing zeros ("0.6", "10", "9.96"). */
export const num = (value: number, digits = 2): string => String(Number(value.toFixed(digits)));

const round = (v: number) => Math.round(v * 10) / 10;

/** A box rounded to 0.1 pt (the evidence is drawn, not measured again). */
export const roundBox = (box: PageBox): PageBox => ({
  x: round(box.x),
  y: round(box.y),
  width: round(box.width),
  height: round(box.height),
});

export const snippet = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_SNIPPET ? `${flat.slice(0, MAX_SNIPPET - 1)}…` : flat;
};

export const lineEvidence = (page: number, line: TextLine): FindingEvidence => ({
  page,
  box: roundBox(line.box),
  snippet: snippet(line.text),
});

export const fileEvidence = (text: string | null): FindingEvidence => ({
  page: null,
  box: null,
  snippet: text === null ? null : snippet(text),
});
