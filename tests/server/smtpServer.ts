/**
 * A real SMTP server for the mail tests (the `smtp-server` package, never a nodemailer mock): it listens on
 * 127.0.0.1, accepts every mail without TLS or authentication and records what arrives.
 */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  raw: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Addresses → how many mails each received. */
  countsByRecipient(): Map<string, number>;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (nobody listens on it once this returns). */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** Starts an SMTP server on `port` (default: a free one). @param delayMs time taken to accept each mail */
export async function startSmtp(opts: { port?: number; delayMs?: number } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        setTimeout(() => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject,
            raw,
          });
          callback();
        }, opts.delayMs ?? 0);
      });
    },
  });
  const port = opts.port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    countsByRecipient() {
      const counts = new Map<string, number>();
      for (const m of received) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
      return counts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` holds (polling every 25 ms), else fails after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`délai dépassé : ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
