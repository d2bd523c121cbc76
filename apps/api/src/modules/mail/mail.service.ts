import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db, type Executor } from '../../database/database.js';
import { outboxTable, type NewOutboxRow } from './mail.table.js';

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

/** Writes e-mails to the outbox; pass the transaction of the change that causes the e-mail. */
@Injectable()
export class MailService {
  constructor(@Inject(DB) private readonly db: Db) {}

  async enqueue(mail: OutgoingMail, ex: Executor = this.db): Promise<number> {
    const [id] = await this.enqueueMany([mail], ex);
    return id!;
  }

  /**
   * Writes many e-mails, OUTBOX_BATCH rows per multi-row INSERT; answers their ids in the order given. Pass
   * the caller's transaction: a bulk send or a reminder run queues all of its messages or none.
   */
  async enqueueMany(mails: OutgoingMail[], ex: Executor = this.db): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < mails.length; i += OUTBOX_BATCH) {
      const rows = await ex
        .insert(outboxTable)
        .values(mails.slice(i, i + OUTBOX_BATCH).map(outboxRowOf))
        .returning({ id: outboxTable.id });
      // Serial ids follow the order of the VALUES list.
      ids.push(...rows.map((r) => r.id).sort((a, b) => a - b));
    }
    return ids;
  }

  /**
   * Records messages as already delivered or refused (state sent or failed, one attempt, the answer given):
   * the dispatcher never picks them up. For a history brought in from elsewhere, such as the demo
   * conference's e-mails, which must show in the e-mail history without being sent to anyone.
   */
  async recordMany(mails: RecordedMail[], ex: Executor = this.db): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < mails.length; i += OUTBOX_BATCH) {
      const rows = await ex
        .insert(outboxTable)
        .values(
          mails.slice(i, i + OUTBOX_BATCH).map((m) => ({
            ...outboxRowOf(m),
            state: m.state,
            attempts: 1,
            createdAt: m.createdAt,
            nextAttemptAt: m.sentAt,
            sentAt: m.state === 'sent' ? m.sentAt : null,
            lastResponse: m.response,
            lastError: m.state === 'failed' ? m.response : null,
          })),
        )
        .returning({ id: outboxTable.id });
      ids.push(...rows.map((r) => r.id).sort((a, b) => a - b));
    }
    return ids;
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
