import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../../config/config.js';
import type { OutboxRow } from './mail.table.js';

/** Sends one outbox row; resolves with the SMTP message id. */
export interface MailTransport {
  send(
    mail: Pick<OutboxRow, 'to' | 'cc' | 'bcc' | 'replyTo' | 'subject' | 'text' | 'html'>,
  ): Promise<string | null>;
  close(): void;
}

/** null when SMTP is not configured: then the outbox is the sink and nothing is sent. */
export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/** nodemailer SMTP transport built from config.smtp; `from` is the default sender of every message. */
export function createSmtpTransport(smtp: SmtpConfig): MailTransport {
  const transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      const info = await transporter.sendMail({
        from: smtp.from,
        to: mail.to,
        cc: mail.cc.length ? mail.cc : undefined,
        bcc: mail.bcc.length ? mail.bcc : undefined,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
      return typeof info.messageId === 'string' ? info.messageId : null;
    },
    close: () => transporter.close(),
  };
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

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code)
      ? `${code}: ${error.message}`
      : error.message;
  }
  return String(error);
}
