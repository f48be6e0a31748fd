import type { TemplateType } from '@quotebook/domain';

/** One example template of the starter set: Italian texts an agency reads as its own and edits. */
export interface StarterTemplate {
  templateType: TemplateType;
  title: string;
  /** HTML as the sanitizer keeps it (formatting tags only) */
  content: string;
  headerPrint: boolean;
}

/** The name of the starter layout: the quote's table between the introduction and the conditions. */
export const STARTER_LAYOUT_NAME = 'Preventivo';
export const STARTER_LAYOUT_DESCRIPTION = 'Layout di partenza: premessa con i dati dell’agenzia, la tabella del preventivo e le condizioni. Modificalo come preferisci.';

/** One example of each template type, in the order the types are offered. */
export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  {
    templateType: 'premessa',
    title: 'Gentile cliente',
    content:
      '<p>Gentile cliente,</p><p>grazie per averci contattato. Come concordato, ti inviamo la nostra proposta per i servizi richiesti: ' +
      'troverai qui sotto il dettaglio delle attività, il numero dei partecipanti e i prezzi.</p>' +
      '<p>Restiamo a disposizione per adattare il programma alle tue esigenze.</p>',
    headerPrint: true,
  },
  {
    templateType: 'presentazione',
    title: 'Chi siamo',
    content:
      '<p>Da anni organizziamo escursioni, visite guidate ed esperienze per gruppi, scuole e aziende. ' +
      'Lavoriamo con guide abilitate e fornitori selezionati, e seguiamo ogni viaggio dalla prenotazione al rientro.</p>',
    headerPrint: false,
  },
  {
    templateType: 'complementi',
    title: 'Servizi su richiesta',
    content:
      '<p>Su richiesta possiamo aggiungere:</p><ul><li>trasferimenti in pullman o minibus;</li><li>pranzi e degustazioni;</li>' +
      '<li>assicurazione annullamento;</li><li>accompagnatore per tutta la durata del viaggio.</li></ul>',
    headerPrint: false,
  },
  {
    templateType: 'condizioni',
    title: 'Condizioni',
    content:
      '<ul><li>Il preventivo è valido fino alla data di scadenza indicata; i prezzi sono soggetti a disponibilità al momento della conferma.</li>' +
      '<li>Per confermare è richiesto un acconto del 30%; il saldo è dovuto 15 giorni prima della data del servizio.</li>' +
      '<li>Annullamento gratuito fino a 30 giorni prima; in seguito è trattenuto l’acconto.</li>' +
      '<li>Il numero definitivo dei partecipanti va comunicato 7 giorni prima della data del servizio.</li></ul>',
    headerPrint: false,
  },
  {
    templateType: 'conclusioni',
    title: 'In attesa di un tuo riscontro',
    content: '<p>Ti ringraziamo per l’attenzione e restiamo in attesa di un tuo riscontro. Per qualsiasi domanda non esitare a contattarci.</p><p>Cordiali saluti</p>',
    headerPrint: false,
  },
  {
    templateType: 'firma',
    title: 'Firma',
    content: '<p>Per accettazione</p><p>Data ____________________</p><p>Firma ____________________</p>',
    headerPrint: false,
  },
];

/** The starter layout prints these template types around the quote's table. */
export const STARTER_LAYOUT_BEFORE: TemplateType = 'premessa';
export const STARTER_LAYOUT_AFTER: TemplateType = 'condizioni';
