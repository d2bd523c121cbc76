import { Inject, Injectable } from '@nestjs/common';
import {
  DOCUMENT_LABELS,
  DocumentTemplateError,
  conferenceVenue,
  parseDocumentTemplate,
  type ConferenceDto,
  type DocumentKind,
  type IssuedDocumentParams,
} from '@symposium/domain';
import { randomBytes } from 'node:crypto';
import { DomainError } from '../../common/errors.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { Executor } from '../../database/database.js';
import { DocumentRenderer } from '../documents/document-renderer.js';
import { escapeHtml } from '../documents/html.js';
import { defaultTemplate, documentShell, fillTemplate, type DocumentValues } from './document-templates.js';
import { LettersErrors } from './letters.errors.js';
import { LettersRepository } from './letters.repository.js';
import { loadQRCode } from '../../common/lazy-libraries.js';

/** Crockford's base32 alphabet (no I, L, O, U). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 10;

/** A verification code: 10 characters of Crockford base32 from crypto.randomBytes (50 random bits). */
export function newDocumentCode(): string {
  // 256 is a multiple of 32: the low five bits of a random byte are uniform.
  return [...randomBytes(CODE_LENGTH)].map((b) => CROCKFORD[b & 31]).join('');
}

/** A code as typed or read: upper case, dashes and spaces gone, I/L → 1, O → 0; null when it cannot be one. */
export function normalizeDocumentCode(raw: string): string | null {
  const code = raw.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return code.length === CODE_LENGTH && [...code].every((c) => CROCKFORD.includes(c)) ? code : null;
}

/** A billing line: registration id, description, amount in cents. */
export interface BillingLine {
  registrationId: string;
  description: string;
  cents: number;
}

export const formatCents = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** The formatters of one time zone (an invalid zone falls back to UTC). */
function formatters(timeZone: string) {
  let zone = timeZone || 'UTC';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const date = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const year = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric' });
  return { date: (d: Date) => date.format(d), year: (d: Date) => year.format(d) };
}

const DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "Tuesday 14 July 2026, 10:30–12:00" from a programme day (YYYY-MM-DD) and its HH:MM event times. */
export function sessionTime(date: string | null, start: string | null, end: string | null): string {
  const day =
    date && /^\d{4}-\d{2}-\d{2}$/.test(date)
      ? DAY.format(new Date(`${date}T00:00:00Z`)).replace(',', '')
      : '';
  const times = start ? (end ? `${start}–${end}` : start) : '';
  return [day, times].filter(Boolean).join(', ');
}

/** Which template a document was rendered from, and its HTML. */
export interface ChosenTemplate {
  html: string;
  custom: boolean;
  updatedAt: string | null;
}

/**
 * Composing documents: the template of each kind (the chair's or the built-in one), the values every
 * document shares (conference, signer, issuer, code, QR code), billing tables, and the rendering of a
 * filled template to PDF in the shared Chromium.
 */
@Injectable()
export class DocumentComposer {
  constructor(
    private readonly repo: LettersRepository,
    private readonly renderer: DocumentRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  verifyUrl(code: string): string {
    return `${this.config.publicUrl}/verify/${code}`;
  }

  async template(kind: DocumentKind, ex?: Executor): Promise<ChosenTemplate> {
    const row = await this.repo.findTemplate(kind, ex);
    return row
      ? { html: row.html, custom: true, updatedAt: row.updatedAt.toISOString() }
      : { html: defaultTemplate(kind), custom: false, updatedAt: null };
  }

  /** The values of the conference, the date of issue, the code, its address and QR code. */
  async commonValues(conference: ConferenceDto, code: string, issuedAt: Date): Promise<DocumentValues> {
    const url = this.verifyUrl(code);
    const qr = await (
      await loadQRCode()
    ).toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 360 });
    return {
      'conference.shortName': conference.shortName,
      'conference.fullName': conference.fullName,
      'conference.dates': conference.dates,
      'conference.city': conference.city,
      'conference.country': conference.country,
      'conference.address': conference.address,
      'conference.venue': conferenceVenue(conference),
      'conference.url': conference.externalURL,
      'document.date': formatters(conference.timeZone).date(issuedAt),
      'document.code': code,
      'document.verifyUrl': url,
      'document.qrCode': `<img class="qr" src="${qr}" alt="QR code" style="width:26mm;height:26mm">`,
    };
  }

  /** The signer, the signature image (when there is one) and the issuer of the letter settings. */
  signerValues(
    settings: {
      signerName: string;
      signerTitle: string;
      issuerName: string;
      issuerAddress: string;
      issuerTaxId: string;
    },
    signature: { data: Buffer; type: string } | null,
  ): DocumentValues {
    return {
      'signer.name': settings.signerName,
      'signer.title': settings.signerTitle,
      signature: signature
        ? `<img class="signature" src="data:${signature.type};base64,${signature.data.toString('base64')}" alt="Signature" style="display:block;max-height:22mm;max-width:70mm">`
        : '',
      'issuer.name': settings.issuerName,
      'issuer.address': settings.issuerAddress,
      'issuer.taxId': settings.issuerTaxId,
    };
  }

  /** The billing table (escaped values) and total of these lines. */
  billingValues(lines: BillingLine[], currency: string, paymentTerms: string): DocumentValues {
    const total = lines.reduce((sum, l) => sum + l.cents, 0);
    const rows = lines
      .map(
        (l) =>
          `<tr><td>${escapeHtml(l.registrationId)}</td><td>${escapeHtml(l.description)}</td><td class="amount">${formatCents(l.cents)} ${escapeHtml(currency)}</td></tr>`,
      )
      .join('');
    return {
      'billing.linesHtml': `<table class="lines"><thead><tr><th>Registration</th><th>Description</th><th class="amount">Amount</th></tr></thead><tbody>${rows}</tbody></table>`,
      'billing.total': `${formatCents(total)} ${currency}`,
      'billing.paymentTerms': paymentTerms,
    };
  }

  year(conference: ConferenceDto, at: Date): string {
    return formatters(conference.timeZone).year(at);
  }

  /** Fills and renders a template; a rendering failure other than a missing browser is a clear 503. */
  async render(html: string, values: DocumentValues): Promise<Buffer> {
    let filled: string;
    try {
      filled = fillTemplate(html, values);
    } catch (e) {
      if (e instanceof DocumentTemplateError) throw LettersErrors.template(e.message, e.placeholder);
      throw e;
    }
    try {
      return await this.renderer.renderPdf(documentShell(filled));
    } catch (e) {
      if (e instanceof DomainError) throw e;
      throw LettersErrors.renderFailed();
    }
  }

  /** Checks a template's placeholders for a kind (400 naming the first bad one). */
  check(html: string, kind: DocumentKind): void {
    try {
      parseDocumentTemplate(html, kind);
    } catch (e) {
      if (e instanceof DocumentTemplateError) throw LettersErrors.template(e.message, e.placeholder);
      throw e;
    }
  }

  /** The params stored with a document. */
  params(
    kind: DocumentKind,
    values: DocumentValues,
    template: ChosenTemplate,
    lines?: BillingLine[],
  ): IssuedDocumentParams {
    // The images are large and rebuilt from the code and the settings: stored as a mark only.
    const stored = { ...values };
    if (stored['document.qrCode']) stored['document.qrCode'] = '[QR code]';
    if (stored.signature) stored.signature = '[signature image]';
    return {
      kind,
      values: stored,
      ...(lines
        ? {
            lines: lines.map((l) => ({
              registrationId: l.registrationId,
              description: l.description,
              amount: formatCents(l.cents),
            })),
            total: formatCents(lines.reduce((s, l) => s + l.cents, 0)),
          }
        : {}),
      template: { custom: template.custom, updatedAt: template.updatedAt },
    };
  }
}

/** "acceptance-12-Silva.pdf": the kind, the paper and the recipient's last name in plain ASCII. */
export function documentFileName(kind: DocumentKind, paperId: number | null, lastName: string): string {
  const name =
    lastName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9-]+/g, '')
      .slice(0, 60) || 'document';
  return `${kind}-${paperId ?? 'none'}-${name}.pdf`;
}

export const kindLabel = (kind: DocumentKind): string => DOCUMENT_LABELS[kind];
