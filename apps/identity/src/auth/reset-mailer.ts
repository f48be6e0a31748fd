import { Injectable, Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { IdentityEnv } from '../env';

export interface ResetEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The Italian reset e-mail. */
export function buildResetEmail(name: string, link: string): ResetEmail {
  const greeting = name ? `Ciao ${name},` : 'Ciao,';
  const lines = [
    'abbiamo ricevuto una richiesta di reimpostazione della password del tuo account Quotebook.',
    'Apri questo link per scegliere una nuova password (è valido per 1 ora e si può usare una sola volta):',
  ];
  const ignore = 'Se non hai richiesto tu il reset, ignora questa email: la tua password resta invariata.';
  return {
    subject: 'Reimposta la tua password Quotebook',
    text: [greeting, '', ...lines, link, '', ignore].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
      `<p><a href="${escapeHtml(link)}">Reimposta la password</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}

/** Sends reset links by SMTP, or logs them when no SMTP server is configured (development). */
@Injectable()
export class ResetMailer {
  private readonly logger = new Logger(ResetMailer.name);
  private readonly transport: Transporter | null;

  constructor(private readonly env: IdentityEnv) {
    this.transport = env.SMTP_URL ? createTransport(env.SMTP_URL) : null;
  }

  async sendResetLink(recipient: { email: string; name: string }, link: string): Promise<void> {
    if (!this.transport) {
      this.logger.log(`No SMTP_URL configured; password reset link for ${recipient.email}: ${link}`);
      return;
    }
    await this.transport.sendMail({ from: this.env.MAIL_FROM, to: recipient.email, ...buildResetEmail(recipient.name, link) });
    this.logger.log(`Password reset e-mail sent to ${recipient.email}`);
  }
}
