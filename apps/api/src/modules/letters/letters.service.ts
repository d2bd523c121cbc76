import { Inject, Injectable } from '@nestjs/common';
import {
  DOCUMENT_LABELS,
  LETTER_FLAGS,
  LETTER_MESSAGES,
  LETTER_KINDS,
  isBillingKind,
  isLetterKind,
  type AuthorLetterDto,
  type BillingKind,
  type ConferenceDto,
  type DocumentKind,
  type DocumentVerificationDto,
  type IssuedDocumentDto,
  type LetterKind,
  detectImageType,
} from '@symposium/domain';
import { createHash } from 'node:crypto';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/errors.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { Executor } from '../../database/database.js';
import { TransactionRunner } from '../../database/database.module.js';
import { ActivityService } from '../activity/activity.service.js';
import { ConferenceService } from '../conference/conference.service.js';
import { PapersService, type PaperRow } from '../papers/papers.service.js';
import { ProgrammeViewService } from '../programme/programme-view.service.js';
import { StatusesService } from '../tracks/statuses.service.js';
import { TracksService } from '../tracks/tracks.service.js';
import { UsersService, type UserRow } from '../users/users.service.js';
import {
  DocumentComposer,
  documentFileName,
  formatCents,
  newDocumentCode,
  normalizeDocumentCode,
  sessionTime,
  type BillingLine,
} from './document-composer.js';
import type { DocumentValues } from './document-templates.js';
import { RateLimiter } from '../auth/rate-limiter.service.js';
import { LettersErrors } from './letters.errors.js';
import { LettersRepository, type IssuedDocumentMeta } from './letters.repository.js';
import type { LetterSettingsRow } from './letters.table.js';

/** GET /documents without a paper: this many latest documents. */
const LATEST = 100;
/** Public verifications one address may ask for in a window (a desk checking a queue of certificates fits). */
const VERIFY_MAX_PER_IP = 100;
const VERIFY_WINDOW_MS = 15 * 60 * 1000;

/** A signature image: at most 1 MB, jpeg or png by its bytes. */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;

/** An uploaded file part as multer (memory storage) gives it. */
export interface UploadedFile {
  buffer: Buffer;
  size: number;
  originalname?: string;
  mimetype?: string;
}

/** The signature image of an upload: 400 'Please select a valid file' unless jpeg or png of ≤ 1 MB. */
export function signatureOf(file: UploadedFile): { data: Buffer; type: string } {
  const type = file.size <= SIGNATURE_MAX_BYTES ? detectImageType(file.buffer) : null;
  if (type !== 'image/png' && type !== 'image/jpeg') throw LettersErrors.signatureInvalid();
  return { data: file.buffer, type };
}

/** What an issue produced: the stored row (without bytes) and the PDF. */
export interface IssuedPdf {
  doc: IssuedDocumentMeta;
  pdf: Buffer;
}

/** Who issues: the caller (null for a batch without one) and an optional batch id. */
interface Issuer {
  userId: number | null;
  impersonatorId?: number | null;
  batchId?: number;
  /** Author downloads count from the first one. */
  downloads?: number;
}

interface PaperFacts {
  paper: PaperRow;
  authors: UserRow[];
  conference: ConferenceDto;
  trackName: string;
  statusText: string;
  /** Whether the paper's status is an accepting one. */
  accepted: boolean;
}

const fullName = (u: Pick<UserRow, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

/** Letters, invoices, receipts and credit notes: issuing, listing, revoking, crediting, verifying. */
@Injectable()
export class LettersService {
  constructor(
    private readonly repo: LettersRepository,
    private readonly composer: DocumentComposer,
    private readonly papers: PapersService,
    private readonly users: UsersService,
    private readonly conference: ConferenceService,
    private readonly tracks: TracksService,
    private readonly statuses: StatusesService,
    private readonly programme: ProgrammeViewService,
    private readonly transactions: TransactionRunner,
    private readonly activity: ActivityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {}

  // ----- issuing

  /** POST /papers/letter/:paperId: a letter to one author of a paper in the caller's scope. */
  async issueLetterFor(
    caller: AuthUser,
    scope: number[] | null,
    paperId: number,
    input: { kind?: unknown; author?: unknown; signature?: UploadedFile },
  ): Promise<IssuedPdf> {
    const kind = input.kind === undefined || input.kind === '' ? 'acceptance' : input.kind;
    if (!isLetterKind(kind)) throw LettersErrors.unknownKind();
    const authorId = parseOptionalId(input.author);
    const paper = await this.papers.managedPaper(paperId, scope, { includeDeleted: true });
    const settings = await this.repo.settings();
    const signature = input.signature ? signatureOf(input.signature) : storedSignature(settings);
    if (!signature) throw LettersErrors.signatureRequired();
    const facts = await this.facts(paper);
    const recipient = this.recipient(facts, authorId);
    return this.issueLetter(facts, kind, recipient, settings, signature, {
      userId: caller.id,
      impersonatorId: caller.impersonatorId ?? null,
    });
  }

  /** A letter of a paper (facts read) to a recipient; rendered first, then stored in one transaction. */
  async issueLetter(
    facts: PaperFacts,
    kind: LetterKind,
    recipient: UserRow,
    settings: LetterSettingsRow,
    signature: { data: Buffer; type: string } | null,
    issuer: Issuer,
  ): Promise<IssuedPdf> {
    const session = await this.assertLetterFits(facts, kind);
    const code = newDocumentCode();
    const issuedAt = new Date();
    const template = await this.composer.template(kind);
    const values: DocumentValues = {
      ...(await this.composer.commonValues(facts.conference, code, issuedAt)),
      ...this.composer.signerValues(settings, signature),
      ...this.paperValues(facts, recipient),
      ...(session ?? {}),
    };
    const pdf = await this.composer.render(template.html, values);
    const doc = await this.transactions.run(async (tx) => {
      const doc = await this.store(
        {
          code,
          kind,
          facts,
          recipient,
          params: this.composer.params(kind, values, template),
          pdf,
          issuer,
          issuedAt,
        },
        tx,
      );
      return doc;
    });
    return { doc, pdf };
  }

  /** POST /papers/invoice/:paperId: an invoice or receipt of the paper's registrations. */
  async issueBillingFor(
    caller: AuthUser,
    scope: number[] | null,
    paperId: number,
    kind: unknown,
  ): Promise<IssuedPdf> {
    if (!isBillingKind(kind)) throw LettersErrors.unknownKind();
    const paper = await this.papers.managedPaper(paperId, scope, { includeDeleted: true });
    return this.issueBilling(await this.facts(paper), kind, {
      userId: caller.id,
      impersonatorId: caller.impersonatorId ?? null,
    });
  }

  /**
   * An invoice or receipt: lines from the main and other registrations that have an amount, the payer the
   * main registration's author. The number is taken, the PDF rendered and the row written in one
   * transaction, so a failed render gives the number back (the series stays gap-free).
   */
  async issueBilling(facts: PaperFacts, kind: BillingKind, issuer: Issuer): Promise<IssuedPdf> {
    const { paper } = facts;
    const reg = paper.registration;
    if (!reg || !reg.id) throw LettersErrors.notRegistered();
    const lines: BillingLine[] = [reg, ...(paper.otherRegistrations ?? [])]
      .filter((r) => r && r.id && typeof r.amount === 'number' && Number.isFinite(r.amount))
      .map((r, i) => ({
        registrationId: r.id,
        description: [i === 0 && r === reg ? 'Registration' : 'Additional registration', r.extra]
          .filter(Boolean)
          .join(' — '),
        cents: Math.round((r.amount as number) * 100),
      }));
    if (!lines.length) throw LettersErrors.noAmount();
    const payer = this.recipient(facts, reg.author ?? undefined, { fallback: true });
    const settings = await this.repo.settings();
    assertIssuer(settings);
    const code = newDocumentCode();
    const issuedAt = new Date();
    const template = await this.composer.template(kind);
    const values: DocumentValues = {
      ...(await this.composer.commonValues(facts.conference, code, issuedAt)),
      ...this.composer.signerValues(settings, storedSignature(settings)),
      ...this.paperValues(facts, payer),
      ...this.composer.billingValues(lines, settings.currency, settings.paymentTerms),
    };
    const prefix = kind === 'invoice' ? settings.invoicePrefix : settings.receiptPrefix;
    const series = `${prefix}-${this.composer.year(facts.conference, issuedAt)}`;
    const total = lines.reduce((s, l) => s + l.cents, 0);
    return this.transactions.run(async (tx) => {
      const number = await this.repo.nextNumber(series, tx);
      const numberLabel = `${series}-${String(number).padStart(4, '0')}`;
      values['document.number'] = numberLabel;
      const pdf = await this.composer.render(template.html, values);
      const doc = await this.store(
        {
          code,
          kind,
          facts,
          recipient: payer,
          params: this.composer.params(kind, values, template, lines),
          pdf,
          issuer,
          issuedAt,
          billing: { series, number, numberLabel, amount: formatCents(total), currency: settings.currency },
        },
        tx,
      );
      return { doc, pdf };
    });
  }

  /** POST /documents/:id/credit: a credit note for an invoice or receipt, once. */
  async credit(
    caller: AuthUser,
    scope: number[] | null,
    id: number,
    reasonRaw: unknown,
  ): Promise<IssuedDocumentDto> {
    const reason = requireReason(reasonRaw);
    const original = await this.managedDocument(id, scope);
    if (!isBillingKind(original.kind)) throw LettersErrors.notCreditable();
    const paper = original.paperId === null ? undefined : await this.papers.findById(original.paperId);
    const conference = await this.conference.get();
    const settings = await this.repo.settings();
    assertIssuer(settings);
    const code = newDocumentCode();
    const issuedAt = new Date();
    const template = await this.composer.template('creditNote');
    const origLines = original.params.lines ?? [];
    const lines: BillingLine[] = origLines.map((l) => ({
      registrationId: l.registrationId,
      description: l.description,
      cents: -Math.round(Number(l.amount) * 100),
    }));
    const currency = original.currency ?? settings.currency;
    const values: DocumentValues = {
      ...original.params.values,
      ...(await this.composer.commonValues(conference, code, issuedAt)),
      ...this.composer.signerValues(settings, storedSignature(settings)),
      ...this.composer.billingValues(lines, currency, settings.paymentTerms),
      'billing.credits': original.numberLabel ?? '',
      'billing.reason': reason,
    };
    const series = `${settings.creditNotePrefix}-${this.composer.year(conference, issuedAt)}`;
    const total = lines.reduce((s, l) => s + l.cents, 0);
    const recipientName = original.recipientName;
    const doc = await this.transactions.run(async (tx) => {
      await this.repo.lockDocument(original.id, tx);
      if ((await this.repo.creditNotesOf([original.id], tx)).size) throw LettersErrors.alreadyCredited();
      const number = await this.repo.nextNumber(series, tx);
      const numberLabel = `${series}-${String(number).padStart(4, '0')}`;
      values['document.number'] = numberLabel;
      const pdf = await this.composer.render(template.html, values);
      const created = await this.repo.insertDocument(
        {
          code,
          kind: 'creditNote',
          paperId: original.paperId,
          recipientUserId: original.recipientUserId,
          recipientName,
          series,
          number,
          numberLabel,
          amount: formatCents(total),
          currency,
          params: this.composer.params('creditNote', values, template, lines),
          pdf,
          size: pdf.length,
          sha256: sha256(pdf),
          fileName: documentFileName('creditNote', original.paperId, numberLabel),
          creditsId: original.id,
          issuedBy: caller.id,
          issuedAt,
        },
        tx,
      );
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller),
          action: 'document.credited',
          summary: `Credit note ${numberLabel} for ${original.numberLabel} (${recipientName}): ${reason}`,
          subjectId: created.id,
          paperId: original.paperId,
          trackId: paper?.trackId ?? null,
          details: { code, credits: original.id, number: numberLabel, reason },
        },
        tx,
      );
      return created;
    });
    return this.toDto(doc, null);
  }

  /** POST /documents/:id/revoke: once, with a reason. */
  async revoke(
    caller: AuthUser,
    scope: number[] | null,
    id: number,
    reasonRaw: unknown,
  ): Promise<IssuedDocumentDto> {
    const reason = requireReason(reasonRaw);
    await this.managedDocument(id, scope);
    const row = await this.transactions.run(async (tx) => {
      const current = await this.repo.lockDocument(id, tx);
      if (!current) throw LettersErrors.notFound();
      if (current.revokedAt) throw LettersErrors.alreadyRevoked();
      const row = await this.repo.revoke(id, caller.id, reason, tx);
      const paper = row.paperId === null ? undefined : await this.papers.findById(row.paperId, tx);
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller),
          action: 'document.revoked',
          summary: `Revoked ${DOCUMENT_LABELS[row.kind as DocumentKind].toLowerCase()} ${row.numberLabel ?? row.code} of ${row.recipientName}: ${reason}`,
          subjectId: row.id,
          paperId: row.paperId,
          trackId: paper?.trackId ?? null,
          details: { code: row.code, reason },
        },
        tx,
      );
      return row;
    });
    return (await this.toDtos([row]))[0]!;
  }

  // ----- reading

  /** GET /documents?paperId: newest first (a paper's, or the latest 100 in scope). */
  async list(scope: number[] | null, paperIdRaw: unknown): Promise<IssuedDocumentDto[]> {
    let paperId: number | undefined;
    if (paperIdRaw !== undefined && paperIdRaw !== '') {
      paperId = toId(paperIdRaw);
      if (paperId === undefined)
        throw LettersErrors.invalid('paperId', 'The paper id must be a whole number');
      await this.papers.managedPaper(paperId, scope, { includeDeleted: true });
    }
    if (paperId !== undefined) return this.toDtos(await this.repo.listDocuments({ paperId, limit: 1000 }));
    if (scope === null) return this.toDtos(await this.repo.listDocuments({ limit: LATEST }));
    // A track chair: the latest documents of papers in their tracks, read back page by page.
    const out: IssuedDocumentMeta[] = [];
    let beforeId: number | undefined;
    for (;;) {
      const page = await this.repo.listDocuments({ beforeId, limit: 500 });
      const paperIds = [...new Set(page.map((d) => d.paperId).filter((id): id is number => id !== null))];
      const inScope = new Set(
        (await this.papers.managedPapers(paperIds, scope, { includeDeleted: true })).map((p) => p.id),
      );
      out.push(...page.filter((d) => d.paperId !== null && inScope.has(d.paperId)));
      if (out.length >= LATEST || page.length < 500) break;
      beforeId = page[page.length - 1]!.id;
    }
    return this.toDtos(out.slice(0, LATEST));
  }

  /** GET /documents/:id/pdf. */
  async pdf(scope: number[] | null, id: number): Promise<{ doc: IssuedDocumentMeta; pdf: Buffer }> {
    const doc = await this.managedDocument(id, scope);
    const pdf = await this.repo.pdfOf(id);
    if (!pdf) throw LettersErrors.notFound();
    return { doc, pdf };
  }

  /** A document whose paper is in the caller's tracks (a document without a paper: chairs only); else 404. */
  async managedDocument(id: number, scope: number[] | null, ex?: Executor): Promise<IssuedDocumentMeta> {
    const doc = await this.repo.findDocument(id, ex);
    if (!doc) throw LettersErrors.notFound();
    if (scope === null) return doc;
    if (doc.paperId === null) throw LettersErrors.notFound();
    const [paper] = await this.papers.managedPapers([doc.paperId], scope, { includeDeleted: true }, ex);
    if (!paper) throw LettersErrors.notFound();
    return doc;
  }

  /** GET /api/verify/:code (public), at most VERIFY_MAX_PER_IP a window from one address. */
  async verify(rawCode: string, ip: string): Promise<DocumentVerificationDto> {
    if (!(await this.limiter.take([{ key: `verify:ip:${ip}`, max: VERIFY_MAX_PER_IP }], VERIFY_WINDOW_MS)))
      throw LettersErrors.verifyRateLimited();
    const code = normalizeDocumentCode(rawCode ?? '');
    const doc = code ? await this.repo.findByCode(code) : undefined;
    if (!doc) throw LettersErrors.notFound();
    const conference = await this.conference.get();
    const creditNote = (await this.repo.creditNotesOf([doc.id])).get(doc.id);
    const kind = doc.kind as DocumentKind;
    return {
      code: doc.code,
      kind,
      kindLabel: DOCUMENT_LABELS[kind],
      conference: conference.fullName
        ? `${conference.fullName}${conference.shortName ? ` (${conference.shortName})` : ''}`
        : conference.shortName,
      recipientName: doc.recipientName,
      paperTitle: doc.params.values['paper.title'] ?? null,
      numberLabel: doc.numberLabel,
      amount: doc.amount,
      currency: doc.currency,
      issuedAt: doc.issuedAt.toISOString(),
      sha256: doc.sha256,
      revoked: doc.revokedAt !== null,
      revokedAt: doc.revokedAt?.toISOString() ?? null,
      revokeReason: doc.revokeReason,
      creditedBy: creditNote?.numberLabel ?? null,
      credits: kind === 'creditNote' ? (doc.params.values['billing.credits'] ?? null) : null,
    };
  }

  // ----- authors

  /**
   * GET /api/author/papers/:paperId/letters: the letters the chair enabled, each saying whether the author
   * can download it now, else why not (the paper does not fit the letter, or no signed one can be issued).
   */
  async authorLetters(user: AuthUser, paperId: number): Promise<AuthorLetterDto[]> {
    const paper = await this.papers.authorPaper(paperId, user.id);
    const kinds = LETTER_KINDS.filter((k) => paper[LETTER_FLAGS[k]]);
    if (!kinds.length) return [];
    const facts = await this.facts(paper);
    const signed = Boolean(storedSignature(await this.repo.settings()));
    const out: AuthorLetterDto[] = [];
    for (const kind of kinds) {
      let reason: string | null = null;
      try {
        await this.assertLetterFits(facts, kind);
        if (!signed && !(await this.signedIssuedTo(paperId, kind, user.id)))
          reason = LETTER_MESSAGES.notSigned;
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        reason = e.message;
      }
      out.push({ kind, label: DOCUMENT_LABELS[kind], available: reason === null, reason });
    }
    return out;
  }

  /**
   * GET /api/author/papers/:paperId/letters/:kind: the latest signed letter of that kind issued to the
   * author (counted as a download), else a new one with the stored signature; never an unsigned one
   * (400 'letters.not_signed' while no signature is stored).
   */
  async authorLetter(user: AuthUser, paperId: number, kindRaw: string): Promise<IssuedPdf> {
    const paper = await this.papers.authorPaper(paperId, user.id);
    if (!isLetterKind(kindRaw) || !paper[LETTER_FLAGS[kindRaw]]) throw LettersErrors.notEnabled();
    const facts = await this.facts(paper);
    // a letter the paper no longer fits (rejected since, taken out of the programme) is not served either
    await this.assertLetterFits(facts, kindRaw);
    const existing = await this.signedIssuedTo(paperId, kindRaw, user.id);
    if (existing) {
      const pdf = await this.repo.pdfOf(existing.id);
      if (pdf) {
        await this.repo.countDownload(existing.id);
        return { doc: { ...existing, downloads: existing.downloads + 1 }, pdf };
      }
    }
    const recipient = facts.authors.find((a) => a.id === user.id);
    if (!recipient) throw LettersErrors.notEnabled();
    const settings = await this.repo.settings();
    const signature = storedSignature(settings);
    if (!signature) throw LettersErrors.notSigned();
    return this.issueLetter(facts, kindRaw, recipient, settings, signature, {
      userId: user.id,
      impersonatorId: user.impersonatorId ?? null,
      downloads: 1,
    });
  }

  /** The latest letter of a kind issued to the user for the paper, not revoked and signed. */
  private async signedIssuedTo(
    paperId: number,
    kind: LetterKind,
    userId: number,
  ): Promise<IssuedDocumentMeta | undefined> {
    const latest = await this.repo.latestIssuedTo(paperId, kind, userId);
    return latest?.params.values.signature ? latest : undefined;
  }

  // ----- shared with batches

  /** What a paper's documents say about it: its authors in order, track, status, the conference. */
  async facts(paper: PaperRow, ex?: Executor): Promise<PaperFacts> {
    const authors = (await this.papers.authorUsersOf([paper.id], ex)).map((a) => a.user);
    const track = await this.tracks.findById(paper.trackId, ex);
    const status = paper.statusId === null ? undefined : await this.statuses.findById(paper.statusId, ex);
    return {
      paper,
      authors,
      conference: await this.conference.get(undefined, ex),
      trackName: track?.name ?? '',
      statusText: status?.text ?? '',
      accepted: status?.isAccepted ?? false,
    };
  }

  /**
   * The recipient: the given author (400 when not one of the paper's authors); by default the main
   * registration's author, else the primary author, else the first author.
   */
  recipient(facts: PaperFacts, authorId?: number, opts: { fallback?: boolean } = {}): UserRow {
    const { authors, paper } = facts;
    if (authorId !== undefined) {
      const chosen = authors.find((a) => a.id === authorId);
      if (chosen) return chosen;
      if (!opts.fallback) throw LettersErrors.authorNotOnPaper();
    }
    const regAuthor = paper.registration?.author;
    const chosen =
      authors.find((a) => a.id === regAuthor) ??
      authors.find((a) => a.id === paper.primaryAuthorId) ??
      authors[0];
    if (!chosen) throw LettersErrors.authorNotOnPaper();
    return chosen;
  }

  async settingsAndSignature(): Promise<{
    settings: LetterSettingsRow;
    signature: { data: Buffer; type: string } | null;
  }> {
    const settings = await this.repo.settings();
    return { settings, signature: storedSignature(settings) };
  }

  private paperValues(facts: PaperFacts, recipient: UserRow): DocumentValues {
    return {
      'recipient.name': fullName(recipient),
      'recipient.firstName': recipient.firstName,
      'recipient.lastName': recipient.lastName,
      'recipient.affiliation': recipient.organization,
      'recipient.country': recipient.country,
      'recipient.email': recipient.email,
      'paper.id': String(facts.paper.id),
      'paper.title': facts.paper.title,
      'paper.authors': facts.authors.map(fullName).join(', '),
      'paper.track': facts.trackName,
      'paper.status': facts.statusText,
    };
  }

  /**
   * What a letter states must be true of the paper: none for a deleted paper, acceptance and invitation
   * letters only for an accepted one, a certificate only for one placed in a programme session (400 with
   * the reason; a batch lists it beside the paper). A certificate's session values are returned.
   */
  private async assertLetterFits(facts: PaperFacts, kind: LetterKind): Promise<DocumentValues | null> {
    if (facts.paper.isDeleted) throw LettersErrors.paperDeleted();
    if (kind !== 'certificate') {
      if (!facts.accepted) throw LettersErrors.notAccepted();
      return null;
    }
    const place = await this.programme.placeOfPaper(facts.paper.id);
    if (!place) throw LettersErrors.notScheduled();
    return {
      'session.name': place.session,
      'session.room': place.room ?? '',
      'session.time': sessionTime(place.date, place.start, place.end),
    };
  }

  private async store(
    d: {
      code: string;
      kind: DocumentKind;
      facts: PaperFacts;
      recipient: UserRow;
      params: ReturnType<DocumentComposer['params']>;
      pdf: Buffer;
      issuer: Issuer;
      issuedAt: Date;
      billing?: { series: string; number: number; numberLabel: string; amount: string; currency: string };
    },
    tx: Executor,
  ): Promise<IssuedDocumentMeta> {
    const recipientName = fullName(d.recipient);
    const doc = await this.repo.insertDocument(
      {
        code: d.code,
        kind: d.kind,
        paperId: d.facts.paper.id,
        recipientUserId: d.recipient.id,
        recipientName,
        series: d.billing?.series ?? null,
        number: d.billing?.number ?? null,
        numberLabel: d.billing?.numberLabel ?? null,
        amount: d.billing?.amount ?? null,
        currency: d.billing?.currency ?? null,
        params: d.params,
        pdf: d.pdf,
        size: d.pdf.length,
        sha256: sha256(d.pdf),
        fileName: documentFileName(d.kind, d.facts.paper.id, d.recipient.lastName),
        batchId: d.issuer.batchId ?? null,
        issuedBy: d.issuer.userId,
        issuedAt: d.issuedAt,
        downloads: d.issuer.downloads ?? 0,
      },
      tx,
    );
    if (d.issuer.userId !== null)
      await this.activity.record(
        {
          actorId: d.issuer.userId,
          impersonatorId: d.issuer.impersonatorId ?? null,
          action: 'document.issued',
          summary: `Issued ${DOCUMENT_LABELS[d.kind].toLowerCase()} ${d.billing?.numberLabel ?? d.code} to ${recipientName} for paper ${d.facts.paper.id}`,
          subjectId: doc.id,
          paperId: d.facts.paper.id,
          trackId: d.facts.paper.trackId,
          details: {
            code: d.code,
            kind: d.kind,
            number: d.billing?.numberLabel ?? null,
            batchId: d.issuer.batchId ?? null,
          },
        },
        tx,
      );
    return doc;
  }

  async toDtos(rows: IssuedDocumentMeta[]): Promise<IssuedDocumentDto[]> {
    const credits = await this.repo.creditNotesOf(rows.map((r) => r.id));
    return rows.map((r) => this.toDto(r, credits.get(r.id)?.id ?? null));
  }

  toDto(r: IssuedDocumentMeta, creditedById: number | null): IssuedDocumentDto {
    return {
      _id: r.id,
      code: r.code,
      kind: r.kind as DocumentKind,
      paperId: r.paperId,
      recipientUserId: r.recipientUserId,
      recipientName: r.recipientName,
      numberLabel: r.numberLabel,
      amount: r.amount,
      currency: r.currency,
      sha256: r.sha256,
      size: r.size,
      fileName: r.fileName,
      creditsId: r.creditsId,
      creditedById,
      issuedAt: r.issuedAt.toISOString(),
      issuedBy: r.issuedBy,
      downloads: r.downloads,
      revokedAt: r.revokedAt?.toISOString() ?? null,
      revokeReason: r.revokeReason,
      verifyUrl: this.composer.verifyUrl(r.code),
    };
  }
}

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** Invoices, receipts and credit notes name their issuer: 400 until its name, address and tax id are set. */
export function assertIssuer(
  settings: Pick<LetterSettingsRow, 'issuerName' | 'issuerAddress' | 'issuerTaxId'>,
): void {
  if (![settings.issuerName, settings.issuerAddress, settings.issuerTaxId].every((v) => v?.trim()))
    throw LettersErrors.issuerIncomplete();
}

function storedSignature(settings: LetterSettingsRow): { data: Buffer; type: string } | null {
  return settings.signature && settings.signatureType
    ? { data: settings.signature, type: settings.signatureType }
    : null;
}

/** An optional user/paper id from a form field or JSON: undefined when absent. */
function parseOptionalId(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = toId(v);
  if (n === undefined) throw LettersErrors.authorNotOnPaper();
  return n;
}

/** A database id (1..2^31-1) from a number or digits; undefined for anything else. */
function toId(v: unknown): number | undefined {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

const REASON_MAX = 1000;

function requireReason(v: unknown): string {
  const reason = typeof v === 'string' ? v.trim() : '';
  if (!reason) throw LettersErrors.reasonRequired();
  if (reason.length > REASON_MAX)
    throw LettersErrors.invalid('reason', `The reason must be at most ${REASON_MAX} characters`);
  return reason;
}
