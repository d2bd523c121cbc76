import { connect } from 'node:net';
import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { loadNodemailer } from '../../common/lazy-libraries.js';
import type { SmtpConfig } from '../../config/config.js';
import type { OutboxRow } from './outbox.table.js';

/** The sender of a message: SMTP_FROM as written, or a display name with SMTP_FROM's address. */
export type MailSender = string | { name: string; address: string };

/** What the SMTP server answered to a message it accepted. */
export interface SentMail {
  /** The Message-ID header of the message. */
  messageId: string | null;
  /** The server's answer to DATA, e.g. "250 2.0.0 Ok: queued as 4Xk2…". */
  response: string | null;
}

/** Sends outbox rows through a pool of SMTP connections. */
export interface MailTransport {
  /** How many messages can be in flight at once (the pool's connections). */
  readonly maxConnections: number;
  /** Sends one message; `from` defaults to SMTP_FROM. */
  send(
    mail: Pick<OutboxRow, 'to' | 'cc' | 'bcc' | 'replyTo' | 'subject' | 'text' | 'html'>,
    from?: MailSender,
  ): Promise<SentMail>;
  close(): void;
}

/** null when SMTP is not configured: then the outbox is the sink and nothing is sent. */
export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/** Pool settings: a few long-lived connections, each sending any number of messages. */
export const SMTP_POOL = { maxConnections: 5, maxMessages: 100_000 } as const;

/** nodemailer transport options of the pool (also used by bench/mail.js for its bare reference). */
export function smtpPoolOptions(smtp: SmtpConfig): SMTPPool.Options {
  return {
    pool: true,
    maxConnections: SMTP_POOL.maxConnections,
    maxMessages: SMTP_POOL.maxMessages,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
    // Each connection is a TCP socket without Nagle's algorithm: otherwise the end of every message waits
    // for the server's delayed ACK (about 40 ms), which caps a connection at ~20 messages a second.
    // nodemailer then greets, upgrades to TLS (SMTP_SECURE) or STARTTLS and times out on this socket as usual.
    getSocket: (options, callback) =>
      callback(null, { connection: connect({ host: options.host!, port: options.port!, noDelay: true }) }),
    // A message whose connection closed mid-send comes back to the dispatcher as an error instead of being
    // sent again by the pool on its own (the server may have accepted it: the outbox decides, after back-off).
    ...{ maxRequeues: 0 },
  };
}

const CLOSED_WHILE_SENDING = 'Reached maximum number of retries after connection was closed';

/** nodemailer pooled SMTP transport built from config.smtp; `smtp.from` is the default sender. */
export function createSmtpTransport(smtp: SmtpConfig): MailTransport {
  // The pool is made on the first message (nodemailer is loaded then, not when the API starts).
  let pool: Transporter<SMTPPool.SentMessageInfo> | undefined;
  const transporter = async () => (pool ??= (await loadNodemailer()).createTransport(smtpPoolOptions(smtp)));
  return {
    maxConnections: SMTP_POOL.maxConnections,
    async send(mail, from) {
      try {
        const info = await (
          await transporter()
        ).sendMail({
          from: from ?? smtp.from,
          to: mail.to,
          cc: mail.cc.length ? mail.cc : undefined,
          bcc: mail.bcc.length ? mail.bcc : undefined,
          replyTo: mail.replyTo ?? undefined,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
        });
        return {
          messageId: typeof info.messageId === 'string' ? info.messageId : null,
          response: typeof info.response === 'string' ? info.response : null,
        };
      } catch (e) {
        if (e instanceof Error && e.message.startsWith(CLOSED_WHILE_SENDING))
          throw Object.assign(
            new Error('The connection to the SMTP server closed while the message was being sent'),
            { code: 'ECONNECTION' },
          );
        throw e;
      }
    },
    close: () => pool?.close(),
  };
}

/**
 * The From of outgoing messages: with the chairs' sender name (e-mail settings), that name and the
 * address of SMTP_FROM; without one, undefined (SMTP_FROM as it is written).
 */
export function senderWithName(
  smtpFrom: string,
  senderName: string | null | undefined,
): MailSender | undefined {
  const name = senderName?.replace(/[\r\n]+/g, ' ').trim();
  if (!name) return undefined;
  const angle = /<([^<>]+)>\s*$/.exec(smtpFrom);
  const address = (angle ? angle[1]! : smtpFrom).trim();
  return { name, address };
}

/** Error codes of nodemailer (and sockets) that mean the server could not be used, not that it refused this message. */
const SERVER_PROBLEMS = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EAUTH',
  'ENOAUTH',
  'EPROTOCOL',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * true when the SMTP server could not be reached or used (connection, TLS, authentication): the
 * message is not at fault. An SMTP answer about the message itself (4xx/5xx to RCPT or DATA) is not.
 */
export function isServerProblem(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SERVER_PROBLEMS.has(code);
}

/**
 * true when the SMTP server refused the message for good: a 5xx answer (RFC 5321 §4.2.1, "permanent
 * negative completion": the same message would be refused again). A 4xx answer is transient.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code <= 599;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code)
      ? `${code}: ${error.message}`
      : error.message;
  }
  return String(error);
}

/** The SMTP server's answer carried by a failure (e.g. "550 5.1.1 No such user"), else the error text. */
export function errorResponse(error: unknown): string {
  const response = (error as { response?: unknown } | null)?.response;
  return typeof response === 'string' && response ? response : describeError(error);
}
