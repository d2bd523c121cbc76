import { Injectable } from '@nestjs/common';
import {
  DOCUMENT_KINDS,
  DOCUMENT_TEMPLATE_MAX,
  DOCUMENT_TEMPLATE_MESSAGES,
  isDocumentKind,
  type DocumentKind,
  type DocumentTemplateDto,
  type LetterSettingsDto,
  DocumentTemplateError,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import type { Executor } from '../../database/database.js';
import { ConferenceService } from '../conference/conference.service.js';
import { DocumentComposer } from './document-composer.js';
import { defaultTemplate, sanitizeDocumentHtml, type DocumentValues } from './document-templates.js';
import { LettersErrors } from './letters.errors.js';
import { LettersRepository } from './letters.repository.js';
import type { LetterSettingsRow } from './letters.table.js';
import { signatureOf, type UploadedFile } from './letters.service.js';

/** The text fields of the settings and their longest accepted length. */
const TEXT_FIELDS = {
  signerName: 200,
  signerTitle: 200,
  issuerName: 300,
  issuerAddress: 1000,
  issuerTaxId: 100,
  paymentTerms: 2000,
} as const;
const PREFIX_FIELDS = ['invoicePrefix', 'receiptPrefix', 'creditNotePrefix'] as const;
const PREFIX = /^[A-Za-z0-9]{1,12}$/;
const CURRENCY = /^[A-Za-z]{3}$/;

export const SETTINGS_MESSAGES = {
  unknownField: (f: string) => `Unknown setting ${f}`,
  text: (f: string, max: number) => `${f} must be text of at most ${max} characters`,
  prefix: 'A number prefix is 1 to 12 letters or digits',
  currency: 'The currency is a three-letter code such as EUR',
  prefixesDistinct: 'Invoices, receipts and credit notes need different number prefixes',
} as const;

/** Letter settings (signer, signature image, issuer, numbering) and the document templates. */
@Injectable()
export class LetterSettingsService {
  constructor(
    private readonly repo: LettersRepository,
    private readonly composer: DocumentComposer,
    private readonly conference: ConferenceService,
  ) {}

  async get(): Promise<LetterSettingsDto> {
    return toSettingsDto(await this.repo.settings());
  }

  /** PUT settings: any of the fields; checked all before anything is written. */
  /** In the caller's transaction when `ex` is given. */
  async update(body: unknown, ex?: Executor): Promise<LetterSettingsDto> {
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw LettersErrors.settings('body', 'Please send the settings as a JSON object');
    const patch: Partial<LetterSettingsRow> = {};
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (key === 'hasSignature') continue;
      if (key in TEXT_FIELDS) {
        const max = TEXT_FIELDS[key as keyof typeof TEXT_FIELDS];
        if (typeof value !== 'string' || value.length > max)
          throw LettersErrors.settings(key, SETTINGS_MESSAGES.text(key, max));
        (patch as Record<string, string>)[key] = value.trim();
      } else if ((PREFIX_FIELDS as readonly string[]).includes(key)) {
        if (typeof value !== 'string' || !PREFIX.test(value.trim()))
          throw LettersErrors.settings(key, SETTINGS_MESSAGES.prefix);
        (patch as Record<string, string>)[key] = value.trim().toUpperCase();
      } else if (key === 'currency') {
        if (typeof value !== 'string' || !CURRENCY.test(value.trim()))
          throw LettersErrors.settings(key, SETTINGS_MESSAGES.currency);
        patch.currency = value.trim().toUpperCase();
      } else throw LettersErrors.settings(key, SETTINGS_MESSAGES.unknownField(key));
    }
    const merged = { ...(await this.repo.settings(ex)), ...patch };
    if (new Set(PREFIX_FIELDS.map((f) => merged[f])).size !== PREFIX_FIELDS.length)
      throw LettersErrors.settings('invoicePrefix', SETTINGS_MESSAGES.prefixesDistinct);
    return toSettingsDto(await this.repo.updateSettings(patch, ex));
  }

  async setSignature(file: UploadedFile | undefined): Promise<LetterSettingsDto> {
    if (!file) throw LettersErrors.signatureInvalid();
    const { data, type } = signatureOf(file);
    return toSettingsDto(await this.repo.updateSettings({ signature: data, signatureType: type }));
  }

  async deleteSignature(): Promise<LetterSettingsDto> {
    return toSettingsDto(await this.repo.updateSettings({ signature: null, signatureType: null }));
  }

  async signature(): Promise<{ data: Buffer; type: string }> {
    const s = await this.repo.settings();
    if (!s.signature || !s.signatureType) throw LettersErrors.signatureNotFound();
    return { data: s.signature, type: s.signatureType };
  }

  // ----- templates

  async templates(): Promise<DocumentTemplateDto[]> {
    const saved = new Map((await this.repo.listTemplates()).map((r) => [r.kind, r]));
    return DOCUMENT_KINDS.map((kind) => {
      const row = saved.get(kind);
      return row
        ? { kind, html: row.html, isDefault: false, updatedAt: row.updatedAt.toISOString() }
        : { kind, html: defaultTemplate(kind), isDefault: true, updatedAt: null };
    });
  }

  /** PUT templates/:kind {html}: placeholders checked (400 naming the first bad one), then sanitised. */
  async saveTemplate(kindRaw: string, body: unknown, caller: AuthUser): Promise<DocumentTemplateDto> {
    const kind = this.kind(kindRaw);
    const html = this.cleanHtml(kind, body);
    const row = await this.repo.saveTemplate(kind, html, caller.id);
    return { kind, html: row.html, isDefault: false, updatedAt: row.updatedAt.toISOString() };
  }

  async resetTemplate(kindRaw: string): Promise<DocumentTemplateDto> {
    const kind = this.kind(kindRaw);
    await this.repo.deleteTemplate(kind);
    return { kind, html: defaultTemplate(kind), isDefault: true, updatedAt: null };
  }

  /** POST templates/:kind/preview {html}: a PDF of the template on sample data; nothing is stored. */
  async preview(kindRaw: string, body: unknown): Promise<Buffer> {
    const kind = this.kind(kindRaw);
    const given = body && typeof body === 'object' ? (body as { html?: unknown }).html : undefined;
    const html =
      given === undefined || given === null
        ? (await this.composer.template(kind)).html
        : this.cleanHtml(kind, body);
    return this.composer.render(html, await this.sampleValues(kind));
  }

  private kind(raw: string): DocumentKind {
    if (!isDocumentKind(raw)) throw LettersErrors.templateKindNotFound();
    return raw;
  }

  private cleanHtml(kind: DocumentKind, body: unknown): string {
    const html = body && typeof body === 'object' ? (body as { html?: unknown }).html : undefined;
    if (typeof html !== 'string' || !html.trim())
      throw LettersErrors.template(DOCUMENT_TEMPLATE_MESSAGES.htmlRequired);
    if (html.length > DOCUMENT_TEMPLATE_MAX)
      throw LettersErrors.template(DOCUMENT_TEMPLATE_MESSAGES.tooLong(DOCUMENT_TEMPLATE_MAX));
    this.composer.check(html, kind);
    let clean: string;
    try {
      clean = sanitizeDocumentHtml(html);
    } catch (e) {
      if (e instanceof DocumentTemplateError) throw LettersErrors.template(e.message, e.placeholder);
      throw e;
    }
    this.composer.check(clean, kind);
    if (!clean.trim()) throw LettersErrors.template(DOCUMENT_TEMPLATE_MESSAGES.htmlRequired);
    return clean;
  }

  /** Sample data: the real conference and settings, a made-up author, paper, session and registration. */
  private async sampleValues(kind: DocumentKind): Promise<DocumentValues> {
    const conference = await this.conference.get();
    const settings = await this.repo.settings();
    const now = new Date();
    const signature =
      settings.signature && settings.signatureType
        ? { data: settings.signature, type: settings.signatureType }
        : null;
    const year = this.composer.year(conference, now);
    const prefix =
      kind === 'invoice'
        ? settings.invoicePrefix
        : kind === 'receipt'
          ? settings.receiptPrefix
          : settings.creditNotePrefix;
    const cents = kind === 'creditNote' ? -1 : 1;
    return {
      ...(await this.composer.commonValues(conference, 'SAMPLE0000', now)),
      ...this.composer.signerValues(settings, signature),
      'recipient.name': 'Ana Silva',
      'recipient.firstName': 'Ana',
      'recipient.lastName': 'Silva',
      'recipient.affiliation': 'University of Example',
      'recipient.country': 'Portugal',
      'recipient.email': 'ana.silva@example.org',
      'paper.id': '42',
      'paper.title': 'A sample paper title',
      'paper.authors': 'Ana Silva, Bruno Costa',
      'paper.track': 'Main track',
      'paper.status': 'Accept',
      'session.name': 'Technical session 3: Sample session',
      'session.room': 'Room A',
      'session.time': 'Tuesday 14 July 2026, 10:30–12:00',
      'document.number': `${prefix}-${year}-0001`,
      ...this.composer.billingValues(
        [
          { registrationId: '1234', description: 'Registration', cents: cents * 35000 },
          { registrationId: '1235-A', description: 'Additional registration — banquet', cents: cents * 6000 },
        ],
        settings.currency,
        settings.paymentTerms,
      ),
      'billing.credits': `${settings.invoicePrefix}-${year}-0001`,
      'billing.reason': 'Sample reason',
    };
  }
}

export function toSettingsDto(s: LetterSettingsRow): LetterSettingsDto {
  return {
    signerName: s.signerName,
    signerTitle: s.signerTitle,
    hasSignature: Boolean(s.signature && s.signatureType),
    issuerName: s.issuerName,
    issuerAddress: s.issuerAddress,
    issuerTaxId: s.issuerTaxId,
    currency: s.currency,
    invoicePrefix: s.invoicePrefix,
    receiptPrefix: s.receiptPrefix,
    creditNotePrefix: s.creditNotePrefix,
    paymentTerms: s.paymentTerms,
  };
}
