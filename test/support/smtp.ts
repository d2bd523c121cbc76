import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** MAIL FROM / RCPT TO of the SMTP envelope. */
  envelope: { from: string | null; to: string[] };
  parsed: ParsedMail;
}

/**
 * A real SMTP server on loopback for tests (no TLS, no authentication). Messages are parsed with
 * mailparser before the server answers 250, so they are in `messages` when sendMail resolves.
 */
export interface TestSmtpServer {
  port: number;
  messages: ReceivedMail[];
  /** Stops listening (connections are refused until start()). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /**
   * Answers RCPT TO for `address` with `code` and `message` (e.g. 550 "5.1.1 No such user" or 451 "4.3.0
   * Try again later") until cleared with refuse(address, null).
   */
  refuse(address: string, answer: { code: number; message: string } | null): void;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const refusals = new Map<string, { code: number; message: string }>();
  let server: SMTPServer | null = null;
  let port = 0;

  const listen = async () => {
    const s = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      closeTimeout: 1000,
      onRcptTo(address, _session, callback) {
        const refusal = refusals.get(address.address.toLowerCase());
        if (!refusal) return callback();
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            messages.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              parsed,
            });
            callback();
          })
          .catch((e: Error) => callback(e));
      },
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        s.off('error', reject);
        resolve();
      });
    });
    port = (s.server.address() as AddressInfo).port;
    server = s;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    messages,
    stop: async () => {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: async () => {
      if (!server) await listen();
    },
    refuse: (address, answer) => {
      if (answer) refusals.set(address.toLowerCase(), answer);
      else refusals.delete(address.toLowerCase());
    },
  };
}
