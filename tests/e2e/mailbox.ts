/**
 * The test mailbox of the browser journeys: a real SMTP server (npm `smtp-server`) started by the Playwright global
 * setup on E2E_PORT + 1 (or E2E_SMTP_PORT), to which the app's outbox worker delivers (SMTP_URL in playwright.config.ts). Each mail it
 * receives is written as one JSON file {to, from, subject, html, raw, receivedAt} in E2E_MAIL_DIR; readMails() reads
 * them back. No mail library: a small MIME reader for what nodemailer sends (one part or multipart, quoted-printable
 * or base64 bodies, encoded-word subjects).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A mail as the test mailbox keeps it. */
export interface ReceivedMail {
  /** Recipients of the SMTP envelope. */
  to: string[];
  from: string;
  subject: string;
  /** The HTML body, decoded. */
  html: string;
  /** The message as received. */
  raw: string;
  /** ISO 8601. */
  receivedAt: string;
}

/** Port of the test SMTP server: E2E_SMTP_PORT, else the app's port + 1. */
export const smtpPort = () => Number(process.env.E2E_SMTP_PORT || Number(process.env.E2E_PORT ?? 3210) + 1);

/** Folder of the received mails (set by playwright.config.ts). */
export const mailDir = () => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR non défini (playwright.config.ts)');
  return dir;
};

/** Decodes a quoted-printable body. */
function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes the encoded words of a header (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Splits a MIME entity into its headers (lower-case names, unfolded) and its body. */
function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

/** The decoded HTML (else text) body of a MIME entity, looking into multipart parts. */
function htmlOf(raw: string): string {
  const { headers, body } = splitEntity(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const decoded = parts.map((p) => ({
      type: splitEntity(p.replace(/^\r?\n/, '')).headers['content-type'] ?? '',
      html: htmlOf(p.replace(/^\r?\n/, '')),
    }));
    return (decoded.find((p) => /text\/html/i.test(p.type)) ?? decoded[0])?.html ?? '';
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/**
 * Starts the SMTP server that writes each received mail to `dir` (any sender, no authentication, no TLS).
 * @returns a function that stops it
 */
export async function startMailbox(dir: string, port: number): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers } = splitEntity(raw);
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: decodeHeader(headers.subject ?? ''),
          html: htmlOf(raw),
          raw,
          receivedAt: new Date().toISOString(),
        };
        writeFileSync(path.join(dir, `${Date.now()}-${String(++n).padStart(4, '0')}.json`), JSON.stringify(mail, null, 2));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Every mail the test SMTP server received so far, oldest first; `to` narrows to one recipient. */
export function readMails(to?: string): ReceivedMail[] {
  let files: string[];
  try {
    files = readdirSync(mailDir()).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const mails = files.sort().map((f) => JSON.parse(readFileSync(path.join(mailDir(), f), 'utf8')) as ReceivedMail);
  return to ? mails.filter((m) => m.to.includes(to.toLowerCase())) : mails;
}
