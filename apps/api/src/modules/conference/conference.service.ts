import { Injectable } from '@nestjs/common';
import {
  detectImageType,
  IMAGE_MAX_BYTES,
  missingConferenceFields,
  canonicalTimeZone,
  type ConferenceDto,
} from '@symposium/domain';
import { sanitizeHtml } from '../../common/html-sanitizer.js';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { UsersService } from '../users/users.service.js';
import { toConferenceDto } from './conference.mapper.js';
import { ConferenceRepository, type ConferencePatch, type ImageKind } from './conference.repository.js';
import type { PublisherSettingsDto, UpdateConferenceDto } from './dto/conference.dto.js';
import type { UploadedImage } from './image-upload.interceptor.js';
import type { ConferenceRow } from './conference.table.js';
import { ConferenceErrors } from './conference.errors.js';

/** The one conference of an installation (created by the migrations). */
export const CONFERENCE_ID = 1;

export type ConferenceInput = Omit<UpdateConferenceDto, '_id' | 'agreementVersion'>;
export type PublisherInput = PublisherSettingsDto;

const TRIMMED = [
  'shortName',
  'fullName',
  'dates',
  'city',
  'country',
  'copyright',
  'support',
  'hotel',
  'address',
] as const;

/** banner/logo sent as text: null, '' or 'null' removes the image; other text (its URL) keeps it. */
const removesImage = (value: string | null | undefined): boolean =>
  value === null || (typeof value === 'string' && ['', 'null'].includes(value.trim()));

/** Conference information, publisher settings, banner and logo, and the author's notify option. */
@Injectable()
export class ConferenceService {
  constructor(
    private readonly conference: ConferenceRepository,
    private readonly users: UsersService,
    private readonly transactions: TransactionRunner,
  ) {}

  private inTx<T>(ex: Executor | undefined, work: (tx: Executor) => Promise<T>): Promise<T> {
    return ex ? work(ex) : this.transactions.run(work);
  }

  /** 404 for any id but the conference's. */
  private check(id: number): void {
    if (id !== CONFERENCE_ID) throw ConferenceErrors.notFound();
  }

  async get(id: number = CONFERENCE_ID, ex?: Executor): Promise<ConferenceDto> {
    this.check(id);
    const row = await this.conference.get(id, ex);
    if (!row) throw ConferenceErrors.notFound();
    return toConferenceDto(row, await this.conference.listImages(id, ex));
  }

  /**
   * The chair's ConferenceInformation save: text fields, authorView, optional banner and logo files.
   * shortName, fullName, dates, city and country must not end up empty.
   */
  async update(
    id: number,
    input: ConferenceInput,
    files: { banner?: UploadedImage; logo?: UploadedImage } = {},
    ex?: Executor,
  ): Promise<ConferenceDto> {
    this.check(id);
    const images = (['banner', 'logo'] as const).flatMap((kind) => {
      const file = files[kind];
      if (!file) return [];
      const contentType = file.size <= IMAGE_MAX_BYTES ? detectImageType(file.buffer) : null;
      if (!contentType) throw ConferenceErrors.invalidFile();
      return [{ kind, contentType, data: file.buffer }];
    });
    return this.inTx(ex, async (tx) => {
      const row = await this.conference.getForUpdate(id, tx);
      if (!row) throw ConferenceErrors.notFound();
      const patch = this.patchOf(input, row.authorView);
      const missing = missingConferenceFields({ ...row, ...patch });
      if (missing.length) throw ConferenceErrors.incomplete(missing);
      await this.conference.update(id, patch, tx);
      for (const kind of ['banner', 'logo'] as ImageKind[]) {
        const image = images.find((i) => i.kind === kind);
        if (image) await this.conference.saveImage(id, kind, image, tx);
        else if (kind in input && removesImage(input[kind])) await this.conference.deleteImage(id, kind, tx);
      }
      return this.get(id, tx);
    });
  }

  /** The PublisherSettings save; the agreement HTML is sanitized and a changed text bumps its version. */
  async updatePublisher(id: number, input: PublisherInput): Promise<ConferenceDto> {
    this.check(id);
    return this.transactions.run(async (tx) => {
      if (!(await this.conference.getForUpdate(id, tx))) throw ConferenceErrors.notFound();
      await this.conference.update(id, this.patchOf(input), tx);
      return this.get(id, tx);
    });
  }

  /** The banner or logo bytes with their detected type; 404 when there is none. */
  async image(id: number, kind: ImageKind): Promise<{ contentType: string; data: Buffer; updatedAt: Date }> {
    this.check(id);
    const image = await this.conference.getImage(id, kind);
    if (!image) throw ConferenceErrors.imageNotFound();
    return image;
  }

  /** The author's "notify me" option (stored on the current user). */
  async setNotify(id: number, userId: number, notify: boolean): Promise<{ notify: boolean }> {
    this.check(id);
    const ok = await this.users.setNotify(userId, notify);
    if (!ok) throw ConferenceErrors.notifyFailed();
    return { notify };
  }

  private patchOf(
    input: ConferenceInput | PublisherInput,
    authorView?: ConferenceRow['authorView'],
  ): ConferencePatch {
    const c = input as ConferenceInput;
    const patch: ConferencePatch = {};
    for (const key of TRIMMED) if (c[key] !== undefined && c[key] !== null) patch[key] = c[key].trim();
    if (c.externalURL !== undefined && c.externalURL !== null) patch.externalUrl = c.externalURL.trim();
    if (c.authorView)
      patch.authorView = {
        viewConferenceTrackStatus: c.authorView.viewConferenceTrackStatus,
        viewProgrammeOrganizations:
          c.authorView.viewProgrammeOrganizations ?? authorView?.viewProgrammeOrganizations !== false,
      };
    if (c.timeZone !== undefined && c.timeZone !== null) {
      const zone = canonicalTimeZone(c.timeZone);
      if (!zone) throw ConferenceErrors.timeZone();
      patch.timeZone = zone;
    }
    if (c.programTable !== undefined && c.programTable !== null)
      patch.programTable = sanitizeHtml(c.programTable);
    if (typeof c.consentFileUpload === 'boolean') patch.consentFileUpload = c.consentFileUpload;
    if (typeof c.digitalConsentSigning === 'boolean') patch.digitalConsentSigning = c.digitalConsentSigning;
    if (c.consentButtonLabel !== undefined && c.consentButtonLabel !== null) {
      const label = c.consentButtonLabel.trim();
      if (!label) throw ConferenceErrors.consentButtonLabel();
      patch.consentButtonLabel = label;
    }
    if (c.publishingAgreementHtml !== undefined && c.publishingAgreementHtml !== null)
      patch.publishingAgreementHtml = sanitizeHtml(c.publishingAgreementHtml);
    return patch;
  }
}
