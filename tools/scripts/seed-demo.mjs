#!/usr/bin/env node
// `npm run seed:demo`: fills a running Quotebook with a demo agency so a newcomer sees a living
// product at once. It speaks only to the public HTTP API (no database access), as the superadmin:
//   SEED_BASE_URL         the gateway, default http://localhost:3000
//   SUPERADMIN_USERNAME   default superadmin
//   SUPERADMIN_PASSWORD   from the environment or .env, else from var/secrets.env (written by `npm start`)
// Safe to run again: every record is looked up first (agency by keyword, VAT rates by description,
// tags by name and type, price lists by name, products by Italian title, customers by name) and only
// what is missing is created.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { ensureLocalSecrets, SECRETS_FILE } = require('./secrets.js');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const BASE_URL = (process.env.SEED_BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
const SUPERADMIN_USERNAME = process.env.SUPERADMIN_USERNAME || 'superadmin';
const SUPERADMIN_PASSWORD = ensureLocalSecrets({ root, create: false }).values.SUPERADMIN_PASSWORD;
if (!SUPERADMIN_PASSWORD) {
  console.error(`seed-demo: set SUPERADMIN_PASSWORD, or start Quotebook once with npm start (it writes ${SECRETS_FILE})`);
  process.exit(1);
}

const AGENCY = {
  keyword: 'demo',
  name: 'Demo Viaggi',
  languages: ['it', 'en'],
  adminUsername: 'demo-admin',
  adminPassword: 'demo12345',
  adminName: 'Giulia Rossi',
  adminEmail: 'giulia.rossi@demo-viaggi.example',
};

const VAT_RATES = [
  { key: 'standard', description: 'IVA ordinaria 22%', rate: '22.00' },
  { key: 'reduced', description: 'IVA ridotta 10% (trasporto passeggeri)', rate: '10.00' },
  { key: 'minimum', description: 'IVA minima 4% (editoria)', rate: '4.00' },
];

const PRODUCT_TAGS = [
  { name: 'Tour guidato', description: 'Visite con guida turistica abilitata' },
  { name: 'Transfer', description: 'Trasferimenti privati con autista' },
  { name: 'Gita in barca', description: 'Escursioni via mare e via lago' },
  { name: 'Enogastronomia', description: 'Degustazioni e corsi di cucina' },
  { name: 'Natura', description: 'Escursioni a piedi e paesaggi' },
  { name: 'Arte e cultura', description: 'Musei, monumenti e siti archeologici' },
  { name: 'Pubblicazioni', description: 'Guide e materiale a stampa' },
];

const CUSTOMER_TAGS = [
  { name: 'Hotel', description: 'Strutture ricettive convenzionate' },
  { name: 'Agenzia partner', description: 'Tour operator e agenzie che rivendono i nostri servizi' },
  { name: 'Scuola', description: 'Istituti scolastici e viaggi di istruzione' },
  { name: 'Gruppo', description: 'Gruppi organizzati di almeno 15 persone' },
  { name: 'Cliente privato', description: null },
  { name: 'VIP', description: 'Clienti con servizio dedicato' },
  { name: 'Aziendale', description: 'Viaggi incentive ed eventi aziendali' },
];

const thisYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()));
const YEARS = [thisYear, thisYear + 1];

const PRICE_LISTS = [
  {
    key: 'partners',
    name: 'Listino Hotel e Agenzie partner',
    startDate: `${thisYear}-01-01`,
    endDate: `${thisYear + 1}-12-31`,
    reductionAmount: null,
    reductionPercentage: '10.00',
    isActive: true,
  },
  {
    key: 'groups',
    name: 'Listino Gruppi e Scuole',
    startDate: `${thisYear}-01-01`,
    endDate: `${thisYear + 1}-12-31`,
    reductionAmount: '50.00',
    reductionPercentage: '5.00',
    isActive: true,
  },
];

/** Seasons of a year, the off season split at the year's ends so that no two periods overlap. */
const SEASONS = {
  low: [
    ['01-01', '03-31'],
    ['11-01', '12-31'],
  ],
  mid: [
    ['04-01', '06-14'],
    ['09-16', '10-31'],
  ],
  high: [['06-15', '09-15']],
};

/**
 * The catalogue. `pricing` names what the price is (per person or flat) and its amount in each
 * season; a season missing from `prices` is a season the product is not sold (boats stay in port in
 * winter).
 */
const PRODUCTS = [
  {
    it: {
      title: 'Tour guidato del Colosseo e dei Fori Imperiali',
      subtitle: 'Accesso prioritario e guida in italiano',
      shortDescription: "Tre ore nel cuore dell'antica Roma con una guida archeologa.",
      extendedDescription:
        "Incontro davanti all'Arco di Costantino, ingresso prioritario al Colosseo, visita dell'arena e dei due ordini inferiori, poi Foro Romano e Palatino. Biglietti d'ingresso e auricolari inclusi.",
    },
    en: {
      title: 'Guided tour of the Colosseum and Imperial Forums',
      subtitle: 'Skip-the-line entry and an English-speaking guide',
      shortDescription: 'Three hours in the heart of ancient Rome with an archaeologist guide.',
      extendedDescription:
        'Meet at the Arch of Constantine, skip-the-line entry to the Colosseum, the arena floor and the lower tiers, then the Roman Forum and the Palatine Hill. Entrance tickets and headsets included.',
    },
    durationHours: 3,
    durationMinutes: 0,
    vat: 'standard',
    tags: ['Tour guidato', 'Arte e cultura'],
    pricing: { kind: 'perPerson', minParticipants: 2, prices: { low: '49.00', mid: '55.00', high: '62.00' } },
  },
  {
    it: {
      title: 'Transfer aeroporto di Fiumicino – Roma centro',
      subtitle: 'Auto privata con autista, fino a 3 passeggeri',
      shortDescription: "Accoglienza in aeroporto con cartello nominativo e viaggio diretto all'hotel.",
      extendedDescription:
        "L'autista segue l'orario del volo e attende fino a 60 minuti dopo l'atterraggio. Bagagli, pedaggi e parcheggio inclusi.",
    },
    en: {
      title: 'Fiumicino airport – Rome city centre transfer',
      subtitle: 'Private car with driver, up to 3 passengers',
      shortDescription: 'Meet and greet at the airport with a name sign and a direct ride to your hotel.',
      extendedDescription:
        'The driver tracks your flight and waits up to 60 minutes after landing. Luggage, tolls and parking included.',
    },
    durationHours: 1,
    durationMinutes: 0,
    vat: 'reduced',
    tags: ['Transfer'],
    pricing: { kind: 'flat', prices: { low: '60.00', mid: '65.00', high: '70.00' } },
  },
  {
    it: {
      title: 'Giro in barca di Capri con sosta alla Grotta Azzurra',
      subtitle: 'Partenza da Sorrento, piccoli gruppi',
      shortDescription: "Il periplo dell'isola tra Faraglioni, grotte e calette, con tempo libero a Capri.",
      extendedDescription:
        "Imbarco al porto di Marina Piccola, giro dell'isola con soste per il bagno, ingresso alla Grotta Azzurra (mare permettendo) e tre ore libere in piazzetta. Skipper, acqua e snack a bordo.",
    },
    en: {
      title: 'Capri boat tour with a stop at the Blue Grotto',
      subtitle: 'Departing from Sorrento, small groups',
      shortDescription: 'Around the island past the Faraglioni, sea caves and coves, with free time on Capri.',
      extendedDescription:
        'Board at Marina Piccola, sail around the island with swimming stops, enter the Blue Grotto (sea permitting) and enjoy three free hours in the Piazzetta. Skipper, water and snacks on board.',
    },
    durationHours: 8,
    durationMinutes: 0,
    vat: 'reduced',
    tags: ['Gita in barca', 'Natura'],
    pricing: { kind: 'perPerson', minParticipants: 4, prices: { mid: '85.00', high: '110.00' } },
  },
  {
    it: {
      title: 'Degustazione di vini nel Chianti Classico',
      subtitle: 'Due cantine, pranzo leggero incluso',
      shortDescription: 'Visita di due aziende vinicole tra Greve e Panzano con degustazione guidata.',
      extendedDescription:
        'Partenza da Firenze in minivan, visita delle cantine e delle barricaie, degustazione di sei vini tra cui una Gran Selezione, pranzo con salumi e pecorino toscano. Rientro nel pomeriggio.',
    },
    en: {
      title: 'Chianti Classico wine tasting',
      subtitle: 'Two wineries, light lunch included',
      shortDescription: 'Visit two wineries between Greve and Panzano with a guided tasting.',
      extendedDescription:
        'Leave Florence by minivan, tour the cellars and barrel rooms, taste six wines including a Gran Selezione, and lunch on Tuscan cured meats and pecorino. Back in the afternoon.',
    },
    durationHours: 5,
    durationMinutes: 30,
    vat: 'standard',
    tags: ['Enogastronomia'],
    pricing: { kind: 'perPerson', minParticipants: 2, prices: { low: '89.00', mid: '99.00', high: '109.00' } },
  },
  {
    it: {
      title: 'Escursione sul Vesuvio',
      subtitle: 'Salita al cratere con guida vulcanologica',
      shortDescription: 'Il sentiero del Gran Cono fino al bordo del cratere, con vista sul Golfo di Napoli.',
      extendedDescription:
        'Trasferimento in bus fino a quota 1.000 m, salita a piedi di circa 30 minuti, giro del cratere con la guida del Parco Nazionale. Consigliate scarpe da trekking.',
    },
    en: {
      title: 'Mount Vesuvius excursion',
      subtitle: 'Hike to the crater with a volcanologist guide',
      shortDescription: 'The Gran Cono trail to the rim of the crater, overlooking the Bay of Naples.',
      extendedDescription:
        'Bus to 1,000 m, a 30-minute walk uphill and a loop of the crater rim with a National Park guide. Hiking shoes recommended.',
    },
    durationHours: 4,
    durationMinutes: 0,
    vat: 'standard',
    tags: ['Natura', 'Tour guidato'],
    pricing: { kind: 'perPerson', minParticipants: 1, prices: { low: '45.00', mid: '49.00', high: '55.00' } },
  },
  {
    it: {
      title: 'Giro in gondola a Venezia',
      subtitle: 'Canal Grande e canali minori, fino a 5 persone',
      shortDescription: 'Trenta minuti in gondola dal Bacino Orseolo tra palazzi e ponti nascosti.',
      extendedDescription:
        'Il gondoliere vi attende al Bacino Orseolo, a due passi da Piazza San Marco. Il prezzo è per gondola, non per persona.',
    },
    en: {
      title: 'Venice gondola ride',
      subtitle: 'Grand Canal and hidden canals, up to 5 people',
      shortDescription: 'Thirty minutes by gondola from Bacino Orseolo among palaces and hidden bridges.',
      extendedDescription:
        'Your gondolier waits at Bacino Orseolo, steps from St Mark’s Square. The price is per gondola, not per person.',
    },
    durationHours: 0,
    durationMinutes: 30,
    vat: 'reduced',
    tags: ['Gita in barca'],
    pricing: { kind: 'flat', prices: { low: '90.00', mid: '90.00', high: '120.00' } },
  },
  {
    it: {
      title: 'Le Cinque Terre in treno e a piedi',
      subtitle: 'Da La Spezia, con guida escursionistica',
      shortDescription: 'Monterosso, Vernazza e Manarola tra sentieri panoramici e treno regionale.',
      extendedDescription:
        'Giornata intera con guida: treno da La Spezia a Monterosso, sentiero Monterosso–Vernazza, pranzo libero, visita di Manarola al tramonto. Cinque Terre Card inclusa.',
    },
    en: {
      title: 'Cinque Terre by train and on foot',
      subtitle: 'From La Spezia, with a hiking guide',
      shortDescription: 'Monterosso, Vernazza and Manarola on scenic trails and the regional train.',
      extendedDescription:
        'A full day with a guide: train from La Spezia to Monterosso, the Monterosso–Vernazza trail, free lunch, Manarola at sunset. Cinque Terre Card included.',
    },
    durationHours: 9,
    durationMinutes: 0,
    vat: 'standard',
    tags: ['Natura', 'Tour guidato'],
    pricing: { kind: 'perPerson', minParticipants: 2, prices: { mid: '95.00', high: '105.00' } },
  },
  {
    it: {
      title: 'Transfer privato Napoli – Costiera Amalfitana',
      subtitle: 'Minivan fino a 7 passeggeri',
      shortDescription: 'Dalla stazione o dall’aeroporto di Napoli a Positano, Amalfi o Ravello.',
      extendedDescription:
        'Autista bilingue, acqua a bordo, una sosta fotografica lungo la costa. Supplemento bagagli voluminosi (bici, sci, attrezzatura sub) indicato come costo aggiuntivo.',
    },
    en: {
      title: 'Private transfer Naples – Amalfi Coast',
      subtitle: 'Minivan up to 7 passengers',
      shortDescription: 'From Naples station or airport to Positano, Amalfi or Ravello.',
      extendedDescription:
        'Bilingual driver, water on board and a photo stop along the coast. A supplement for bulky luggage (bikes, skis, diving gear) is shown as an additional cost.',
    },
    durationHours: 1,
    durationMinutes: 30,
    vat: 'reduced',
    tags: ['Transfer'],
    pricing: { kind: 'flat', additionalCosts: '20.00', prices: { low: '140.00', mid: '160.00', high: '180.00' } },
  },
  {
    it: {
      title: 'Corso di cucina toscana',
      subtitle: 'Pasta fresca e tiramisù, con cena',
      shortDescription: 'Mani in pasta con uno chef fiorentino, poi a tavola con ciò che avete preparato.',
      extendedDescription:
        'In una cucina nel centro di Firenze: pici e tagliatelle fatte a mano, due sughi della tradizione e il tiramisù. Ricette stampate e grembiule in omaggio. Vino incluso.',
    },
    en: {
      title: 'Tuscan cooking class',
      subtitle: 'Fresh pasta and tiramisù, with dinner',
      shortDescription: 'Cook with a Florentine chef, then sit down to eat what you made.',
      extendedDescription:
        'In a kitchen in central Florence: hand-made pici and tagliatelle, two traditional sauces and tiramisù. Printed recipes and an apron to take home. Wine included.',
    },
    durationHours: 3,
    durationMinutes: 30,
    vat: 'standard',
    tags: ['Enogastronomia'],
    pricing: { kind: 'perPerson', minParticipants: 4, prices: { low: '79.00', mid: '89.00', high: '89.00' } },
  },
  {
    it: {
      title: 'Musei Vaticani e Cappella Sistina',
      subtitle: 'Visita guidata con ingresso riservato',
      shortDescription: 'Galleria delle Carte Geografiche, Stanze di Raffaello e Cappella Sistina.',
      extendedDescription:
        "Ingresso con prenotazione di gruppo, guida storica dell'arte, auricolari. Abbigliamento adeguato richiesto (spalle e ginocchia coperte). Basilica di San Pietro a fine visita.",
    },
    en: {
      title: 'Vatican Museums and Sistine Chapel',
      subtitle: 'Guided visit with reserved entry',
      shortDescription: 'The Gallery of Maps, the Raphael Rooms and the Sistine Chapel.',
      extendedDescription:
        "Group-reserved entry, an art historian guide and headsets. Dress code applies (shoulders and knees covered). St Peter's Basilica at the end of the visit.",
    },
    durationHours: 3,
    durationMinutes: 0,
    vat: 'standard',
    tags: ['Tour guidato', 'Arte e cultura'],
    pricing: { kind: 'perPerson', minParticipants: 2, prices: { low: '65.00', mid: '69.00', high: '75.00' } },
  },
  {
    it: {
      title: 'Minicrociera sul Lago di Como',
      subtitle: 'Bellagio, Varenna e Villa del Balbianello',
      shortDescription: 'Due ore di navigazione sul ramo centrale del lago in motoscafo.',
      extendedDescription:
        'Partenza da Como, passaggio davanti alle ville storiche, sosta di 30 minuti a Bellagio. Massimo 10 passeggeri per imbarcazione.',
    },
    en: {
      title: 'Lake Como mini-cruise',
      subtitle: 'Bellagio, Varenna and Villa del Balbianello',
      shortDescription: 'Two hours by motorboat on the central basin of the lake.',
      extendedDescription:
        'Depart from Como, cruise past the historic villas and stop for 30 minutes in Bellagio. Up to 10 passengers per boat.',
    },
    durationHours: 2,
    durationMinutes: 0,
    vat: 'reduced',
    tags: ['Gita in barca'],
    pricing: { kind: 'perPerson', minParticipants: 2, prices: { mid: '39.00', high: '45.00' } },
  },
  {
    it: {
      title: 'Guida illustrata di Firenze',
      subtitle: 'Volume a colori, 160 pagine',
      shortDescription: 'La guida cartacea che consegniamo ai clienti dei tour in Toscana.',
      extendedDescription: 'Itinerari a piedi, mappe dei musei e indirizzi di botteghe artigiane. Edizione aggiornata.',
    },
    en: {
      title: 'Illustrated guidebook of Florence',
      subtitle: 'Full-colour volume, 160 pages',
      shortDescription: 'The printed guide we hand to guests on our Tuscany tours.',
      extendedDescription: 'Walking routes, museum maps and addresses of artisan workshops. Updated edition.',
    },
    durationHours: 0,
    durationMinutes: 0,
    vat: 'minimum',
    tags: ['Pubblicazioni'],
    pricing: { kind: 'flat', priceIncludesVat: true, prices: { low: '18.00', mid: '18.00', high: '18.00' } },
  },
];

const CUSTOMERS = [
  {
    title: 'Spett.le',
    name: 'Hotel Bellavista Sorrento Srl',
    email: 'booking@hotelbellavista.example',
    phone: '+39 081 807 1234',
    contact: 'Francesca Russo',
    address: 'Via del Capo 12',
    city: 'Sorrento',
    postalCode: '80067',
    country: 'Italia',
    vatNumber: '04512340634',
    sdi: 'M5UXCR1',
    pec: 'hotelbellavista@pec.example',
    priceList: 'partners',
    tags: ['Hotel'],
  },
  {
    title: 'Spett.le',
    name: 'Sunshine Tours Ltd',
    email: 'italy@sunshinetours.example',
    phone: '+44 20 7946 0321',
    contact: 'Oliver Bennett',
    address: '221 King Street',
    city: 'London',
    postalCode: 'W6 9JT',
    country: 'Regno Unito',
    vatNumber: 'GB123456789',
    priceList: 'partners',
    tags: ['Agenzia partner'],
  },
  {
    title: 'Spett.le',
    name: 'Istituto Comprensivo Giuseppe Verdi',
    email: 'segreteria@icverdi.example',
    phone: '+39 02 4851 2200',
    contact: 'Prof.ssa Anna Colombo',
    address: 'Via Giuseppe Verdi 45',
    city: 'Milano',
    postalCode: '20121',
    country: 'Italia',
    sdi: 'UFQ3BD',
    priceList: 'groups',
    tags: ['Scuola', 'Gruppo'],
  },
  {
    title: 'Spett.le',
    name: 'Studio Legale Conti & Associati',
    email: 'segreteria@studioconti.example',
    phone: '+39 055 234 5678',
    contact: 'Avv. Roberto Conti',
    address: 'Piazza della Signoria 8',
    city: 'Firenze',
    postalCode: '50122',
    country: 'Italia',
    vatNumber: '06123450481',
    sdi: 'KRRH6B9',
    priceList: 'groups',
    tags: ['Aziendale', 'Gruppo'],
  },
  {
    title: 'Gent.mo',
    name: 'Marco Esposito',
    email: 'marco.esposito@mail.example',
    phone: '+39 333 123 4567',
    address: 'Via Toledo 156',
    city: 'Napoli',
    postalCode: '80134',
    country: 'Italia',
    tags: ['Cliente privato'],
  },
  {
    title: 'Gent.ma',
    name: 'Laura Bianchi',
    email: 'laura.bianchi@mail.example',
    phone: '+39 347 765 4321',
    city: 'Torino',
    country: 'Italia',
    tags: ['Cliente privato', 'VIP'],
  },
  {
    title: 'Dott.',
    name: 'Alessandro Ferri',
    email: 'a.ferri@mail.example',
    phone: '+39 320 555 0101',
    city: 'Bologna',
    country: 'Italia',
    tags: ['VIP'],
  },
  {
    title: 'Dott.ssa',
    name: 'Chiara Romano',
    email: 'chiara.romano@mail.example',
    phone: '+39 339 888 2020',
    city: 'Roma',
    country: 'Italia',
    tags: ['Cliente privato'],
  },
];

class ApiError extends Error {}

let token = null;

async function call(method, path, body) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(`${BASE_URL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(`cannot reach ${BASE_URL} (${error.cause?.code ?? error.message}): is Quotebook running (npm start)?`);
  }
  const text = await response.text();
  let parsed = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a proxy's error page): keep the text for the error message
  }
  return { status: response.status, body: parsed };
}

async function expectStatus(expected, method, path, body) {
  const response = await call(method, path, body);
  if (response.status !== expected) {
    const message = response.body?.message ?? response.body;
    throw new ApiError(`${method} ${path} answered ${response.status}: ${JSON.stringify(message)}`);
  }
  return response.body;
}

const created = { agency: 0, vatRates: 0, tags: 0, priceLists: 0, products: 0, periods: 0, customers: 0 };

async function ensureAgency() {
  const tenants = await expectStatus(200, 'GET', '/api/tenants');
  const existing = tenants.find((tenant) => tenant.keyword === AGENCY.keyword);
  if (existing) return existing;
  created.agency += 1;
  return expectStatus(201, 'POST', '/api/tenants', { ...AGENCY, expiryDate: `${thisYear + 2}-12-31`, enabled: true });
}

/** Finds each wanted record among the existing ones, or creates it: returns key → record. */
async function ensureAll(kind, listPath, wanted, sameRecord, payload) {
  const existing = await expectStatus(200, 'GET', listPath);
  const records = new Map();
  for (const item of wanted) {
    let record = existing.find((candidate) => sameRecord(candidate, item));
    if (!record) {
      record = await expectStatus(201, 'POST', listPath, payload(item));
      created[kind] += 1;
    }
    records.set(item.key ?? item.name, record);
  }
  return records;
}

function periodsOf(pricing) {
  const periods = [];
  for (const year of YEARS) {
    for (const [season, price] of Object.entries(pricing.prices)) {
      for (const [start, end] of SEASONS[season]) {
        periods.push({
          startDate: `${year}-${start}`,
          endDate: `${year}-${end}`,
          hasMinParticipants: Boolean(pricing.minParticipants),
          minParticipants: pricing.minParticipants ?? null,
          hasCostPerPerson: pricing.kind === 'perPerson',
          costPerPerson: pricing.kind === 'perPerson' ? price : null,
          hasFlatRate: pricing.kind === 'flat',
          flatRate: pricing.kind === 'flat' ? price : null,
          hasAdditionalCosts: Boolean(pricing.additionalCosts),
          additionalCosts: pricing.additionalCosts ?? null,
          priceIncludesVat: pricing.priceIncludesVat ?? false,
        });
      }
    }
  }
  return periods.sort((a, b) => a.startDate.localeCompare(b.startDate));
}

async function ensureProducts(base, vatRates, tagIds) {
  const existing = await expectStatus(200, 'GET', `${base}/products`);
  for (const product of PRODUCTS) {
    const fields = { durationHours: product.durationHours, durationMinutes: product.durationMinutes, vatRateId: vatRates.get(product.vat).id };
    let record = existing.find((candidate) => candidate.titles?.it === product.it.title);
    if (!record) {
      record = await expectStatus(201, 'POST', `${base}/products`, { language: 'it', ...product.it, ...fields });
      record = await expectStatus(200, 'PUT', `${base}/products/${record.id}`, { language: 'en', ...product.en, ...fields });
      created.products += 1;
    }
    await expectStatus(200, 'PUT', `${base}/products/${record.id}/tags`, { tagIds: product.tags.map((name) => tagIds.get(`product:${name}`)) });
    // a period already stored (same start) is kept as it is: an admin may have changed its prices
    const starts = new Set((record.availability ?? []).map((period) => period.startDate));
    for (const period of periodsOf(product.pricing)) {
      if (starts.has(period.startDate)) continue;
      await expectStatus(201, 'POST', `${base}/products/${record.id}/availability`, period);
      created.periods += 1;
    }
  }
  return PRODUCTS.length;
}

async function ensureCustomers(base, priceLists, tagIds) {
  const existing = await expectStatus(200, 'GET', `${base}/customers`);
  for (const { priceList, tags, ...fields } of CUSTOMERS) {
    let record = existing.find((candidate) => candidate.name === fields.name);
    if (!record) {
      record = await expectStatus(201, 'POST', `${base}/customers`, { ...fields, priceListId: priceList ? priceLists.get(priceList).id : null });
      created.customers += 1;
    }
    await expectStatus(200, 'PUT', `${base}/customers/${record.id}/tags`, { tagIds: tags.map((name) => tagIds.get(`customer:${name}`)) });
  }
  return CUSTOMERS.length;
}

async function main() {
  const login = await call('POST', '/api/auth/login', { username: SUPERADMIN_USERNAME, password: SUPERADMIN_PASSWORD });
  if (login.status !== 200) {
    throw new ApiError(`superadmin sign-in as "${SUPERADMIN_USERNAME}" failed (${login.status}): set SUPERADMIN_USERNAME and SUPERADMIN_PASSWORD`);
  }
  token = login.body.token;

  const agency = await ensureAgency();
  const base = `/api/tenants/${agency.id}`;

  const vatRates = await ensureAll('vatRates', `${base}/vat-rates`, VAT_RATES, (a, b) => a.description === b.description, ({ description, rate }) => ({ description, rate }));
  const tags = [
    ...PRODUCT_TAGS.map((tag) => ({ ...tag, key: `product:${tag.name}`, targetType: 'product' })),
    ...CUSTOMER_TAGS.map((tag) => ({ ...tag, key: `customer:${tag.name}`, targetType: 'customer' })),
  ];
  const tagRecords = await ensureAll(
    'tags',
    `${base}/tags`,
    tags,
    (a, b) => a.name === b.name && a.targetType === b.targetType,
    ({ name, targetType, description }) => ({ name, targetType, description }),
  );
  const tagIds = new Map([...tagRecords].map(([key, tag]) => [key, tag.id]));
  const priceLists = await ensureAll('priceLists', `${base}/price-lists`, PRICE_LISTS, (a, b) => a.name === b.name, ({ key: _key, ...fields }) => fields);
  const products = await ensureProducts(base, vatRates, tagIds);
  const customers = await ensureCustomers(base, priceLists, tagIds);

  console.log(`Demo agency "${AGENCY.name}" is ready at ${BASE_URL}/${AGENCY.keyword}`);
  console.log(`  sign in as ${AGENCY.adminUsername} / ${AGENCY.adminPassword}${created.agency ? '' : ' (unless that password was changed since the first seed)'}`);
  console.log(
    `  ${VAT_RATES.length} VAT rates, ${tags.length} tags, ${PRICE_LISTS.length} price lists, ${products} products, ${customers} customers`,
  );
  const added = Object.entries(created).filter(([, count]) => count > 0);
  console.log(added.length ? `  created now: ${added.map(([kind, count]) => `${count} ${kind}`).join(', ')}` : '  nothing was missing: nothing created');
}

try {
  await main();
} catch (error) {
  console.error(`seed:demo failed: ${error instanceof ApiError ? error.message : error.stack}`);
  process.exit(1);
}
