import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db, type Executor } from '../../database/database.js';
import { outboxTable } from './mail.table.js';

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
}

/** Writes e-mails to the outbox; pass the transaction of the change that causes the e-mail. */
@Injectable()
export class MailService {
  constructor(@Inject(DB) private readonly db: Db) {}

  async enqueue(mail: OutgoingMail, ex: Executor = this.db): Promise<number> {
    const [row] = await ex
      .insert(outboxTable)
      .values({
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
      })
      .returning({ id: outboxTable.id });
    return row!.id;
  }
}
