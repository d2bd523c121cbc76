/**
 * Test PDFs of the submission-check browser tests (issue 26), printed by Chromium from HTML: US Letter, 1 in
 * margins, 11 pt body text naming nobody, one section per page; the same seed gives the same text.
 */
import type { BrowserEnv } from '../support/browser.js';

const VOCABULARY = (
  'graph vertex edge colour bound greedy sparse dense random walk matching flow cut path cycle tree heuristic ' +
  'measure quality runtime instance benchmark result method analysis proof lemma theorem algorithm structure ' +
  'degree order partition network sample estimate error model'
).split(' ');

/** Deterministic words (a seeded generator over a small vocabulary): body text that names nobody. */
export function prose(seed: number, words: number): string {
  let x = Math.imul(seed, 2654435761) >>> 0;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.push(VOCABULARY[(x >>> 16) % VOCABULARY.length]!);
  }
  return out.join(' ');
}

/**
 * A PDF of `pages` pages printed by Chromium: US Letter, 1 in margins, 11 pt body text, each page a section
 * of its own (a heading and two paragraphs). The same seed gives the same text.
 */
export async function letterPdf(env: BrowserEnv, seed: number, pages: number): Promise<Uint8Array> {
  const sections = Array.from(
    { length: pages },
    (_, i) =>
      `<section><h2>${i + 1} Section</h2><p>${prose(seed * 100 + i, 160)}.</p><p>${prose(seed * 100 + i + 50, 160)}.</p></section>`,
  ).join('');
  const html = `<!doctype html><html><head><title>Paper</title><style>
    @page { size: letter; margin: 1in }
    body { font: 11pt/1.4 serif; margin: 0 }
    section { break-after: page }
    section:last-child { break-after: auto }
  </style></head><body>${sections}</body></html>`;
  const page = await env.browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({ preferCSSPageSize: true });
  } finally {
    await page.close();
  }
}
