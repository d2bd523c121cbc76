import { Injectable } from '@nestjs/common';
import {
  MAX_SEND_MESSAGES,
  SEND_MESSAGES as M,
  type PreviewResponse,
  type RenderedMessage,
  type SendResponse,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import { pgErrorCode } from '../../common/errors.js';
import { managedTracks } from '@symposium/domain';
import type { Executor } from '../../database/database.js';
import { TransactionRunner } from '../../database/database.module.js';
import { ActivityService } from '../activity/activity.service.js';
import { parseSendRequest, type ParsedSendRequest } from './dto/send-request.js';
import { addressError, addressListErrors, EmailSettingsService } from './email-settings.service.js';
import { EmailTemplatesService, templateFieldErrors } from './email-templates.service.js';
import { MailRecipientsService } from './mail-recipients.service.js';
import { MailRenderService, withSignature, type MailContext } from './mail-render.service.js';
import { MailSendRepository } from './mail-send.repository.js';
import { OutboxService, type OutgoingMail, type RecordedMail } from '../outbox/outbox.service.js';
import { MailErrors } from './mail.errors.js';
import { UsersService } from '../users/users.service.js';

type Role = 'chair' | 'cochair';

interface Message extends RenderedMessage {
  html: string;
}

/** Everything a send would queue, computed the same way for the preview and for the send. */
interface Plan {
  subject: string;
  text: string;
  templateId: number | null;
  messages: Message[];
  excluded: number;
  skipped: PreviewResponse['skipped'];
  errors: PreviewResponse['errors'];
  duplicates: number;
  cc: string[];
  bc: string[];
  replyTo: string;
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/**
 * Bulk e-mail (§2 /SendEmail, §7 mail and /users/sendEmailstoUsers): recipients from the paper or user
 * lists, one message per (person, paper), notify-off people skipped, identical messages to one address
 * kept once, every message rendered before anything is queued; the send writes its mail_sends row and the
 * outbox rows in one transaction, once per idempotency key.
 */
@Injectable()
export class MailSendService {
  constructor(
    private readonly recipients: MailRecipientsService,
    private readonly render: MailRenderService,
    private readonly templates: EmailTemplatesService,
    private readonly settings: EmailSettingsService,
    private readonly repo: MailSendRepository,
    private readonly mail: OutboxService,
    private readonly activity: ActivityService,
    private readonly transactions: TransactionRunner,
    private readonly users: UsersService,
  ) {}

  /** POST /api/{role}/mail/preview: every message rendered, one page of them returned. */
  async preview(caller: AuthUser, role: Role, body: unknown): Promise<PreviewResponse> {
    const req = parseSendRequest(body, { preview: true });
    const plan = await this.plan(caller, role, req);
    const start = (req.cp - 1) * req.pg;
    return {
      count: plan.messages.length,
      excluded: plan.excluded,
      skipped: plan.skipped,
      errors: plan.errors,
      duplicates: plan.duplicates,
      cc: plan.cc,
      bc: plan.bc,
      replyTo: plan.replyTo,
      page: plan.messages.slice(start, start + req.pg).map(({ html: _html, ...m }) => m),
      cp: req.cp,
      pg: req.pg,
    };
  }

  /** POST /api/{role}/mail (with recipients) and /users/sendEmailstoUsers: queue the messages once. */
  async send(caller: AuthUser, role: Role, body: unknown): Promise<SendResponse> {
    const req = parseSendRequest(body, { preview: false });
    const key = req.idempotencyKey;
    if (!key) throw MailErrors.idempotencyKey();
    const earlier = await this.repo.findByKey(caller.id, key);
    if (earlier) return { result: 'ok', count: earlier.count, sendId: earlier.id, repeated: true };

    const plan = await this.plan(caller, role, req);
    if (plan.errors.length) throw MailErrors.renderFailed(plan.errors);
    if (!plan.messages.length) throw MailErrors.nothingToSend();
    if (plan.messages.length > MAX_SEND_MESSAGES) throw MailErrors.tooMany();

    try {
      return await this.transactions.run(async (tx) => {
        const send = await this.repo.insertSend(
          {
            createdBy: caller.id,
            role,
            idempotencyKey: key,
            request: this.requestRecord(req),
            templateId: plan.templateId,
            subject: plan.subject,
            count: plan.messages.length,
          },
          tx,
        );
        const rows: OutgoingMail[] = plan.messages.map((m) => ({
          kind: 'bulk',
          to: [m.to.email],
          cc: plan.cc,
          bcc: plan.bc,
          replyTo: plan.replyTo || null,
          subject: m.subject,
          text: m.text,
          html: m.html,
          createdBy: caller.id,
          sendId: send.id,
          userId: m.userId,
          paperId: m.paperId,
        }));
        await this.mail.enqueueMany(rows, tx);
        await this.activity.record(
          {
            ...ActivityService.fromUser(caller),
            action: 'mail.send',
            summary: `Sent '${plan.subject}': ${M.queued(rows.length)}`,
            subjectId: send.id,
            details: { sendId: send.id, count: rows.length, role, templateId: plan.templateId },
          },
          tx,
        );
        return { result: 'ok' as const, count: rows.length, sendId: send.id, repeated: false };
      });
    } catch (e) {
      // the same key queued at the same moment by another request: its send stands, this one wrote nothing
      if (pgErrorCode(e) === '23505') {
        const first = await this.repo.findByKey(caller.id, key);
        if (first) return { result: 'ok', count: first.count, sendId: first.id, repeated: true };
      }
      throw e;
    }
  }

  /**
   * Records a send of a template that already happened (the demo conference's decision e-mails): one message
   * per (person, paper) rendered as a send renders it, with the console's copies, reply-to and signature;
   * the mail_sends row and its messages written as delivered at `at` (nothing is queued, nobody is
   * e-mailed), in the caller's transaction. 400 when a message cannot be rendered.
   */
  async recordSend(
    caller: Pick<AuthUser, 'id'>,
    role: Role,
    input: {
      templateId: number;
      recipients: ParsedSendRequest['recipients'];
      /** One per message: the person, the paper, and the deadline for {{reminder.deadline}}. */
      messages: MailContext[];
      at: Date;
      idempotencyKey: string;
      /** The server's answer the history shows for each message. */
      response: string;
    },
    tx: Executor,
  ): Promise<{ sendId: number; count: number }> {
    const tpl = await this.templates.findById(input.templateId, tx);
    if (!tpl) throw MailErrors.sendTemplateNotFound();
    const settings = await this.settings.effective(caller.id, role, tx);
    const { rendered, errors } = await this.render.renderAll(tpl, input.messages, tx);
    if (errors.length)
      throw MailErrors.renderFailed(
        errors.map((e) => ({
          key: `${e.ctx.userId}:${e.ctx.paperId ?? ''}`,
          email: e.email,
          message: e.message,
        })),
      );
    const send = await this.repo.insertSend(
      {
        createdBy: caller.id,
        role,
        idempotencyKey: input.idempotencyKey,
        request: { recipients: input.recipients, emailId: input.templateId, recorded: true },
        templateId: input.templateId,
        subject: tpl.subject,
        count: rendered.length,
        createdAt: input.at,
      },
      tx,
    );
    const rows: RecordedMail[] = rendered.map((m, i) => {
      const signed = withSignature({ text: m.text, html: m.html }, settings.signature);
      const sentAt = new Date(input.at.getTime() + 2000 + i * 150);
      return {
        kind: 'bulk',
        to: [m.to.email],
        cc: settings.cc,
        bcc: settings.bcc,
        replyTo: settings.replyTo || null,
        subject: m.subject,
        text: signed.text,
        html: signed.html,
        createdBy: caller.id,
        sendId: send.id,
        userId: m.ctx.userId,
        paperId: m.ctx.paperId ?? null,
        createdAt: input.at,
        sentAt,
        state: 'sent',
        response: input.response,
      };
    });
    await this.mail.recordMany(rows, tx);
    return { sendId: send.id, count: rows.length };
  }

  private async plan(caller: AuthUser, role: Role, req: ParsedSendRequest): Promise<Plan> {
    // subject and text: as given, else the template's
    let subject = req.subject;
    let text = req.text;
    if (req.emailId !== null) {
      const tpl = await this.templates.findById(req.emailId);
      if (!tpl) throw MailErrors.sendTemplateNotFound();
      subject ??= tpl.subject;
      text ??= tpl.text;
    }
    if (!subject?.trim()) throw MailErrors.sendInvalid('subject', M.subjectRequired);
    if (!text?.trim()) throw MailErrors.sendInvalid('text', M.textRequired);
    const problems = templateFieldErrors({ subject, text });
    if (problems.length) throw MailErrors.sendInvalid(problems[0]!.field, problems[0]!.message);
    subject = subject.trim();

    // copies and reply-to: the console's settings, plus the request's
    const ccList = addressListErrors('cc', req.cc);
    const bcList = addressListErrors('bc', req.bc);
    const bad = [...ccList.errors, ...bcList.errors][0];
    if (bad) throw MailErrors.sendInvalid(bad.field, bad.message);
    const replyError = req.replyTo ? addressError('replyTo', req.replyTo) : null;
    if (replyError) throw MailErrors.sendInvalid(replyError.field, replyError.message);
    const settings = await this.settings.effective(caller.id, role);
    if (role === 'cochair') await this.assertConferenceCopies(ccList.value, bcList.value, settings);
    const cc = union(settings.cc, ccList.value);
    const bc = union(settings.bcc, bcList.value);
    const replyTo = req.replyTo?.trim().toLowerCase() || settings.replyTo;

    // recipients: notify-off people skipped, unticked keys removed
    const scope = managedTracks(caller.roles, role);
    const all = await this.recipients.resolve(scope, req.recipients);
    const skipped = new Map<number, PreviewResponse['skipped'][number]>();
    let excluded = 0;
    const wanted = all.filter((r) => {
      if (!r.user.notify) {
        skipped.set(r.userId, {
          userId: r.userId,
          firstName: r.user.firstName,
          lastName: r.user.lastName,
          email: r.user.email,
        });
        return false;
      }
      if (req.exclude.has(r.key)) {
        excluded++;
        return false;
      }
      return true;
    });
    if (wanted.length > MAX_SEND_MESSAGES * 2) throw MailErrors.tooMany();

    const { rendered, errors } = await this.render.renderAll(
      { subject, text },
      wanted.map((r) => ({ userId: r.userId, paperId: r.paperId })),
    );
    const keyOf = (ctx: { userId: number; paperId?: number | null }) =>
      ctx.paperId ? `${ctx.userId}:${ctx.paperId}` : `${ctx.userId}`;

    // identical subject and text to one address: one message
    const seen = new Set<string>();
    let duplicates = 0;
    const messages: Message[] = [];
    for (const r of rendered) {
      const signed = withSignature({ text: r.text, html: r.html }, settings.signature);
      const id = `${r.to.email.toLowerCase()}\u0000${r.subject}\u0000${signed.text}`;
      if (seen.has(id)) {
        duplicates++;
        continue;
      }
      seen.add(id);
      messages.push({
        key: keyOf(r.ctx),
        userId: r.ctx.userId,
        paperId: r.ctx.paperId ?? null,
        to: r.to,
        subject: r.subject,
        text: signed.text,
        html: signed.html,
      });
    }
    return {
      subject,
      text,
      templateId: req.emailId,
      messages,
      excluded,
      skipped: [...skipped.values()],
      errors: errors.map((e) => ({ key: keyOf(e.ctx), email: e.email, message: e.message })),
      duplicates,
      cc,
      bc,
      replyTo,
    };
  }

  /**
   * A track chair's copies (cc, bcc) go only to the conference's people (users) and the chair's default
   * copies, so a track chair's send cannot mail outsiders under the conference's name.
   */
  private async assertConferenceCopies(
    cc: string[],
    bc: string[],
    settings: { cc: string[]; bcc: string[] },
  ): Promise<void> {
    const addresses = [...cc, ...bc];
    const defaults = new Set([...settings.cc, ...settings.bcc].map((a) => a.toLowerCase()));
    const asked = [...new Set(addresses.map((a) => a.toLowerCase()))].filter((a) => !defaults.has(a));
    if (!asked.length) return;
    const known = new Set((await this.users.findByEmails(asked)).map((u) => u.email.toLowerCase()));
    const outside = asked.find((a) => !known.has(a));
    if (outside !== undefined)
      throw MailErrors.sendInvalid(
        cc.some((a) => a.toLowerCase() === outside) ? 'cc' : 'bc',
        M.outsideCopy(outside),
      );
  }

  /** What was asked, kept with the send (recipients, template, subject and text as written, copies). */
  private requestRecord(req: ParsedSendRequest): Record<string, unknown> {
    return {
      recipients: req.recipients,
      emailId: req.emailId,
      subject: req.subject ?? null,
      text: req.text ?? null,
      cc: req.cc,
      bc: req.bc,
      replyTo: req.replyTo ?? null,
      exclude: [...req.exclude].slice(0, 1000),
      excludedCount: req.exclude.size,
    };
  }
}
