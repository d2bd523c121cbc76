import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { mailSendsTable, outboxTable, type MailSendRow, type NewOutboxRow } from './mail.table.js';

/** Outbox rows per INSERT statement of a bulk send. */
export const OUTBOX_BATCH = 500;

/** All SQL of bulk sends: the mail_sends row and its outbox rows. */
@Injectable()
export class MailSendRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async findByKey(createdBy: number, key: string, ex: Executor = this.db): Promise<MailSendRow | undefined> {
    const [row] = await ex
      .select()
      .from(mailSendsTable)
      .where(and(eq(mailSendsTable.createdBy, createdBy), eq(mailSendsTable.idempotencyKey, key)));
    return row;
  }

  async insertSend(row: typeof mailSendsTable.$inferInsert, ex: Executor): Promise<MailSendRow> {
    const [created] = await ex.insert(mailSendsTable).values(row).returning();
    return created!;
  }

  /** The messages, OUTBOX_BATCH rows per multi-row INSERT (call inside the send's transaction). */
  async insertOutbox(rows: NewOutboxRow[], ex: Executor): Promise<void> {
    for (let i = 0; i < rows.length; i += OUTBOX_BATCH)
      await ex.insert(outboxTable).values(rows.slice(i, i + OUTBOX_BATCH));
  }
}
