import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Where the sink of the layer's stack writes each mail it receives (one JSON file per mail). */
export const MAIL_DIR_VARIABLE = 'API_MAIL_DIR';

/** A mail as the stack's SMTP server received it, parsed. */
export interface CapturedMail {
  receivedAt: string;
  /** the SMTP envelope's recipients (to and cc alike) */
  envelopeTo: string[];
  from: string;
  to: string[];
  cc: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number; contentBase64: string }[];
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  ([] as AddressObject[]).concat(field ?? []).flatMap((object) => object.value.map((entry) => entry.address ?? ''));

/**
 * A real SMTP server on loopback that takes every mail (no TLS, no authentication) and writes it,
 * parsed, into `directory`: what the stack sends, read back as a customer's mail program would.
 */
export async function startSmtpSink(directory: string): Promise<{ url: string; stop(): Promise<void> }> {
  mkdirSync(directory, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          count += 1;
          const mail: CapturedMail = {
            receivedAt: new Date().toISOString(),
            envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
            from: addressesOf(parsed.from)[0] ?? '',
            to: addressesOf(parsed.to),
            cc: addressesOf(parsed.cc),
            replyTo: addressesOf(parsed.replyTo),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((attachment) => ({
              filename: attachment.filename ?? '',
              contentType: attachment.contentType,
              size: attachment.size,
              contentBase64: attachment.content.toString('base64'),
            })),
          };
          const name = `${Date.now()}-${process.pid}-${String(count).padStart(5, '0')}.json`;
          writeFileSync(path.join(directory, name), JSON.stringify(mail));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every mail the layer's sink has received so far, oldest first. */
export function capturedMails(directory = process.env[MAIL_DIR_VARIABLE]): CapturedMail[] {
  if (!directory) throw new Error(`${MAIL_DIR_VARIABLE} is not set: run through the "api" Jest project`);
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(directory, name), 'utf8')) as CapturedMail);
}

/** The mails sent to `address` (to or cc), waiting up to `timeoutMs` until there are at least `count`. */
export async function mailsTo(address: string, count = 1, timeoutMs = 10_000): Promise<CapturedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = capturedMails().filter((mail) => mail.envelopeTo.map((to) => to.toLowerCase()).includes(address.toLowerCase()));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${mails.length} mail(s) to ${address}, not ${count}, within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
