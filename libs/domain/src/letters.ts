import {
  scanPlaceholders,
  TEMPLATE_MESSAGES,
  type ParsedTemplate,
  type TemplatePart,
} from './mail/placeholders.js';

/**
 * Letters, invoices and receipts (issue 11): the document kinds, the closed placeholder list of document
 * templates (parsed by the e-mail templates' scanner), the JSON shapes of the API and its messages. The
 * routes are listed in the README ("Letters, invoices and receipts"); the chair console, the author app and
 * the tests use these names.
 */

export const LETTER_KINDS = ['acceptance', 'certificate', 'invitation'] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];
export const BILLING_KINDS = ['invoice', 'receipt'] as const;
export type BillingKind = (typeof BILLING_KINDS)[number];
export const DOCUMENT_KINDS = [...LETTER_KINDS, ...BILLING_KINDS, 'creditNote'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const isDocumentKind = (v: unknown): v is DocumentKind =>
  typeof v === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(v);
export const isLetterKind = (v: unknown): v is LetterKind =>
  typeof v === 'string' && (LETTER_KINDS as readonly string[]).includes(v);
export const isBillingKind = (v: unknown): v is BillingKind =>
  typeof v === 'string' && (BILLING_KINDS as readonly string[]).includes(v);

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  acceptance: 'Acceptance letter',
  certificate: 'Certificate of presentation',
  invitation: 'Invitation letter',
  invoice: 'Invoice',
  receipt: 'Receipt',
  creditNote: 'Credit note',
};

/** The paper flag (ChairPaperDto / PUT /papers/{paperId}) that lets the authors download each letter. */
export const LETTER_FLAGS = {
  acceptance: 'acceptanceLetterEnabled',
  certificate: 'certificateEnabled',
  invitation: 'invitationLetterEnabled',
} as const satisfies Record<LetterKind, string>;
export type LetterFlag = (typeof LETTER_FLAGS)[LetterKind];

// ---------------------------------------------------------------------------------------------------------
// Placeholders of document templates: {{name}} from this closed list, as in e-mail templates. Values are
// HTML-escaped; the block placeholders (…Html) are HTML built by the server from escaped values.

export interface DocumentPlaceholderInfo {
  name: string;
  description: string;
  /** The kinds whose data has a value for it (all = every kind). */
  kinds: readonly DocumentKind[] | 'all';
}

export const DOCUMENT_PLACEHOLDERS: readonly DocumentPlaceholderInfo[] = [
  { name: 'conference.shortName', description: 'Conference short name', kinds: 'all' },
  { name: 'conference.fullName', description: 'Conference full name', kinds: 'all' },
  { name: 'conference.dates', description: 'Conference dates', kinds: 'all' },
  { name: 'conference.city', description: 'Conference city', kinds: 'all' },
  { name: 'conference.country', description: 'Conference country', kinds: 'all' },
  { name: 'conference.address', description: 'Conference address (venue)', kinds: 'all' },
  {
    name: 'conference.venue',
    description:
      'Where the conference takes place: the address, with the city and country when it does not name them',
    kinds: 'all',
  },
  { name: 'conference.url', description: "Conference's web site", kinds: 'all' },
  { name: 'recipient.name', description: "Recipient's full name", kinds: 'all' },
  { name: 'recipient.firstName', description: "Recipient's first name", kinds: 'all' },
  { name: 'recipient.lastName', description: "Recipient's last name", kinds: 'all' },
  { name: 'recipient.affiliation', description: "Recipient's organization", kinds: 'all' },
  { name: 'recipient.country', description: "Recipient's country", kinds: 'all' },
  { name: 'recipient.email', description: "Recipient's e-mail address", kinds: 'all' },
  { name: 'paper.id', description: 'Paper id', kinds: 'all' },
  { name: 'paper.title', description: 'Paper title', kinds: 'all' },
  { name: 'paper.authors', description: 'Authors of the paper, in order', kinds: 'all' },
  { name: 'paper.track', description: "The paper's track", kinds: 'all' },
  { name: 'paper.status', description: "The paper's status (decision)", kinds: 'all' },
  {
    name: 'session.name',
    description: 'Session the paper is presented in (certificate; empty when not scheduled)',
    kinds: ['certificate'],
  },
  { name: 'session.room', description: 'Room of the session (certificate)', kinds: ['certificate'] },
  {
    name: 'session.time',
    description: 'Day and time of the session in the conference time zone (certificate)',
    kinds: ['certificate'],
  },
  { name: 'signer.name', description: 'Name of the person who signs', kinds: 'all' },
  { name: 'signer.title', description: 'Title of the person who signs', kinds: 'all' },
  { name: 'signature', description: 'The signature image (empty when there is none)', kinds: 'all' },
  { name: 'issuer.name', description: 'Issuer (publisher) name', kinds: 'all' },
  { name: 'issuer.address', description: 'Issuer address', kinds: 'all' },
  { name: 'issuer.taxId', description: 'Issuer tax id', kinds: 'all' },
  {
    name: 'document.number',
    description: 'Invoice, receipt or credit note number',
    kinds: ['invoice', 'receipt', 'creditNote'],
  },
  { name: 'document.date', description: 'Date of issue', kinds: 'all' },
  { name: 'document.code', description: 'Verification code', kinds: 'all' },
  { name: 'document.verifyUrl', description: 'Address of the verification page', kinds: 'all' },
  { name: 'document.qrCode', description: 'QR code opening the verification page (image)', kinds: 'all' },
  {
    name: 'billing.linesHtml',
    description: 'Table of the registrations billed (id, description, amount)',
    kinds: ['invoice', 'receipt', 'creditNote'],
  },
  {
    name: 'billing.total',
    description: 'Total amount with currency',
    kinds: ['invoice', 'receipt', 'creditNote'],
  },
  { name: 'billing.paymentTerms', description: 'Payment terms', kinds: ['invoice', 'receipt', 'creditNote'] },
  {
    name: 'billing.credits',
    description: 'Number of the invoice or receipt a credit note corrects',
    kinds: ['creditNote'],
  },
  { name: 'billing.reason', description: 'Reason of a credit note', kinds: ['creditNote'] },
];

export const isDocumentPlaceholder = (name: string): boolean =>
  DOCUMENT_PLACEHOLDERS.some((p) => p.name === name);

// ---------------------------------------------------------------------------------------------------------
// JSON shapes

/** What a document was rendered from (stored with it: issued_documents.params). */
export interface IssuedDocumentParams {
  kind: DocumentKind;
  /** Every placeholder value used, as text (block placeholders as their HTML). */
  values: Record<string, string>;
  /** Billing lines of invoices, receipts and credit notes (amounts as decimal strings, 2 places). */
  lines?: { registrationId: string; description: string; amount: string }[];
  total?: string;
  /** Which template: the chair's (updatedAt) or the default. */
  template: { custom: boolean; updatedAt: string | null };
}

export interface IssuedDocumentDto {
  _id: number;
  code: string;
  kind: DocumentKind;
  paperId: number | null;
  recipientUserId: number | null;
  recipientName: string;
  /** INV-2026-0007 for invoices, receipts and credit notes; null for letters. */
  numberLabel: string | null;
  /** Decimal string, e.g. "350.00"; null for letters. */
  amount: string | null;
  currency: string | null;
  sha256: string;
  size: number;
  fileName: string;
  creditsId: number | null;
  /** The credit note that corrects this one, when there is one. */
  creditedById: number | null;
  issuedAt: string;
  issuedBy: number | null;
  downloads: number;
  revokedAt: string | null;
  revokeReason: string | null;
  verifyUrl: string;
}

/** GET /api/verify/{code} (public): what the verification page states. */
export interface DocumentVerificationDto {
  code: string;
  kind: DocumentKind;
  kindLabel: string;
  conference: string;
  recipientName: string;
  paperTitle: string | null;
  numberLabel: string | null;
  amount: string | null;
  currency: string | null;
  issuedAt: string;
  sha256: string;
  revoked: boolean;
  revokedAt: string | null;
  revokeReason: string | null;
  /** A credit note corrects this invoice/receipt: its number. */
  creditedBy: string | null;
  /** A credit note: the number of the document it corrects. */
  credits: string | null;
}

export interface LetterSettingsDto {
  signerName: string;
  signerTitle: string;
  hasSignature: boolean;
  issuerName: string;
  issuerAddress: string;
  issuerTaxId: string;
  currency: string;
  invoicePrefix: string;
  receiptPrefix: string;
  creditNotePrefix: string;
  paymentTerms: string;
}

export interface DocumentTemplateDto {
  kind: DocumentKind;
  html: string;
  /** true when the chair has not saved one (the built-in template). */
  isDefault: boolean;
  updatedAt: string | null;
}

export interface DocumentBatchDto {
  _id: number;
  kind: DocumentKind;
  state: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  failed: number;
  errors: { paperId: number; message: string }[];
  createdAt: string;
  finishedAt: string | null;
  /** Set when state is done and at least one document was issued. */
  zipUrl: string | null;
}

/** GET /api/author/papers/{paperId}/letters: the letters the chair enabled for this paper. */
export interface AuthorLetterDto {
  kind: LetterKind;
  label: string;
  /** Whether the author can download it now (a signed letter exists or can be issued). */
  available: boolean;
  /** Why not, when it is not available (e.g. LETTER_MESSAGES.notSigned). */
  reason: string | null;
}

export const LETTER_MESSAGES = {
  signatureRequired: 'Please provide a signature first.',
  signatureInvalid: 'Please select a valid file',
  unknownKind: 'Unknown document kind',
  notEnabled: 'This letter is not available for this paper',
  notRegistered: 'The paper has no registration to bill',
  noAmount: 'The registration has no amount to bill',
  authorNotOnPaper: 'The person is not an author of this paper',
  templateSaved: 'The template was saved!',
  settingsSaved: 'The letter settings were saved!',
  revoked: 'The document was revoked',
  alreadyRevoked: 'The document is already revoked',
  alreadyCredited: 'The document has already been corrected by a credit note',
  notCreditable: 'Only invoices and receipts can be corrected by a credit note',
  reasonRequired: 'Please give a reason',
  notFound: 'Document not found',
  verifyRateLimited: 'Too many verification requests. Please wait 15 minutes and try again.',
  letterError: 'The letter could not be generated',
  paperDeleted: 'The paper was deleted: no letter is issued for it',
  notAccepted:
    'The paper is not accepted: acceptance and invitation letters are issued only for accepted papers',
  notScheduled: 'The paper is not in the programme: certificates are issued only for scheduled papers',
  issuerIncomplete:
    'Please complete the issuer (name, address and tax id) in the letter settings before issuing invoices and receipts',
  notSigned: 'This letter is not available yet: the conference has not signed it. Please try again later.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Parsing document templates (the e-mail templates' parser shape, with the document placeholder list)

export const DOCUMENT_TEMPLATE_MESSAGES = {
  unknown: TEMPLATE_MESSAGES.unknown,
  malformed: TEMPLATE_MESSAGES.malformed,
  notForKind: (name: string, kind: DocumentKind) =>
    `The placeholder {{${name}}} has no value in a document of kind ${DOCUMENT_LABELS[kind].toLowerCase()}`,
  htmlRequired: 'Please write the template',
  outsideText: (placeholder: string) =>
    `The placeholder ${placeholder} can only be used in the text of the template, not in a style or an attribute`,
  tooLong: (max: number) => `The template must be at most ${max} characters`,
} as const;

/** Longest template HTML accepted (characters). */
export const DOCUMENT_TEMPLATE_MAX = 200_000;

export type DocumentTemplatePart = TemplatePart;
export type ParsedDocumentTemplate = ParsedTemplate;

export class DocumentTemplateError extends Error {
  constructor(
    message: string,
    /** The offending text as written, e.g. "{{paper.titel}}". */
    public readonly placeholder: string,
  ) {
    super(message);
    this.name = 'DocumentTemplateError';
  }
}

const DOCUMENT_PLACEHOLDER_INFO = new Map(DOCUMENT_PLACEHOLDERS.map((p) => [p.name, p]));

/** Placeholders whose value is HTML built by the server (an <img> or a table), not escaped text. */
export const DOCUMENT_BLOCK_PLACEHOLDERS: readonly string[] = [
  'signature',
  'document.qrCode',
  'billing.linesHtml',
];

/** Whether a document of this kind has a value for the placeholder. */
export const documentPlaceholderFits = (name: string, kind: DocumentKind): boolean => {
  const info = DOCUMENT_PLACEHOLDER_INFO.get(name);
  return Boolean(info && (info.kinds === 'all' || info.kinds.includes(kind)));
};

/**
 * Splits a document template into text and placeholders, like parseTemplate of the e-mail templates.
 * Throws DocumentTemplateError naming the first unknown or malformed placeholder, or (with `kind`) one that
 * has no value in that kind of document.
 */
export function parseDocumentTemplate(template: string, kind?: DocumentKind): ParsedDocumentTemplate {
  return scanPlaceholders(template, {
    known: (name) => DOCUMENT_PLACEHOLDER_INFO.has(name),
    refuse: (name) =>
      kind && !documentPlaceholderFits(name, kind)
        ? DOCUMENT_TEMPLATE_MESSAGES.notForKind(name, kind)
        : undefined,
    error: (message, raw) => new DocumentTemplateError(message, raw.trimEnd()),
    stopAt: ['<'],
  });
}

/** `INV-2026` + 7 → `INV-2026-0007`. */
export const documentNumberLabel = (series: string, n: number): string =>
  `${series}-${String(n).padStart(4, '0')}`;

/**
 * The venue in one line: the address, followed by the city and the country unless the address already
 * names them ("Campo Grande, 1749-016 Lisbon, Portugal" stays as it is; "Avenida Rovisco Pais 1" becomes
 * "Avenida Rovisco Pais 1, Lisbon, Portugal"). Compared case-insensitively, as whole words.
 */
export function conferenceVenue(c: { address: string; city: string; country: string }): string {
  const address = c.address.trim();
  const names = (part: string) =>
    new RegExp(
      `(^|[^\\p{L}\\p{N}])${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`,
      'iu',
    ).test(address);
  const rest = [c.city.trim(), c.country.trim()].filter((part) => part && !names(part));
  return [address, ...rest].filter(Boolean).join(', ');
}
