import { formatDate } from './dates';
import { documentLabels } from './document-labels';
import { formatEuro } from './money';

/*
 * The e-mails of the customer loop: the quote sent to the customer, in the customer's language (the
 * five the agencies offer; Italian for any other), and the short Italian note to the agent who sent it
 * when the customer opens or answers it.
 */

/** What the e-mail to the customer says, in one language; `{…}` are filled in by quoteMail. */
interface QuoteMailTexts {
  subject: string;
  greeting: string;
  greetingNamed: string;
  intro: string;
  revisionIntro: string;
  link: string;
  action: string;
  validUntil: string;
  agentMessage: string;
  closing: string;
}

export const QUOTE_MAIL_TEXTS: Record<'it' | 'en' | 'de' | 'fr' | 'es', QuoteMailTexts> = {
  it: {
    subject: 'Preventivo {number} – {agency}',
    greeting: 'Gentile cliente,',
    greetingNamed: 'Gentile {name},',
    intro: 'in allegato trova il nostro preventivo n. {number}.',
    revisionIntro: 'in allegato trova la versione aggiornata (rev. {revision}) del nostro preventivo n. {number}.',
    link: 'Può consultarlo, accettarlo o rifiutarlo online da questo link:',
    action: 'Apri il preventivo',
    validUntil: "L'offerta è valida fino al {date}.",
    agentMessage: 'Messaggio da {sender}:',
    closing: 'Cordiali saluti,',
  },
  en: {
    subject: 'Quote {number} – {agency}',
    greeting: 'Dear customer,',
    greetingNamed: 'Dear {name},',
    intro: 'please find attached our quote no. {number}.',
    revisionIntro: 'please find attached the updated version (rev. {revision}) of our quote no. {number}.',
    link: 'You can view, accept or decline it online at this link:',
    action: 'Open the quote',
    validUntil: 'The offer is valid until {date}.',
    agentMessage: 'Message from {sender}:',
    closing: 'Kind regards,',
  },
  de: {
    subject: 'Angebot {number} – {agency}',
    greeting: 'Sehr geehrte Kundin, sehr geehrter Kunde,',
    greetingNamed: 'Guten Tag {name},',
    intro: 'anbei erhalten Sie unser Angebot Nr. {number}.',
    revisionIntro: 'anbei erhalten Sie die aktualisierte Fassung (Rev. {revision}) unseres Angebots Nr. {number}.',
    link: 'Unter diesem Link können Sie es online ansehen, annehmen oder ablehnen:',
    action: 'Angebot öffnen',
    validUntil: 'Das Angebot ist gültig bis {date}.',
    agentMessage: 'Nachricht von {sender}:',
    closing: 'Mit freundlichen Grüßen',
  },
  fr: {
    subject: 'Devis {number} – {agency}',
    greeting: 'Chère cliente, cher client,',
    greetingNamed: 'Bonjour {name},',
    intro: 'veuillez trouver ci-joint notre devis n° {number}.',
    revisionIntro: 'veuillez trouver ci-joint la version mise à jour (rév. {revision}) de notre devis n° {number}.',
    link: 'Vous pouvez le consulter, l’accepter ou le refuser en ligne à ce lien :',
    action: 'Ouvrir le devis',
    validUntil: "L'offre est valable jusqu'au {date}.",
    agentMessage: 'Message de {sender} :',
    closing: 'Cordialement,',
  },
  es: {
    subject: 'Presupuesto {number} – {agency}',
    greeting: 'Estimado cliente:',
    greetingNamed: 'Estimado/a {name}:',
    intro: 'le adjuntamos nuestro presupuesto n.º {number}.',
    revisionIntro: 'le adjuntamos la versión actualizada (rev. {revision}) de nuestro presupuesto n.º {number}.',
    link: 'Puede consultarlo, aceptarlo o rechazarlo en línea en este enlace:',
    action: 'Abrir el presupuesto',
    validUntil: 'La oferta es válida hasta el {date}.',
    agentMessage: 'Mensaje de {sender}:',
    closing: 'Atentamente,',
  },
};

export type QuoteMailLanguage = keyof typeof QUOTE_MAIL_TEXTS;

/** The language the e-mail is written in: the customer's when offered, else Italian. */
export function quoteMailLanguage(language: string | null | undefined): QuoteMailLanguage {
  return language !== null && language !== undefined && language in QUOTE_MAIL_TEXTS ? (language as QuoteMailLanguage) : 'it';
}

export interface QuoteMailInput {
  language: string;
  agencyName: string;
  /** the agency's logo as an absolute URL, or null */
  logoUrl: string | null;
  customerName: string | null;
  /** "2026/0001" */
  quoteNumber: string;
  revision: number;
  /** YYYY-MM-DD */
  expiryDate: string;
  link: string;
  /** the agent's own words, or null */
  message: string | null;
  senderName: string | null;
  /** the deposit asked and the balance (money as the API writes it, the date YYYY-MM-DD); null when no deposit is asked */
  schedule?: { depositAmount: string; balanceAmount: string; balanceDueDate: string | null } | null;
}

/** "Acconto € 300,00 alla conferma" and "Saldo € 700,00 entro il 15/06/2026", in the e-mail's language. */
export function scheduleLines(language: string, schedule: QuoteMailInput['schedule']): string[] {
  if (!schedule) return [];
  const words = documentLabels(quoteMailLanguage(language));
  const dueDate = schedule.balanceDueDate === null ? null : formatDate(schedule.balanceDueDate);
  return [words.deposit(formatEuro(schedule.depositAmount)), words.balance(formatEuro(schedule.balanceAmount), dueDate)];
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

export const escapeMailHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The PDF attached to the quote's e-mail: `preventivo-A1B2C3-rev2.pdf`. */
export const revisionFileName = (shortId: string, revision: number) => `preventivo-${shortId}-rev${revision}.pdf`;

/** The e-mail that sends a quote to its customer: the link, the agent's message, the expiry, the agency's name. */
export function quoteMail(input: QuoteMailInput): MailContent {
  const texts = QUOTE_MAIL_TEXTS[quoteMailLanguage(input.language)];
  const values = { number: input.quoteNumber, agency: input.agencyName, revision: input.revision, date: formatDate(input.expiryDate), name: input.customerName ?? '', sender: input.senderName ?? input.agencyName };
  const greeting = fill(input.customerName ? texts.greetingNamed : texts.greeting, values);
  const intro = fill(input.revision > 1 ? texts.revisionIntro : texts.intro, values);
  const validUntil = fill(texts.validUntil, values);
  const message = input.message?.trim() ? input.message.trim() : null;
  const schedule = scheduleLines(input.language, input.schedule);
  const text = [
    greeting,
    '',
    intro,
    texts.link,
    input.link,
    '',
    validUntil,
    ...schedule,
    ...(message ? ['', fill(texts.agentMessage, values), message] : []),
    '',
    texts.closing,
    input.agencyName,
  ].join('\n');
  const paragraphs = (value: string) => escapeMailHtml(value).replace(/\r?\n/g, '<br>');
  const html = [
    input.logoUrl ? `<p><img src="${escapeMailHtml(input.logoUrl)}" alt="${escapeMailHtml(input.agencyName)}" style="max-height:80px"></p>` : '',
    `<p>${escapeMailHtml(greeting)}</p>`,
    `<p>${escapeMailHtml(intro)}<br>${escapeMailHtml(texts.link)}</p>`,
    `<p><a href="${escapeMailHtml(input.link)}">${escapeMailHtml(texts.action)}</a><br>${escapeMailHtml(input.link)}</p>`,
    `<p>${escapeMailHtml(validUntil)}</p>`,
    schedule.length > 0 ? `<p>${schedule.map(escapeMailHtml).join('<br>')}</p>` : '',
    message ? `<p>${escapeMailHtml(fill(texts.agentMessage, values))}<br>${paragraphs(message)}</p>` : '',
    `<p>${escapeMailHtml(texts.closing)}<br>${escapeMailHtml(input.agencyName)}</p>`,
  ]
    .filter(Boolean)
    .join('\n');
  return { subject: fill(texts.subject, values), text, html };
}

/** What the agent is told happened to a quote they sent. */
export type QuoteEventKind = 'viewed' | 'accepted' | 'declined';

const AGENT_NOTICE_TEXTS: Record<QuoteEventKind, { subject: string; line: string }> = {
  viewed: { subject: 'Preventivo {label} visto da {customer}', line: '{customer} ha aperto il preventivo {label} per la prima volta.' },
  accepted: { subject: 'Preventivo {label} accettato da {customer}', line: '{customer} ha accettato il preventivo {label} (firmato da {signer}).' },
  declined: { subject: 'Preventivo {label} rifiutato da {customer}', line: '{customer} ha rifiutato il preventivo {label}.' },
};

export interface AgentNoticeInput {
  kind: QuoteEventKind;
  /** `#ABC123 rev. 2` */
  label: string;
  quoteNumber: string;
  customerName: string;
  signerName?: string | null;
  reason?: string | null;
  /** where the agent opens the app */
  appUrl: string;
}

/** The short Italian e-mail to the agent who sent a quote: what the customer did, and where to see it. */
export function agentNotice(input: AgentNoticeInput): MailContent {
  const texts = AGENT_NOTICE_TEXTS[input.kind];
  const values = { label: input.label, customer: input.customerName, signer: input.signerName ?? input.customerName };
  const lines = [
    fill(texts.line, values),
    `Numero: ${input.quoteNumber}`,
    ...(input.reason?.trim() ? [`Motivo: ${input.reason.trim()}`] : []),
    '',
    `Apri Quotebook: ${input.appUrl}`,
  ];
  return {
    subject: fill(texts.subject, values),
    text: lines.join('\n'),
    html: lines.map((line) => (line === '' ? '' : `<p>${escapeMailHtml(line)}</p>`)).join('\n'),
  };
}
