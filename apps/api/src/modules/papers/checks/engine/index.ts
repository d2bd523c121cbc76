/** The PDF check engine (issue 26): format rules and anonymity over what pdf.js reads in worker threads. */
export type { CheckAuthor, CheckInput, CheckOutput } from './check-input.js';
export { PdfChecker, type PdfCheckerOptions } from './pdf-checker.js';
