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
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
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
  };
}
