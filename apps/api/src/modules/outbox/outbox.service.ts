import { Injectable } from '@nestjs/common';
import type { DeliveryDay } from '@symposium/domain';
import type { Executor } from '../../database/database.js';
import { OutboxHistoryRepository, type HistoryRow, type MailQuery } from './outbox-history.repository.js';
import { OutboxRepository, type OutboxQueueStats } from './outbox.repository.js';
import type { EmailSettingsRow, NewOutboxRow } from './outbox.table.js';
import { SenderSettingsRepository, type SenderSettingsPatch } from './sender-settings.repository.js';

export type { HistoryRow, MailQuery, OutboxState } from './outbox-history.repository.js';
export type { SenderSettingsPatch } from './sender-settings.repository.js';
export type { OutboxQueueStats } from './outbox.repository.js';
export type { EmailSettingsRow, OutboxRow } from './outbox.table.js';

export interface OutgoingMail {
  kind: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  createdBy?: number | null;
  /** The recipient user and the paper the message is about, when known (history, filters). */
  userId?: number | null;
  paperId?: number | null;
  /** The bulk send (mail_sends) it belongs to. */
  sendId?: number | null;
}

/** A message that was already handed over (or refused) at a known time: history, never sent again. */
export interface RecordedMail extends OutgoingMail {
  /** When it was queued. */
  createdAt: Date;
  /** When the server took it (sent) or refused it for good (failed). */
  sentAt: Date;
  state: 'sent' | 'failed';
  /** The server's answer as the history shows it. */
  response: string;
}

/**
 * The outbox, the one way every module sends e-mail: enqueue writes rows in the caller's transaction (the
 * dispatcher sends them), and the reads and writes of the outbox's other users go through here too — the
 * e-mail history (list, find, requeue, delivery per day) and the sender settings (conference and track
 * chairs) — so no other module touches the outbox's tables.
 */
@Injectable()
export class OutboxService {
  constructor(
    private readonly repo: OutboxRepository,
    private readonly history: OutboxHistoryRepository,
    private readonly settings: SenderSettingsRepository,
  ) {}

  async enqueue(mail: OutgoingMail, ex?: Executor): Promise<number> {
    const [id] = await this.enqueueMany([mail], ex);
    return id!;
  }

  /**
   * Writes many e-mails, OUTBOX_BATCH rows per multi-row INSERT; answers their ids in the order given. Pass
   * the caller's transaction: a bulk send or a reminder run queues all of its messages or none.
   */
  async enqueueMany(mails: OutgoingMail[], ex?: Executor): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < mails.length; i += OUTBOX_BATCH)
      ids.push(...(await this.repo.insert(mails.slice(i, i + OUTBOX_BATCH).map(outboxRowOf), ex)));
    return ids;
  }

  /**
   * Records messages as already delivered or refused (state sent or failed, one attempt, the answer given):
   * the dispatcher never picks them up. For a history brought in from elsewhere, such as the demo
   * conference's e-mails, which must show in the e-mail history without being sent to anyone.
   */
  async recordMany(mails: RecordedMail[], ex?: Executor): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < mails.length; i += OUTBOX_BATCH) {
      const rows = mails.slice(i, i + OUTBOX_BATCH).map((m) => ({
        ...outboxRowOf(m),
        state: m.state,
        attempts: 1,
        createdAt: m.createdAt,
        nextAttemptAt: m.sentAt,
        sentAt: m.state === 'sent' ? m.sentAt : null,
        lastResponse: m.response,
        lastError: m.state === 'failed' ? m.response : null,
      }));
      ids.push(...(await this.repo.insert(rows, ex)));
    }
    return ids;
  }

  /** Queued, sending and failed messages and the oldest queued one's age (metrics). */
  queueStats(): Promise<OutboxQueueStats> {
    return this.repo.queueStats();
  }

  /** The history, newest first (by id, the order of queueing). */
  listHistory(q: MailQuery, page: { offset: number; limit: number }): Promise<HistoryRow[]> {
    return this.history.list(q, page);
  }

  countHistory(q: MailQuery): Promise<number> {
    return this.history.count(q);
  }

  /** One message of the history; with createdBy, only if that person queued it. */
  findInHistory(id: number, createdBy: number | undefined, ex?: Executor): Promise<HistoryRow | undefined> {
    return this.history.find(id, createdBy, ex);
  }

  /** Failed messages matching the query back in the queue, due now → their ids. */
  requeueFailed(q: MailQuery & { id?: number }, ex: Executor): Promise<number[]> {
    return this.history.requeueFailed(q, ex);
  }

  /** Messages queued on each UTC day of [from, until), by state. */
  delivery(from: Date, until: Date): Promise<DeliveryDay[]> {
    return this.history.delivery(from, until);
  }

  /** The sender settings of the given owners ('conference', 'user:<id>'). */
  senderSettings(owners: string[], ex?: Executor): Promise<EmailSettingsRow[]> {
    return this.settings.findMany(owners, ex);
  }

  saveSenderSettings(owner: string, patch: SenderSettingsPatch, ex?: Executor): Promise<EmailSettingsRow> {
    return this.settings.upsert(owner, patch, ex);
  }
}

/** Outbox rows per INSERT statement. */
export const OUTBOX_BATCH = 500;

function outboxRowOf(mail: OutgoingMail): NewOutboxRow {
  return {
    kind: mail.kind,
    to: mail.to,
    cc: mail.cc ?? [],
    bcc: mail.bcc ?? [],
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    createdBy: mail.createdBy ?? null,
    userId: mail.userId ?? null,
    paperId: mail.paperId ?? null,
    sendId: mail.sendId ?? null,
  };
}
