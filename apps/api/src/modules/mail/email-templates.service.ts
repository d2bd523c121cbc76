import { Injectable } from '@nestjs/common';
import {
  EMAIL_TEMPLATE_MESSAGES as M,
  templateProblems,
  type EmailTemplateDto,
  type EmailTemplateInput,
  type FieldError,
} from '@symposium/domain';
import type { Executor } from '../../database/database.js';
import { TransactionRunner } from '../../database/database.module.js';
import { EmailTemplatesRepository } from './email-templates.repository.js';
import type { EmailTemplateRow } from './mail.table.js';
import { MailErrors } from './mail.errors.js';

export const toEmailTemplateDto = (row: EmailTemplateRow): EmailTemplateDto => ({
  _id: row.id,
  subject: row.subject,
  text: row.text,
  position: row.position,
});

/** Checks a template's subject and text (required, subject one line, placeholders of the closed list). */
export function templateFieldErrors(input: EmailTemplateInput): FieldError[] {
  const errors: FieldError[] = [];
  const subject = input.subject.trim();
  if (!subject) errors.push({ field: 'subject', message: M.subjectRequired });
  else if (/[\r\n]/.test(subject)) errors.push({ field: 'subject', message: M.subjectOneLine });
  else for (const message of templateProblems(subject)) errors.push({ field: 'subject', message });
  if (!input.text.trim()) errors.push({ field: 'text', message: M.textRequired });
  else for (const message of templateProblems(input.text)) errors.push({ field: 'text', message });
  return errors;
}

/** §3 EmailTemplate: the chairs' templates (track chairs read them). */
@Injectable()
export class EmailTemplatesService {
  constructor(
    private readonly repo: EmailTemplatesRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  async list(ex?: Executor): Promise<EmailTemplateDto[]> {
    return (await this.repo.list(ex)).map(toEmailTemplateDto);
  }

  async get(id: number): Promise<EmailTemplateDto> {
    return toEmailTemplateDto(await this.mustFind(id));
  }

  /** The template row (for sending and reminders); undefined when there is none. */
  findById(id: number, ex?: Executor): Promise<EmailTemplateRow | undefined> {
    return this.repo.findById(id, ex);
  }

  /**
   * The template with its row locked until the transaction ends: a reminder that starts using a template
   * calls this in its transaction, so a concurrent delete waits and then sees the reminder.
   */
  findForUpdate(id: number, ex: Executor): Promise<EmailTemplateRow | undefined> {
    return this.repo.findForUpdate(id, ex);
  }

  async create(input: EmailTemplateInput): Promise<EmailTemplateDto> {
    const clean = this.checked(input);
    return toEmailTemplateDto(await this.repo.insert(clean));
  }

  /** Saves these templates (checked like any other) when there are none yet; for the demo conference. */
  async seedIfEmpty(inputs: EmailTemplateInput[], ex: Executor): Promise<void> {
    if ((await this.repo.list(ex)).length) return;
    for (const input of inputs) await this.repo.insert(this.checked(input), ex);
  }

  async update(id: number, input: EmailTemplateInput): Promise<EmailTemplateDto> {
    await this.mustFind(id);
    const clean = this.checked(input);
    const row = await this.repo.update(id, clean);
    if (!row) throw MailErrors.templateNotFound();
    return toEmailTemplateDto(row);
  }

  /** 409 naming the reminders that use it; else deleted. */
  async remove(id: number): Promise<{ message: string }> {
    return this.transactions.run(async (tx) => {
      if (!(await this.repo.findForUpdate(id, tx))) throw MailErrors.templateNotFound();
      const reminders = await this.repo.remindersUsing(id, tx);
      if (reminders.length) throw MailErrors.templateInReminder(reminders);
      await this.repo.remove(id, tx);
      return { message: M.deleted };
    });
  }

  /** Every template exactly once → positions 1..n in that order. */
  async sort(ids: number[]): Promise<EmailTemplateDto[]> {
    return this.transactions.run(async (tx) => {
      await this.repo.lockAll(tx);
      const current = await this.repo.list(tx);
      const unique = new Set(ids);
      if (
        unique.size !== ids.length ||
        ids.length !== current.length ||
        current.some((t) => !unique.has(t.id))
      )
        throw MailErrors.sortIds();
      await this.repo.setPositions(ids, tx);
      return (await this.repo.list(tx)).map(toEmailTemplateDto);
    });
  }

  private checked(input: EmailTemplateInput): EmailTemplateInput {
    const errors = templateFieldErrors(input);
    if (errors.length) throw MailErrors.templateInvalid(errors);
    return { subject: input.subject.trim(), text: input.text.replace(/\s+$/, '') };
  }

  private async mustFind(id: number): Promise<EmailTemplateRow> {
    const row = await this.repo.findById(id);
    if (!row) throw MailErrors.templateNotFound();
    return row;
  }
}
