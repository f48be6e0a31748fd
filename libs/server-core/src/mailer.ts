import { Logger } from '@nestjs/common';
import { LOOP_MESSAGES } from '@quotebook/domain';
import { createTransport, type Transporter } from 'nodemailer';
import { appError } from './app-error';

/** What every process that sends e-mail reads: where the SMTP server is and who the mail is from. */
export interface MailerSettings {
  /** smtp:// or smtps:// URL; without it nothing is sent and the log says a mail would have gone */
  SMTP_URL?: string;
  /** `Quotebook <no-reply@quotebook.local>`: the sending address (its display name may be replaced per mail) */
  MAIL_FROM: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  cc?: readonly string[];
  replyTo?: string | null;
  /** shown as the sender's name, with MAIL_FROM's address (e.g. the agency's name) */
  fromName?: string | null;
  subject: string;
  text: string;
  html?: string;
  attachments?: readonly MailAttachment[];
}

/** The address part of `Name <address>` or a bare address. */
export function mailAddressOf(from: string): string {
  const match = /<([^<>]+)>\s*$/.exec(from);
  return (match ? match[1] : from).trim();
}

/**
 * Sends e-mail through the SMTP server of SMTP_URL (nodemailer). Without SMTP_URL (development) a mail
 * is not sent: the log says one would have gone, never its recipient, its subject (an agent's notice
 * names the customer) or its links. A failure to hand the mail to the server is MAILER_UNAVAILABLE (503), which the caller maps.
 */
export class Mailer {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter | null;

  constructor(private readonly settings: MailerSettings) {
    this.transport = settings.SMTP_URL ? createTransport(settings.SMTP_URL) : null;
  }

  /** Whether mail really leaves (SMTP_URL is set). */
  get configured(): boolean {
    return this.transport !== null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transport) {
      this.logger.log('No SMTP_URL configured: an e-mail would have been sent');
      return;
    }
    const address = mailAddressOf(this.settings.MAIL_FROM);
    try {
      await this.transport.sendMail({
        from: mail.fromName ? { name: mail.fromName, address } : this.settings.MAIL_FROM,
        to: mail.to,
        ...(mail.cc && mail.cc.length > 0 ? { cc: [...mail.cc] } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.attachments ? { attachments: mail.attachments.map((attachment) => ({ ...attachment })) } : {}),
      });
    } catch (error) {
      // the log names what broke, never the recipient
      this.logger.warn(`The SMTP server did not take an e-mail: ${error instanceof Error ? error.message : String(error)}`);
      throw appError('MAILER_UNAVAILABLE', LOOP_MESSAGES.mailerUnavailable);
    }
  }
}
