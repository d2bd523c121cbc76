/**
 * Submission checks (issue 26): format rules per track and stage, anonymity for double-blind tracks, and
 * near-duplicate submissions. The API runs the checks on every PDF uploaded as a submission file (stage
 * 'submission') or as the camera-ready pdf (stage 'cameraReady'); each finding carries its evidence (page,
 * box on the page, snippet). A chair can accept a finding with a reason; a pair of near-duplicates can be
 * dismissed with a reason.
 */

export const CHECK_STAGES = ['submission', 'cameraReady'] as const;
export type CheckStage = (typeof CHECK_STAGES)[number];

/** Whether a finding stops the submission (or the camera-ready confirmation) or only warns. */
export const CHECK_MODES = ['warn', 'block'] as const;
export type CheckMode = (typeof CHECK_MODES)[number];

export const PAPER_SIZES = ['any', 'A4', 'Letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** Page sizes in PostScript points (1/72 in). */
export const PAPER_SIZE_PT: Record<Exclude<PaperSize, 'any'>, { width: number; height: number }> = {
  A4: { width: 595.28, height: 841.89 },
  Letter: { width: 612, height: 792 },
};

/** Margins in inches; null: not checked. */
export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The format rules of one stage of a track. Every limit null (or false) is not checked. */
export interface FormatRules {
  /** Whether this stage's PDFs are checked at all. */
  enabled: boolean;
  /** At most this many body pages. */
  pageLimit: number | null;
  /** Pages from the references heading on do not count towards the page limit. */
  excludeReferences: boolean;
  /** Pages from an appendix heading (after the body) on do not count towards the page limit. */
  excludeAppendix: boolean;
  paperSize: PaperSize;
  /** How far (pt) a page may be from the paper size; default 9 pt (1/8 in). */
  sizeTolerancePt: number;
  /** The body font (the size most of the body text is set in) must be at least this (pt). */
  minFontPt: number | null;
  /** Minimum margins (in): no body text outside them. */
  minMarginsIn: Margins | null;
  /** Number of text columns on body pages. */
  columns: number | null;
  /** Maximum file size in decimal MB. */
  maxFileMb: number | null;
  /** Every font the PDF uses is embedded. */
  requireEmbeddedFonts: boolean;
}

/** A track's check settings (GET/PUT /api/{chair|cochair}/checks/tracks/:trackId). */
export interface TrackChecks {
  submission: FormatRules;
  cameraReady: FormatRules;
  /** Whether findings block (refuse the upload / the confirmation) or only warn. */
  mode: CheckMode;
  /** Double-blind: the submission PDFs are searched for the authors' names, e-mails and organizations. */
  doubleBlind: boolean;
  /** Text similarity (Jaccard of word 5-shingles, 0–1; default 0.4) from which two submissions are listed. */
  duplicateThreshold: number;
}

export const DEFAULT_FORMAT_RULES: FormatRules = {
  enabled: false,
  pageLimit: null,
  excludeReferences: true,
  excludeAppendix: false,
  paperSize: 'any',
  sizeTolerancePt: 9,
  minFontPt: null,
  minMarginsIn: null,
  columns: null,
  maxFileMb: null,
  requireEmbeddedFonts: false,
};

export const DEFAULT_TRACK_CHECKS: TrackChecks = {
  submission: DEFAULT_FORMAT_RULES,
  cameraReady: DEFAULT_FORMAT_RULES,
  mode: 'warn',
  doubleBlind: false,
  // 0.4, not 0.5: a paper with 30 % of its paragraphs rewritten measures 0.48–0.54 (generated corpus), and
  // one sharing half its paragraphs 0.30–0.34 — 0.4 finds the first and not the second.
  duplicateThreshold: 0.4,
};

export const FINDING_CODES = [
  // format
  'pageLimit',
  'paperSize',
  'fontSize',
  'margins',
  'columns',
  'fileSize',
  'fontsNotEmbedded',
  // anonymity (double-blind tracks, submission stage)
  'authorName',
  'authorEmail',
  'authorOrganization',
  'metadata',
  'acknowledgements',
  'personalLink',
  // the PDF could not be read within the limits (hostile, broken or encrypted)
  'unchecked',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

export type FindingKind = 'format' | 'anonymity' | 'unchecked';

export const findingKind = (code: FindingCode): FindingKind =>
  code === 'unchecked'
    ? 'unchecked'
    : [
          'authorName',
          'authorEmail',
          'authorOrganization',
          'metadata',
          'acknowledgements',
          'personalLink',
        ].includes(code)
      ? 'anonymity'
      : 'format';

/** A box on a page in PDF points, origin at the page's top-left corner. */
export interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a finding shows: a page (1-based; null for the file as a whole), a box on it and a snippet. */
export interface FindingEvidence {
  page: number | null;
  box: PageBox | null;
  /** The text found there (a name, a heading, a line), at most 200 characters. */
  snippet: string | null;
}

/** One rule broken, with what was measured and where. */
export interface CheckFinding {
  code: FindingCode;
  /** The whole sentence shown: "page 9 of body text; limit 8". */
  message: string;
  /** The rule: "at most 8 body pages". */
  rule: string;
  /** The value measured: "9 body pages". */
  measured: string;
  /** The pages it concerns (1-based), ascending. */
  pages: number[];
  /** Up to 5 places that show it. */
  evidence: FindingEvidence[];
}

/**
 * A page drawn small (the evidence thumbnail): its size and the boxes of its text lines, in PDF points from
 * the top-left corner. The screens draw the lines grey and the evidence boxes red.
 */
export interface PageOutline {
  page: number;
  width: number;
  height: number;
  lines: PageBox[];
}

/** The result of checking one PDF. */
export interface CheckResult {
  /** passed: no finding; findings: at least one; unchecked: the PDF could not be read (one 'unchecked' finding). */
  status: 'passed' | 'findings' | 'unchecked';
  stage: CheckStage;
  pageCount: number | null;
  /** Body pages counted towards the limit (references / appendix excluded as the rules say). */
  bodyPages: number | null;
  findings: CheckFinding[];
  /** Outlines of the pages named by the evidence (at most 8). */
  outlines: PageOutline[];
}

/** A chair's acceptance of a finding. */
export interface FindingAcceptance {
  reason: string;
  by: string;
  at: string;
}

/** A finding of a stored file as the API shows it. */
export interface StoredFindingDto extends CheckFinding {
  /** Accepted by a chair (no longer blocks, not counted as a problem), or null. */
  accepted: FindingAcceptance | null;
}

/** The check of one stored paper file (GET …/papers/:paperId/checks). */
export interface FileCheckDto {
  fileId: number;
  fileName: string;
  part: string;
  stage: CheckStage;
  status: CheckResult['status'];
  pageCount: number | null;
  bodyPages: number | null;
  checkedAt: string;
  findings: StoredFindingDto[];
  outlines: PageOutline[];
}

/**
 * The answer of a preflight check (POST /api/author/checks?track=&stage=, multipart `file`, optional `paper`
 * JSON field with `authors` for anonymity): the result, and whether it would stop the submission.
 */
export interface PreflightDto extends CheckResult {
  blocking: boolean;
  mode: CheckMode;
}

/** A paper as a duplicate pair names it. */
export interface DuplicatePaperDto {
  id: number;
  title: string;
  track: { id: number; name: string };
  authors: { id: number; name: string; email: string }[];
}

/** A passage the two papers share: its text in each (the highlight), at most 400 characters each. */
export interface SharedPassage {
  a: string;
  b: string;
}

export const DUPLICATE_KINDS = ['text', 'title', 'abstract'] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];

/** Two submissions found alike (GET /api/{chair|cochair}/checks/duplicates). */
export interface DuplicatePairDto {
  id: number;
  kind: DuplicateKind;
  /** Estimated similarity 0–1 (text); 1 for the same title or abstract. */
  similarity: number;
  a: DuplicatePaperDto;
  b: DuplicatePaperDto;
  passages: SharedPassage[];
  foundAt: string;
  dismissed: FindingAcceptance | null;
}

/** One paper's line of the checks report. */
export interface CheckReportRowDto {
  paper: { id: number; title: string };
  track: { id: number; name: string };
  /** Open findings (not accepted) of the paper's current files, and the accepted ones. */
  findings: (StoredFindingDto & { fileName: string; stage: CheckStage })[];
  /** Duplicate pairs (not dismissed) the paper is part of: the other paper's id and title. */
  duplicates: {
    pairId: number;
    otherId: number;
    otherTitle: string;
    kind: DuplicateKind;
    similarity: number;
  }[];
}

export interface CheckReportTrackCountsDto {
  track: { id: number; name: string };
  papers: number;
  checked: number;
  format: number;
  anonymity: number;
  unchecked: number;
  accepted: number;
  duplicates: number;
}

/** GET /api/{chair|cochair}/checks/report (xlsx: …/report/xlsx). */
export interface CheckReportDto {
  tracks: CheckReportTrackCountsDto[];
  rows: CheckReportRowDto[];
}

export const CHECK_MESSAGES = {
  blocked: 'This file does not meet the track’s rules; please correct it and upload it again',
  cameraReadyBlocked: 'The camera-ready PDF does not meet the track’s rules; please correct it first',
  acceptReasonRequired: 'Please give a reason for accepting this finding',
  dismissReasonRequired: 'Please give a reason for dismissing this pair',
  reasonTooLong: 'The reason must be at most 1000 characters',
  findingNotFound: 'Finding not found',
  pairNotFound: 'Duplicate pair not found',
  accepted: 'Finding accepted',
  dismissed: 'Pair dismissed',
  saved: 'Submission checks saved',
  notPdf: 'Only PDF files are checked',
  stageInvalid: "The stage must be 'submission' or 'cameraReady'",
  thresholdInvalid: 'The duplicate threshold must be between 0.1 and 1',
  rulesInvalid: 'Please check the format rules: limits must be positive numbers',
} as const;

/** The longest reason a chair can give. */
export const CHECK_REASON_MAX = 1000;
