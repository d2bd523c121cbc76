import { Injectable } from '@nestjs/common';
import {
  EMAIL_SETTINGS_MESSAGES as M,
  isEmail,
  MAX_COPY_ADDRESSES,
  MAX_SIGNATURE_LENGTH,
  normalizeEmail,
  type EmailSettingsDto,
  type FieldError,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import type { Executor } from '../../database/database.js';
import { TransactionRunner } from '../../database/database.module.js';
import { ConferenceService } from '../conference/conference.service.js';
import { UsersService } from '../users/users.service.js';
import { withSignature } from './mail-render.values.js';
import { OutboxService, type EmailSettingsRow, type SenderSettingsPatch } from '../outbox/outbox.service.js';
import { MailErrors } from './mail.errors.js';

export const CONFERENCE_OWNER = 'conference';
export const userOwner = (userId: number) => `user:${userId}`;

const EMPTY: EmailSettingsDto = { senderName: '', replyTo: '', cc: [], bcc: [], signature: '' };

const toDto = (row: EmailSettingsRow | undefined): EmailSettingsDto =>
  row
    ? { senderName: row.senderName, replyTo: row.replyTo, cc: row.cc, bcc: row.bcc, signature: row.signature }
    : { ...EMPTY };

/** What a send from this console uses: the conference's settings with the sender's own where set. */
export interface EffectiveEmailSettings {
  senderName: string;
  replyTo: string;
  cc: string[];
  bcc: string[];
  signature: string;
}

/** An address list checked: trimmed, empty entries dropped, each valid, at most MAX_COPY_ADDRESSES. */
export function addressListErrors(field: string, list: string[]): { errors: FieldError[]; value: string[] } {
  const value = [...new Set(list.map((a) => normalizeEmail(a)).filter(Boolean))];
  const errors: FieldError[] = [];
  const bad = value.find((a) => !isEmail(a));
  if (bad !== undefined) errors.push({ field, message: M.invalidAddress(bad) });
  else if (value.length > MAX_COPY_ADDRESSES) errors.push({ field, message: M.tooManyAddresses });
  return { errors, value };
}

export function addressError(field: string, address: string): FieldError | null {
  const a = address.trim();
  return a && !isEmail(a) ? { field, message: M.invalidAddress(a) } : null;
}

/** E-mail settings: the conference's (chairs) and each track chair's own reply-to and signature. */
@Injectable()
export class EmailSettingsService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly users: UsersService,
    private readonly conference: ConferenceService,
    private readonly transactions: TransactionRunner,
  ) {}

  /** The conference's settings (sender name, reply-to, default cc and bcc, signature). */
  async conferenceSettings(ex?: Executor): Promise<EmailSettingsDto> {
    const [row] = await this.outbox.senderSettings([CONFERENCE_OWNER], ex);
    return toDto(row);
  }

  /** A track chair's view: their own reply-to and signature, the conference's sender name, cc and bcc. */
  async trackChairSettings(userId: number, ex?: Executor): Promise<EmailSettingsDto> {
    const rows = await this.outbox.senderSettings([CONFERENCE_OWNER, userOwner(userId)], ex);
    const conf = toDto(rows.find((r) => r.owner === CONFERENCE_OWNER));
    const own = toDto(rows.find((r) => r.owner === userOwner(userId)));
    return { ...conf, replyTo: own.replyTo, signature: own.signature };
  }

  /** What a send uses: chair → the conference's; track chair → their reply-to and signature where set. */
  async effective(userId: number, role: 'chair' | 'cochair', ex?: Executor): Promise<EffectiveEmailSettings> {
    const rows = await this.outbox.senderSettings([CONFERENCE_OWNER, userOwner(userId)], ex);
    const conf = toDto(rows.find((r) => r.owner === CONFERENCE_OWNER));
    if (role === 'chair') return conf;
    const own = toDto(rows.find((r) => r.owner === userOwner(userId)));
    return {
      ...conf,
      replyTo: own.replyTo || conf.replyTo,
      signature: own.signature.trim() ? own.signature : conf.signature,
    };
  }

  async updateConference(input: Partial<EmailSettingsDto>, ex?: Executor): Promise<EmailSettingsDto> {
    const patch: SenderSettingsPatch = {};
    const errors: FieldError[] = [];
    if (input.senderName !== undefined) {
      const name = input.senderName.trim();
      if (name.length > 100 || /[\r\n]/.test(name))
        errors.push({ field: 'senderName', message: M.senderName });
      else patch.senderName = name;
    }
    this.common(input, patch, errors);
    for (const field of ['cc', 'bcc'] as const) {
      if (input[field] === undefined) continue;
      const { errors: e, value } = addressListErrors(field, input[field]);
      errors.push(...e);
      patch[field] = value;
    }
    if (errors.length) throw MailErrors.settingsInvalid(errors);
    await this.outbox.saveSenderSettings(CONFERENCE_OWNER, patch, ex);
    return this.conferenceSettings(ex);
  }

  async updateTrackChair(
    userId: number,
    input: { replyTo?: string; signature?: string },
  ): Promise<EmailSettingsDto> {
    const patch: SenderSettingsPatch = {};
    const errors: FieldError[] = [];
    this.common(input, patch, errors);
    if (errors.length) throw MailErrors.settingsInvalid(errors);
    await this.outbox.saveSenderSettings(userOwner(userId), patch);
    return this.trackChairSettings(userId);
  }

  /** Queues a test e-mail to the caller, as a bulk e-mail from this console would look. */
  async sendTest(caller: AuthUser, role: 'chair' | 'cochair'): Promise<{ message: string }> {
    return this.transactions.run(async (tx) => {
      const settings = await this.effective(caller.id, role, tx);
      const conf = await this.conference.get(undefined, tx);
      const user = await this.users.findById(caller.id, tx);
      const email = user?.email ?? caller.email;
      const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
      const body = withSignature(
        {
          text:
            `Dear ${name || email},\n\nThis is a test e-mail from ${conf.shortName || 'the conference'}: ` +
            'bulk e-mails you send will look like this one (sender, reply-to and signature).',
          html: '',
        },
        settings.signature,
      );
      await this.outbox.enqueue(
        {
          kind: 'test',
          to: [email],
          replyTo: settings.replyTo || null,
          subject: `Test e-mail${conf.shortName ? ` from ${conf.shortName}` : ''}`,
          text: body.text,
          createdBy: caller.id,
        },
        tx,
      );
      return { message: M.testQueued(email) };
    });
  }

  private common(
    input: { replyTo?: string; signature?: string },
    patch: SenderSettingsPatch,
    errors: FieldError[],
  ): void {
    if (input.replyTo !== undefined) {
      const e = addressError('replyTo', input.replyTo);
      if (e) errors.push(e);
      else patch.replyTo = normalizeEmail(input.replyTo);
    }
    if (input.signature !== undefined) {
      if (input.signature.length > MAX_SIGNATURE_LENGTH)
        errors.push({
          field: 'signature',
          message: `The signature must be at most ${MAX_SIGNATURE_LENGTH} characters`,
        });
      else patch.signature = input.signature.replace(/\s+$/, '');
    }
  }
}
