import type { CheckFinding, CheckResult, CheckStage, PageOutline } from '@symposium/domain';
import { checkAnonymity } from './anonymity.js';
import type { CheckInput, CheckOutput } from './check-input.js';
import { roundBox } from './evidence.js';
import type { ExtractedPdf, UncheckedReason } from './extracted.js';
import { checkFormat, dominantSize } from './format-rules.js';
import { layoutPage, type PageLayout, type TextLine } from './layout.js';
import { bodyPageNumbers, findSections, regionsOf } from './sections.js';

/** Outlines are drawn for at most this many evidence pages. */
const MAX_OUTLINES = 8;

/** The result of checking a PDF whose facts were extracted: the format rules and, when asked, anonymity. */
export function checkExtracted(
  pdf: ExtractedPdf,
  input: Omit<CheckInput, 'bytes'> & { fileBytes: number },
): CheckOutput {
  const pages = pdf.pages.map((page, i) => layoutPage(page, i + 1));
  const isBold = (line: TextLine) => {
    const bold = line.items.filter((i) => pdf.fonts[i.font]?.bold).reduce((n, i) => n + i.str.length, 0);
    return bold * 2 >= line.text.length;
  };
  const starts = findSections(pages, dominantSize(pages.flatMap((p) => p.lines)), isBold);
  const bodyPages = bodyPageNumbers(pages, starts, input.rules);
  const findings: CheckFinding[] = [];
  if (input.rules.enabled)
    findings.push(
      ...checkFormat({ pages, fonts: pdf.fonts, bodyPages, fileBytes: input.fileBytes }, input.rules),
    );
  if (input.authors && input.stage === 'submission')
    findings.push(
      ...checkAnonymity(
        {
          pages,
          regions: regionsOf(pages, starts).map((r) => r.lines),
          metadata: pdf.metadata,
          links: pdf.pages.flatMap((p, i) => p.links.map((l) => ({ page: i + 1, ...l }))),
        },
        input.authors,
      ),
    );
  return {
    result: {
      status: findings.length ? 'findings' : 'passed',
      stage: input.stage,
      pageCount: pdf.pageCount,
      bodyPages: bodyPages.length,
      findings,
      outlines: outlinesOf(pages, findings),
    },
    text: pages.map((p) => p.text).join('\f'),
  };
}

/** The outlines of the pages the evidence names, in the order the findings first name them, ascending. */
function outlinesOf(pages: PageLayout[], findings: CheckFinding[]): PageOutline[] {
  const named: number[] = [];
  for (const f of findings)
    for (const e of f.evidence)
      if (e.page !== null && !named.includes(e.page) && named.length < MAX_OUTLINES) named.push(e.page);
  return named
    .sort((a, b) => a - b)
    .map((n) => {
      const page = pages[n - 1];
      return {
        page: n,
        width: Math.round(page.width * 10) / 10,
        height: Math.round(page.height * 10) / 10,
        lines: page.lines.map((l) => roundBox(l.box)),
      };
    });
}

/** Why the PDF was not checked, as the end of the sentence "The PDF could not be checked: …". */
function uncheckedWhy(reason: UncheckedReason): string {
  switch (reason.kind) {
    case 'timeout':
      return `it took longer than ${reason.seconds} s`;
    case 'memory':
      return `it needs more than ${reason.megabytes} MB of memory`;
    case 'pages':
      return `it has ${reason.pageCount} pages; at most ${reason.maxPages} are checked`;
    case 'inflate':
      return `its compressed content expands to more than ${reason.megabytes} MB`;
    case 'text':
      return `it holds more than ${reason.maxItems.toLocaleString('en')} pieces of text`;
    case 'encrypted':
      return 'it is encrypted (protected by a password)';
    case 'unreadable':
      return `it could not be read (${reason.detail.replace(/\.$/, '')})`;
  }
}

/** The result of a PDF that could not be read within the limits: one 'unchecked' finding, no text. */
export function uncheckedOutput(reason: UncheckedReason, stage: CheckStage): CheckOutput {
  const why = uncheckedWhy(reason);
  const result: CheckResult = {
    status: 'unchecked',
    stage,
    pageCount: reason.kind === 'pages' ? reason.pageCount : null,
    bodyPages: null,
    findings: [
      {
        code: 'unchecked',
        message: `The PDF could not be checked: ${why}`,
        rule: 'the PDF can be read within the checker’s limits',
        measured: why,
        pages: [],
        evidence: [],
      },
    ],
    outlines: [],
  };
  return { result, text: '' };
}
