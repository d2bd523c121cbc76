import {
  MAX_SUBJECT_LENGTH,
  MAX_TEXT_LENGTH,
  MAIL_PAGE_SIZE,
  PAPER_RECIPIENTS,
  SEND_MESSAGES as M,
  type PaperRecipients,
} from '@symposium/domain';
import { MailErrors } from '../mail.errors.js';

/** The body of a send or a preview (SendRequest of libs/domain mail.ts), checked; unknown keys refused. */
export interface ParsedSendRequest {
  recipients:
    | { kind: 'papers'; who: PaperRecipients; filters?: unknown; search?: unknown; ids?: unknown }
    | { kind: 'users'; filters?: unknown; ids?: unknown };
  emailId: number | null;
  subject?: string;
  text?: string;
  cc: string[];
  bc: string[];
  replyTo?: string;
  exclude: Set<string>;
  idempotencyKey?: string;
  cp: number;
  pg: number;
}

const KEYS = new Set([
  'recipients',
  'emailId',
  'subject',
  'text',
  'cc',
  'bc',
  'replyTo',
  'exclude',
  'idempotencyKey',
]);
const MAX_EXCLUDE = 50_000;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function stringList(field: string, v: unknown, max: number): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > max || v.some((x) => typeof x !== 'string' || x.length > 320))
    throw MailErrors.sendInvalid(field, `${field} must be a list of e-mail addresses`);
  return v as string[];
}

function optionalString(field: string, v: unknown, max: number, message: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v.length > max) throw MailErrors.sendInvalid(field, message);
  return v;
}

/**
 * Checks a SendRequest (and cp/pg for a preview). Recipient filters and ids are checked by the papers and
 * users modules that apply them.
 */
export function parseSendRequest(body: unknown, opts: { preview: boolean }): ParsedSendRequest {
  if (!isObject(body)) throw MailErrors.sendInvalid('recipients', M.recipients);
  const allowed = opts.preview ? new Set([...KEYS, 'cp', 'pg']) : KEYS;
  const unknown = Object.keys(body).find((k) => !allowed.has(k));
  if (unknown !== undefined)
    throw MailErrors.sendInvalid(unknown, `property ${unknown.slice(0, 50)} should not exist`);

  const r = body.recipients;
  if (!isObject(r)) throw MailErrors.sendInvalid('recipients', M.recipients);
  let recipients: ParsedSendRequest['recipients'];
  if (r.kind === 'papers') {
    const extra = Object.keys(r).find((k) => !['kind', 'who', 'filters', 'search', 'ids'].includes(k));
    if (extra !== undefined || !(PAPER_RECIPIENTS as readonly unknown[]).includes(r.who))
      throw MailErrors.sendInvalid('recipients', M.recipients);
    recipients = {
      kind: 'papers',
      who: r.who as PaperRecipients,
      filters: r.filters,
      search: r.search,
      ids: r.ids,
    };
  } else if (r.kind === 'users') {
    const extra = Object.keys(r).find((k) => !['kind', 'filters', 'ids'].includes(k));
    if (extra !== undefined) throw MailErrors.sendInvalid('recipients', M.recipients);
    recipients = { kind: 'users', filters: r.filters, ids: r.ids };
  } else throw MailErrors.sendInvalid('recipients', M.recipients);

  let emailId: number | null = null;
  if (body.emailId !== undefined && body.emailId !== null) {
    const id = body.emailId;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647)
      throw MailErrors.sendTemplateNotFound();
    emailId = id;
  }
  const subject = optionalString('subject', body.subject, MAX_SUBJECT_LENGTH, M.subjectRequired);
  const text = optionalString('text', body.text, MAX_TEXT_LENGTH, M.textRequired);
  const replyTo = optionalString('replyTo', body.replyTo, 320, 'replyTo must be an e-mail address');
  const cc = stringList('cc', body.cc, 100);
  const bc = stringList('bc', body.bc, 100);
  const exclude = body.exclude === undefined || body.exclude === null ? [] : body.exclude;
  if (
    !Array.isArray(exclude) ||
    exclude.length > MAX_EXCLUDE ||
    exclude.some((k) => typeof k !== 'string' || k.length > 40)
  )
    throw MailErrors.sendInvalid('exclude', 'exclude must be a list of message keys');
  const idempotencyKey = optionalString(
    'idempotencyKey',
    body.idempotencyKey,
    200,
    'The idempotency key must be text of at most 200 characters',
  );

  let cp = 1;
  let pg = MAIL_PAGE_SIZE;
  if (opts.preview) {
    const page = (v: unknown, d: number, max: number) => {
      if (v === undefined || v === null) return d;
      const n = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > max)
        throw MailErrors.sendInvalid(
          'cp',
          `The page (cp) must be 1 or more and the page size (pg) between 1 and ${MAIL_PAGE_SIZE}`,
        );
      return n;
    };
    cp = page(body.cp, 1, 1_000_000);
    pg = page(body.pg, MAIL_PAGE_SIZE, MAIL_PAGE_SIZE);
  }
  return {
    recipients,
    emailId,
    subject,
    text,
    cc,
    bc,
    replyTo,
    exclude: new Set(exclude as string[]),
    idempotencyKey: idempotencyKey?.trim() || undefined,
    cp,
    pg,
  };
}
