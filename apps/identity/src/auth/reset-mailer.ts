import { Injectable, Logger } from '@nestjs/common';
import { Mailer } from '@quotebook/server-core/service';
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

/**
 * Sends reset links through the shared Mailer. Without an SMTP server, outside production, the link is
 * logged with its address (how a developer, and the tests, reset a password without a mail server);
 * in production a link is a secret and an address is personal: neither is ever written.
 */
@Injectable()
export class ResetMailer {
  private readonly logger = new Logger(ResetMailer.name);
  private readonly mailer: Mailer;
  private readonly production: boolean;

  constructor(env: IdentityEnv) {
    this.mailer = new Mailer(env);
    this.production = env.NODE_ENV === 'production';
  }

  async sendResetLink(recipient: { email: string; name: string }, link: string): Promise<void> {
    if (!this.mailer.configured) {
      if (this.production) this.logger.warn('No SMTP_URL configured: a password reset e-mail was not sent');
      else this.logger.log(`No SMTP_URL configured; password reset link for ${recipient.email}: ${link}`);
      return;
    }
    await this.mailer.send({ to: recipient.email, ...buildResetEmail(recipient.name, link) });
    this.logger.log('Password reset e-mail sent');
  }
}
