import type { CheckResult, CheckStage, FormatRules } from '@symposium/domain';

export interface CheckAuthor {
  name: string;
  email: string;
  organization: string | null;
}

export interface CheckInput {
  /** The whole PDF (at most 40 MB). */
  bytes: Uint8Array;
  rules: FormatRules;
  stage: CheckStage;
  /** Non-null on a double-blind track: the PDF is searched for these authors (anonymity, submission stage). */
  authors: CheckAuthor[] | null;
}

export interface CheckOutput {
  result: CheckResult;
  /** The PDF's plain text, pages separated by '\f' ('' when unchecked), for near-duplicate detection. */
  text: string;
}
