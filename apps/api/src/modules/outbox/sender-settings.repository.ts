import { Inject, Injectable } from '@nestjs/common';
import { inArray } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { emailSettingsTable, type EmailSettingsRow } from './outbox.table.js';

export type SenderSettingsPatch = Partial<
  Pick<EmailSettingsRow, 'senderName' | 'replyTo' | 'cc' | 'bcc' | 'signature'>
>;

/** All SQL of the sender settings (owner 'conference' or 'user:<id>'). */
@Injectable()
export class SenderSettingsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  findMany(owners: string[], ex: Executor = this.db): Promise<EmailSettingsRow[]> {
    if (!owners.length) return Promise.resolve([]);
    return ex.select().from(emailSettingsTable).where(inArray(emailSettingsTable.owner, owners));
  }

  async upsert(owner: string, patch: SenderSettingsPatch, ex: Executor = this.db): Promise<EmailSettingsRow> {
    const [row] = await ex
      .insert(emailSettingsTable)
      .values({ owner, ...patch })
      .onConflictDoUpdate({ target: emailSettingsTable.owner, set: { ...patch, updatedAt: new Date() } })
      .returning();
    return row!;
  }
}
