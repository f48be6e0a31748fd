import { formatDecimal, parseCents } from './money';

/*
 * The fixed words of a quote as the customer reads it, in the languages an agency offers its customers:
 * the printed document (PDF, Word, the preview) and the public quote page use this one table. A language
 * without a table, or a word a table lacks, reads in Italian.
 */

/** The languages the document and the public page are written in; any other reads in Italian. */
export const DOCUMENT_LANGUAGES = ['it', 'en', 'de', 'fr', 'es'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export interface DocumentLabels {
  /* ---------- the document ---------- */
  quote: string;
  /** "Preventivo n. 2026/0001" */
  quoteNumber: (number: string) => string;
  date: string;
  customer: string;
  subject: string;
  serviceDate: string;
  /** the service's time: "15/07/2026 alle 09:00" */
  atTime: (date: string, time: string) => string;
  validUntil: string;
  /** "Alla c.a. di Mario Rossi" */
  forTheAttentionOf: (contact: string) => string;
  phone: string;
  mobile: string;
  vatNumber: string;
  fiscalCode: string;
  logo: string;
  description: string;
  participants: string;
  unitPrice: string;
  price: string;
  vat: string;
  /** the VAT summary's rate column */
  rate: string;
  net: string;
  total: string;
  /** the quote's total: "Totale IVA incl." */
  totalVatIncluded: string;
  discount: string;
  rounding: string;
  linesTotal: string;
  consumptions: string;
  consumptionsTotal: string;
  quantity: string;
  unitValue: string;
  priceToBeDefined: string;
  unavailableOnDate: string;
  notConfirmed: string;
  notCountedNote: string;
  noRate: string;
  /** "IVA 22%" */
  vatGroup: (rate: string) => string;
  vatIncluded: string;
  /** "+ IVA 22%" */
  plusVat: (rate: string) => string;
  priceList: string;
  /** "minimo 4 partecipanti: addebitati 4" */
  minimumNote: (minimum: number) => string;
  /** the footer: "Pagina", the number, "di", the count */
  page: string;
  pageOf: string;
  signature: string;
  /** beside the participants of a line with free places: "20 + 1 gratuità" (paying + free) */
  freePlaces: (paying: number, free: number) => string;
  /** the heading of the optional lines, listed apart and left out of the total */
  optionalServices: string;
  optionalNote: string;
  /** the deposit asked: "Acconto € 300,00 alla conferma" (the amount already written in euro) */
  deposit: (amount: string) => string;
  /** the balance: "Saldo € 700,00 entro il 15/06/2026" (dd/mm/yyyy), or without a date when the quote has none */
  balance: (amount: string, date: string | null) => string;
  paymentTerms: string;
  /* ---------- the public quote page ---------- */
  revision: (revision: number) => string;
  perPerson: string;
  services: string;
  accept: string;
  decline: string;
  signerName: string;
  consent: string;
  typedSignature: string;
  drawnSignature: string;
  clearSignature: string;
  declineReason: string;
  downloadPdf: string;
  /** "Accettato il 15/07/2026 da Mario Rossi" */
  acceptedOn: (date: string, signer: string | null) => string;
  declinedOn: (date: string) => string;
  expired: string;
  invalidLink: string;
  thanksAccepted: string;
  thanksDeclined: string;
  conditions: string;
  contacts: string;
}

/** A rate as printed: "22", "5,5", "0". */
const rateText = (rate: string) => formatDecimal(rate).replace(/,?0+$/, '') || '0';

const ITALIAN: DocumentLabels = {
  quote: 'Preventivo',
  quoteNumber: (number) => `Preventivo n. ${number}`,
  date: 'Data',
  customer: 'Cliente',
  subject: 'Oggetto',
  serviceDate: 'Data del servizio',
  atTime: (date, time) => `${date} alle ${time}`,
  validUntil: 'Valido fino al',
  forTheAttentionOf: (contact) => `Alla c.a. di ${contact}`,
  phone: 'Tel.',
  mobile: 'Cell.',
  vatNumber: 'P.IVA',
  fiscalCode: 'C.F.',
  logo: 'Logo',
  description: 'Descrizione',
  participants: 'Partecipanti',
  unitPrice: 'Prezzo unitario',
  price: 'Prezzo',
  vat: 'IVA',
  rate: 'Aliquota',
  net: 'Imponibile',
  total: 'Totale',
  totalVatIncluded: 'Totale IVA incl.',
  discount: 'Sconto',
  rounding: 'Arrotondamento',
  linesTotal: 'Totale prodotti IVA incl.',
  consumptions: 'Consumi',
  consumptionsTotal: 'Totale consumi',
  quantity: 'Quantità',
  unitValue: 'Valore unitario',
  priceToBeDefined: 'Prezzo da definire',
  unavailableOnDate: 'Non disponibile in questa data',
  notConfirmed: 'non confermato',
  notCountedNote: 'Le righe non confermate non sono comprese nel totale.',
  noRate: 'IVA non indicata',
  vatGroup: (rate) => `IVA ${rateText(rate)}%`,
  vatIncluded: 'IVA inclusa',
  plusVat: (rate) => `+ IVA ${rateText(rate)}%`,
  priceList: 'Listino',
  minimumNote: (minimum) => `minimo ${minimum} partecipanti: addebitati ${minimum}`,
  page: 'Pagina',
  pageOf: 'di',
  signature: 'Firma',
  freePlaces: (paying, free) => `${paying} + ${free} gratuità`,
  optionalServices: 'Servizi facoltativi',
  optionalNote: 'I servizi facoltativi non sono compresi nel totale.',
  deposit: (amount) => `Acconto ${amount} alla conferma`,
  balance: (amount, date) => `Saldo ${amount}${date ? ` entro il ${date}` : ''}`,
  paymentTerms: 'Pagamenti',
  revision: (revision) => `rev. ${revision}`,
  perPerson: 'Per persona',
  services: 'Servizi',
  accept: 'Accetta',
  decline: 'Rifiuta',
  signerName: 'Nome e cognome',
  consent: 'Accetto il preventivo e le condizioni',
  typedSignature: 'Scrivi il nome',
  drawnSignature: 'Disegna la firma',
  clearSignature: 'Cancella',
  declineReason: 'Motivo (facoltativo)',
  downloadPdf: 'Scarica PDF',
  acceptedOn: (date, signer) => `Accettato il ${date}${signer ? ` da ${signer}` : ''}`,
  declinedOn: (date) => `Rifiutato il ${date}`,
  expired: 'Il preventivo è scaduto',
  invalidLink: 'Questo link non è valido',
  thanksAccepted: "Grazie: l'agenzia ha ricevuto la tua accettazione.",
  thanksDeclined: "Grazie: l'agenzia ha ricevuto la tua risposta.",
  conditions: 'Condizioni',
  contacts: 'Contatti',
};

const ENGLISH: DocumentLabels = {
  quote: 'Quote',
  quoteNumber: (number) => `Quote no. ${number}`,
  date: 'Date',
  customer: 'Customer',
  subject: 'Subject',
  serviceDate: 'Service date',
  atTime: (date, time) => `${date} at ${time}`,
  validUntil: 'Valid until',
  forTheAttentionOf: (contact) => `For the attention of ${contact}`,
  phone: 'Tel.',
  mobile: 'Mobile',
  vatNumber: 'VAT no.',
  fiscalCode: 'Tax code',
  logo: 'Logo',
  description: 'Description',
  participants: 'Participants',
  unitPrice: 'Unit price',
  price: 'Price',
  vat: 'VAT',
  rate: 'Rate',
  net: 'Net amount',
  total: 'Total',
  totalVatIncluded: 'Total incl. VAT',
  discount: 'Discount',
  rounding: 'Rounding',
  linesTotal: 'Services total incl. VAT',
  consumptions: 'Extras',
  consumptionsTotal: 'Extras total',
  quantity: 'Quantity',
  unitValue: 'Unit value',
  priceToBeDefined: 'Price to be confirmed',
  unavailableOnDate: 'Not available on this date',
  notConfirmed: 'not confirmed',
  notCountedNote: 'Lines not confirmed are not included in the total.',
  noRate: 'VAT not stated',
  vatGroup: (rate) => `VAT ${rateText(rate).replace(',', '.')}%`,
  vatIncluded: 'VAT included',
  plusVat: (rate) => `+ VAT ${rateText(rate).replace(',', '.')}%`,
  priceList: 'Price list',
  minimumNote: (minimum) => `minimum ${minimum} participants: ${minimum} charged`,
  page: 'Page',
  pageOf: 'of',
  signature: 'Signature',
  freePlaces: (paying, free) => `${paying} + ${free} free`,
  optionalServices: 'Optional services',
  optionalNote: 'Optional services are not included in the total.',
  deposit: (amount) => `Deposit ${amount} on confirmation`,
  balance: (amount, date) => `Balance ${amount}${date ? ` by ${date}` : ''}`,
  paymentTerms: 'Payments',
  revision: (revision) => `rev. ${revision}`,
  perPerson: 'Per person',
  services: 'Services',
  accept: 'Accept',
  decline: 'Decline',
  signerName: 'Full name',
  consent: 'I accept the quote and its terms',
  typedSignature: 'Type your name',
  drawnSignature: 'Draw your signature',
  clearSignature: 'Clear',
  declineReason: 'Reason (optional)',
  downloadPdf: 'Download PDF',
  acceptedOn: (date, signer) => `Accepted on ${date}${signer ? ` by ${signer}` : ''}`,
  declinedOn: (date) => `Declined on ${date}`,
  expired: 'This quote has expired',
  invalidLink: 'This link is not valid',
  thanksAccepted: 'Thank you: the agency has received your acceptance.',
  thanksDeclined: 'Thank you: the agency has received your answer.',
  conditions: 'Terms and conditions',
  contacts: 'Contacts',
};

const GERMAN: DocumentLabels = {
  quote: 'Angebot',
  quoteNumber: (number) => `Angebot Nr. ${number}`,
  date: 'Datum',
  customer: 'Kunde',
  subject: 'Betreff',
  serviceDate: 'Leistungsdatum',
  atTime: (date, time) => `${date} um ${time}`,
  validUntil: 'Gültig bis',
  forTheAttentionOf: (contact) => `z. Hd. ${contact}`,
  phone: 'Tel.',
  mobile: 'Mobil',
  vatNumber: 'USt-IdNr.',
  fiscalCode: 'Steuernummer',
  logo: 'Logo',
  description: 'Beschreibung',
  participants: 'Teilnehmer',
  unitPrice: 'Einzelpreis',
  price: 'Preis',
  vat: 'MwSt.',
  rate: 'Steuersatz',
  net: 'Nettobetrag',
  total: 'Gesamt',
  totalVatIncluded: 'Gesamt inkl. MwSt.',
  discount: 'Rabatt',
  rounding: 'Rundung',
  linesTotal: 'Summe Leistungen inkl. MwSt.',
  consumptions: 'Zusatzleistungen',
  consumptionsTotal: 'Summe Zusatzleistungen',
  quantity: 'Menge',
  unitValue: 'Einzelwert',
  priceToBeDefined: 'Preis auf Anfrage',
  unavailableOnDate: 'An diesem Datum nicht verfügbar',
  notConfirmed: 'nicht bestätigt',
  notCountedNote: 'Nicht bestätigte Positionen sind im Gesamtbetrag nicht enthalten.',
  noRate: 'MwSt. nicht angegeben',
  vatGroup: (rate) => `MwSt. ${rateText(rate)}%`,
  vatIncluded: 'inkl. MwSt.',
  plusVat: (rate) => `+ MwSt. ${rateText(rate)}%`,
  priceList: 'Preisliste',
  minimumNote: (minimum) => `mindestens ${minimum} Teilnehmer: ${minimum} berechnet`,
  page: 'Seite',
  pageOf: 'von',
  signature: 'Unterschrift',
  freePlaces: (paying, free) => `${paying} + ${free} ${free === 1 ? 'Freiplatz' : 'Freiplätze'}`,
  optionalServices: 'Optionale Leistungen',
  optionalNote: 'Optionale Leistungen sind im Gesamtbetrag nicht enthalten.',
  deposit: (amount) => `Anzahlung ${amount} bei Bestätigung`,
  balance: (amount, date) => `Restzahlung ${amount}${date ? ` bis ${date}` : ''}`,
  paymentTerms: 'Zahlungen',
  revision: (revision) => `Rev. ${revision}`,
  perPerson: 'Pro Person',
  services: 'Leistungen',
  accept: 'Annehmen',
  decline: 'Ablehnen',
  signerName: 'Vor- und Nachname',
  consent: 'Ich nehme das Angebot und seine Bedingungen an',
  typedSignature: 'Namen eingeben',
  drawnSignature: 'Unterschrift zeichnen',
  clearSignature: 'Löschen',
  declineReason: 'Grund (optional)',
  downloadPdf: 'PDF herunterladen',
  acceptedOn: (date, signer) => `Angenommen am ${date}${signer ? ` von ${signer}` : ''}`,
  declinedOn: (date) => `Abgelehnt am ${date}`,
  expired: 'Das Angebot ist abgelaufen',
  invalidLink: 'Dieser Link ist ungültig',
  thanksAccepted: 'Vielen Dank: Die Agentur hat Ihre Annahme erhalten.',
  thanksDeclined: 'Vielen Dank: Die Agentur hat Ihre Antwort erhalten.',
  conditions: 'Bedingungen',
  contacts: 'Kontakt',
};

const FRENCH: DocumentLabels = {
  quote: 'Devis',
  quoteNumber: (number) => `Devis n° ${number}`,
  date: 'Date',
  customer: 'Client',
  subject: 'Objet',
  serviceDate: 'Date de la prestation',
  atTime: (date, time) => `${date} à ${time}`,
  validUntil: "Valable jusqu'au",
  forTheAttentionOf: (contact) => `À l'attention de ${contact}`,
  phone: 'Tél.',
  mobile: 'Portable',
  vatNumber: 'N° TVA',
  fiscalCode: 'Code fiscal',
  logo: 'Logo',
  description: 'Description',
  participants: 'Participants',
  unitPrice: 'Prix unitaire',
  price: 'Prix',
  vat: 'TVA',
  rate: 'Taux',
  net: 'Montant HT',
  total: 'Total',
  totalVatIncluded: 'Total TTC',
  discount: 'Remise',
  rounding: 'Arrondi',
  linesTotal: 'Total des prestations TTC',
  consumptions: 'Suppléments',
  consumptionsTotal: 'Total des suppléments',
  quantity: 'Quantité',
  unitValue: 'Valeur unitaire',
  priceToBeDefined: 'Prix à définir',
  unavailableOnDate: 'Non disponible à cette date',
  notConfirmed: 'non confirmé',
  notCountedNote: 'Les lignes non confirmées ne sont pas comprises dans le total.',
  noRate: 'TVA non indiquée',
  vatGroup: (rate) => `TVA ${rateText(rate)} %`,
  vatIncluded: 'TVA incluse',
  plusVat: (rate) => `+ TVA ${rateText(rate)} %`,
  priceList: 'Tarif',
  minimumNote: (minimum) => `minimum ${minimum} participants : ${minimum} facturés`,
  page: 'Page',
  pageOf: 'sur',
  signature: 'Signature',
  freePlaces: (paying, free) => `${paying} + ${free} ${free === 1 ? 'gratuité' : 'gratuités'}`,
  optionalServices: 'Prestations facultatives',
  optionalNote: 'Les prestations facultatives ne sont pas comprises dans le total.',
  deposit: (amount) => `Acompte ${amount} à la confirmation`,
  balance: (amount, date) => `Solde ${amount}${date ? ` avant le ${date}` : ''}`,
  paymentTerms: 'Paiements',
  revision: (revision) => `rév. ${revision}`,
  perPerson: 'Par personne',
  services: 'Prestations',
  accept: 'Accepter',
  decline: 'Refuser',
  signerName: 'Nom et prénom',
  consent: "J'accepte le devis et ses conditions",
  typedSignature: 'Saisir votre nom',
  drawnSignature: 'Dessiner votre signature',
  clearSignature: 'Effacer',
  declineReason: 'Motif (facultatif)',
  downloadPdf: 'Télécharger le PDF',
  acceptedOn: (date, signer) => `Accepté le ${date}${signer ? ` par ${signer}` : ''}`,
  declinedOn: (date) => `Refusé le ${date}`,
  expired: 'Ce devis a expiré',
  invalidLink: "Ce lien n'est pas valide",
  thanksAccepted: "Merci : l'agence a bien reçu votre acceptation.",
  thanksDeclined: "Merci : l'agence a bien reçu votre réponse.",
  conditions: 'Conditions',
  contacts: 'Contacts',
};

const SPANISH: DocumentLabels = {
  quote: 'Presupuesto',
  quoteNumber: (number) => `Presupuesto n.º ${number}`,
  date: 'Fecha',
  customer: 'Cliente',
  subject: 'Asunto',
  serviceDate: 'Fecha del servicio',
  atTime: (date, time) => `${date} a las ${time}`,
  validUntil: 'Válido hasta el',
  forTheAttentionOf: (contact) => `A la atención de ${contact}`,
  phone: 'Tel.',
  mobile: 'Móvil',
  vatNumber: 'NIF-IVA',
  fiscalCode: 'Código fiscal',
  logo: 'Logo',
  description: 'Descripción',
  participants: 'Participantes',
  unitPrice: 'Precio unitario',
  price: 'Precio',
  vat: 'IVA',
  rate: 'Tipo',
  net: 'Base imponible',
  total: 'Total',
  totalVatIncluded: 'Total IVA incl.',
  discount: 'Descuento',
  rounding: 'Redondeo',
  linesTotal: 'Total servicios IVA incl.',
  consumptions: 'Extras',
  consumptionsTotal: 'Total extras',
  quantity: 'Cantidad',
  unitValue: 'Valor unitario',
  priceToBeDefined: 'Precio por definir',
  unavailableOnDate: 'No disponible en esta fecha',
  notConfirmed: 'no confirmado',
  notCountedNote: 'Las líneas no confirmadas no están incluidas en el total.',
  noRate: 'IVA no indicado',
  vatGroup: (rate) => `IVA ${rateText(rate)}%`,
  vatIncluded: 'IVA incluido',
  plusVat: (rate) => `+ IVA ${rateText(rate)}%`,
  priceList: 'Tarifa',
  minimumNote: (minimum) => `mínimo ${minimum} participantes: se cobran ${minimum}`,
  page: 'Página',
  pageOf: 'de',
  signature: 'Firma',
  freePlaces: (paying, free) => `${paying} + ${free} ${free === 1 ? 'gratuidad' : 'gratuidades'}`,
  optionalServices: 'Servicios opcionales',
  optionalNote: 'Los servicios opcionales no están incluidos en el total.',
  deposit: (amount) => `Anticipo ${amount} a la confirmación`,
  balance: (amount, date) => `Saldo ${amount}${date ? ` antes del ${date}` : ''}`,
  paymentTerms: 'Pagos',
  revision: (revision) => `rev. ${revision}`,
  perPerson: 'Por persona',
  services: 'Servicios',
  accept: 'Aceptar',
  decline: 'Rechazar',
  signerName: 'Nombre y apellidos',
  consent: 'Acepto el presupuesto y sus condiciones',
  typedSignature: 'Escriba su nombre',
  drawnSignature: 'Dibuje su firma',
  clearSignature: 'Borrar',
  declineReason: 'Motivo (opcional)',
  downloadPdf: 'Descargar PDF',
  acceptedOn: (date, signer) => `Aceptado el ${date}${signer ? ` por ${signer}` : ''}`,
  declinedOn: (date) => `Rechazado el ${date}`,
  expired: 'El presupuesto ha caducado',
  invalidLink: 'Este enlace no es válido',
  thanksAccepted: 'Gracias: la agencia ha recibido su aceptación.',
  thanksDeclined: 'Gracias: la agencia ha recibido su respuesta.',
  conditions: 'Condiciones',
  contacts: 'Contacto',
};

const TABLES: Record<DocumentLanguage, DocumentLabels> = { it: ITALIAN, en: ENGLISH, de: GERMAN, fr: FRENCH, es: SPANISH };

/** Whether the document and the public page have their own words for a language. */
export function isDocumentLanguage(language: string | null | undefined): language is DocumentLanguage {
  return (DOCUMENT_LANGUAGES as readonly string[]).includes(language ?? '');
}

/** The fixed words of a document in a language; Italian for a language without its own. */
export function documentLabels(language: string | null | undefined): DocumentLabels {
  return isDocumentLanguage(language) ? TABLES[language] : ITALIAN;
}

/** A line's VAT as printed beside its price, in a language: "IVA inclusa", "+ IVA 22%", or null without a rate. */
export function vatLabelIn(labels: DocumentLabels, priceIncludesVat: boolean | null | undefined, vatRate: string | null | undefined): string | null {
  if (priceIncludesVat) return labels.vatIncluded;
  if (vatRate === null || vatRate === undefined || parseCents(vatRate) === null) return null;
  return labels.plusVat(vatRate);
}

/** A VAT group's name in a language: "IVA 22%", or "IVA non indicata" for no rate. */
export function vatGroupLabelIn(labels: DocumentLabels, rate: string | null): string {
  return rate === null ? labels.noRate : labels.vatGroup(rate);
}
