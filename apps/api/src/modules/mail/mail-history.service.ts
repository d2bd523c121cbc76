import { Injectable } from '@nestjs/common';
import {
  DELIVERY_MAX_DAYS,
  MAIL_HISTORY_MESSAGES,
  MAIL_PAGE_SIZE,
  MAIL_STATES,
  type DeliveryDay,
  type EmailDto,
  type MailState,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import { TransactionRunner } from '../../database/database.module.js';
import { ActivityService } from '../activity/activity.service.js';
import {
  dayOf,
  daysBetween,
  nextDay,
  onlyKeys,
  parseDay,
  parseDayRange,
  parseObject,
  parseOptionalId,
  parsePaging,
  parseText,
} from '../../common/report-params.js';
import { MailHistoryErrors } from './mail-history.errors.js';
import {
  OutboxService,
  type HistoryRow,
  type MailQuery,
  type OutboxState,
} from '../outbox/outbox.service.js';

export type Role = 'chair' | 'cochair';
const FILTER_KEYS = ['state', 'recipient', 'subject', 'from', 'to', 'sendId'] as const;
const STATE_OF: Record<MailState, OutboxState> = {
  queued: 'pending',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
};

/** The body's filter checked (400 with MAIL_HISTORY_MESSAGES on anything else). */
export function parseMailFilter(value: unknown): MailQuery {
  const f = parseObject(value, 'filter', MailHistoryErrors.filter);
  onlyKeys(f, FILTER_KEYS, MailHistoryErrors.filter);
  const q: MailQuery = {};
  if (f.state !== undefined && f.state !== null && f.state !== '') {
    if (typeof f.state !== 'string' || !(MAIL_STATES as readonly string[]).includes(f.state))
      throw MailHistoryErrors.state();
    q.state = STATE_OF[f.state as MailState];
  }
  q.recipient = parseText(f.recipient, 'recipient', 320, MailHistoryErrors.filter);
  q.subject = parseText(f.subject, 'subject', 300, MailHistoryErrors.filter);
  Object.assign(q, parseDayRange(f, MailHistoryErrors.date, MailHistoryErrors.range));
  q.sendId = parseOptionalId(f.sendId, 'sendId', MailHistoryErrors.filter);
  return q;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEmailDto(r: HistoryRow): EmailDto {
  const state: MailState = r.state === 'pending' ? 'queued' : (r.state as MailState);
  return {
    _id: r.id,
    kind: r.kind,
    subject: r.subject,
    text: r.text,
    to: r.to,
    cc: r.cc,
    bc: r.bcc,
    replyTo: r.replyTo,
    sentAt: iso(r.sentAt),
    createdAt: r.createdAt.toISOString(),
    state,
    attempts: r.attempts,
    lastResponse: r.lastResponse ?? r.lastError,
    nextAttemptAt: state === 'queued' ? iso(r.nextAttemptAt) : null,
    sendId: r.sendId,
    paperId: r.paperId,
    createdBy: r.createdBy,
  };
}

/**
 * The e-mail history (§3 Email) for chairs (everything) and track chairs (only what they sent: anything
 * else answers 404 like a missing message), resending failed messages, and the delivery summary per day.
 */
@Injectable()
export class MailHistoryService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly activity: ActivityService,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Chairs see every message; under /cochair only the caller's own. */
  private static owner(caller: AuthUser, role: Role): number | undefined {
    return role === 'cochair' ? caller.id : undefined;
  }

  /** { cp, pg, filter } → one page newest first, the total and the page's first index. */
  async list(
    caller: AuthUser,
    role: Role,
    body: unknown,
  ): Promise<{ count: number; data: EmailDto[]; first: number }> {
    const b = parseObject(body, 'body', MailHistoryErrors.filter);
    onlyKeys(b, ['cp', 'pg', 'filter'], MailHistoryErrors.filter);
    const page = parsePaging(b.cp, b.pg, MAIL_PAGE_SIZE, MailHistoryErrors.page);
    const q = { ...parseMailFilter(b.filter), createdBy: MailHistoryService.owner(caller, role) };
    const [count, rows] = await Promise.all([this.outbox.countHistory(q), this.outbox.listHistory(q, page)]);
    return { count, data: rows.map(toEmailDto), first: page.first };
  }

  async get(caller: AuthUser, role: Role, id: number): Promise<EmailDto> {
    const row = await this.outbox.findInHistory(id, MailHistoryService.owner(caller, role));
    if (!row) throw MailHistoryErrors.notFound();
    return toEmailDto(row);
  }

  /** A failed message back in the queue, due now, attempts kept (409 when it is not failed). */
  async resendOne(
    caller: AuthUser,
    role: Role,
    id: number,
  ): Promise<{ message: string; count: number; email: EmailDto }> {
    const createdBy = MailHistoryService.owner(caller, role);
    await this.transactions.run(async (tx) => {
      const row = await this.outbox.findInHistory(id, createdBy, tx);
      if (!row) throw MailHistoryErrors.notFound();
      const [requeued] = await this.outbox.requeueFailed({ id, createdBy }, tx);
      if (requeued === undefined) throw MailHistoryErrors.notFailed();
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller),
          action: 'mail.resend',
          summary: `Queued the failed e-mail ${id} '${row.subject}' to ${row.to.join(', ')} again`,
          paperId: row.paperId,
          details: { ids: [id], attempts: row.attempts },
        },
        tx,
      );
    });
    return { message: MAIL_HISTORY_MESSAGES.resent(1), count: 1, email: await this.get(caller, role, id) };
  }

  /** { filter } → every failed message of the filter back in the queue (one UPDATE) → { count }. */
  async resendAll(caller: AuthUser, role: Role, body: unknown): Promise<{ message: string; count: number }> {
    const b = parseObject(body, 'body', MailHistoryErrors.filter);
    onlyKeys(b, ['filter'], MailHistoryErrors.filter);
    const q = { ...parseMailFilter(b.filter), createdBy: MailHistoryService.owner(caller, role) };
    const count = await this.transactions.run(async (tx) => {
      const ids = await this.outbox.requeueFailed(q, tx);
      if (ids.length)
        await this.activity.record(
          {
            ...ActivityService.fromUser(caller),
            action: 'mail.resend',
            summary: `Queued ${ids.length} failed e-mail${ids.length === 1 ? '' : 's'} again`,
            details: { count: ids.length, ids: ids.slice(0, 1000), filter: b.filter ?? {} },
          },
          tx,
        );
      return ids.length;
    });
    return { message: MAIL_HISTORY_MESSAGES.resent(count), count };
  }

  /** ?from&to (YYYY-MM-DD, UTC, inclusive; default the last 30 days) → every day with its counts. */
  async delivery(fromText: unknown, toText: unknown, now = new Date()): Promise<DeliveryDay[]> {
    const to = parseDay(toText, 'to', MailHistoryErrors.date) ?? new Date(`${dayOf(now)}T00:00:00.000Z`);
    const from =
      parseDay(fromText, 'from', MailHistoryErrors.date) ?? new Date(to.getTime() - 29 * 86_400_000);
    if (from > to) throw MailHistoryErrors.range();
    if (daysBetween(from, to) + 1 > DELIVERY_MAX_DAYS) throw MailHistoryErrors.deliveryRange();
    const counted = new Map((await this.outbox.delivery(from, nextDay(to))).map((d) => [d.day, d]));
    const days: DeliveryDay[] = [];
    for (let d = from; d <= to; d = nextDay(d)) {
      const day = dayOf(d);
      days.push(counted.get(day) ?? { day, queued: 0, sending: 0, sent: 0, failed: 0 });
    }
    return days;
  }
}
