// The agencies the soak works in, made through the public API as an agency sets itself up (see
// tools/scripts/seed-demo.mjs): the superadmin creates the agency and its admin (bench-kit's
// createAgency), the admin adds VAT rates, tags, a price list, products with their availability and
// tags, customers with theirs, a tenant user, and quotes with items. Every agency gets its starter
// layout and templates from the documents service on its own (tenant.created).
import { call, createAgency } from '../bench/bench-kit.mjs';
import { between, romeDate, seededRandom } from './soak-mix.js';

const PRODUCTS = [
  ['Tour guidato del Colosseo', 'Accesso prioritario e guida', 3, 0],
  ['Transfer aeroporto – centro', 'Auto privata con autista', 1, 0],
  ['Giro in barca di Capri', 'Partenza da Sorrento', 8, 0],
  ['Degustazione nel Chianti', 'Due cantine e pranzo leggero', 5, 30],
  ['Escursione sul Vesuvio', 'Salita al cratere con guida', 4, 0],
  ['Corso di cucina toscana', 'Pasta fresca e tiramisù', 3, 30],
  ['Musei Vaticani e Cappella Sistina', 'Ingresso riservato', 3, 0],
  ['Minicrociera sul Lago di Como', 'Bellagio e Varenna', 2, 0],
  ['Visita di Pompei', 'Scavi e Villa dei Misteri', 4, 0],
  ['Trekking alle Cinque Terre', 'Sentiero Azzurro', 6, 0],
  ['Gita in gondola a Venezia', 'Canal Grande e rii minori', 0, 45],
  ['Guida illustrata di Firenze', 'Volume a colori', 0, 0],
];
const SURNAMES = ['Rossi', 'Bianchi', 'Ferrari', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'Costa', 'Giordano', 'Rizzo'];
const KINDS = ['Hotel', 'Agenzia', 'Scuola', 'Studio', 'Famiglia'];
const CITIES = ['Roma', 'Milano', 'Napoli', 'Firenze'];
const SUBJECTS = ['Gita scolastica', 'Tour enogastronomico', 'Visita guidata', 'Escursione in barca', 'Transfer di gruppo'];
const STATUSES = ['pending', 'pending', 'pending', 'waiting', 'confirmed', 'confirmed', 'cancelled', 'closed'];
/** Quotes made for each agency before the load: what its lists, searches and documents read. */
export const QUOTES_PER_AGENCY = 20;
export const CUSTOMERS_PER_AGENCY = 15;
const TENANT_USER_PASSWORD = 'soak-user-1';

/** A product's body as the product dialog sends it (its Italian texts); `note` varies the subtitle of an edit. */
export function productBody(index, vatRateId, note = '') {
  const [title, subtitle, durationHours, durationMinutes] = PRODUCTS[index % PRODUCTS.length];
  return {
    language: 'it',
    title,
    subtitle: `${subtitle}${note}`,
    shortDescription: `${title}: ${subtitle.toLowerCase()}.`,
    extendedDescription: `Incontro con la guida, ${subtitle.toLowerCase()}, rientro al punto di partenza. Prenotazione obbligatoria.`,
    durationHours,
    durationMinutes,
    vatRateId,
  };
}

/** A customer's body as the customer dialog sends it. */
export function customerBody(index, priceListId, phone = `+39 06 555 ${String(1000 + index)}`) {
  const name = `${KINDS[index % KINDS.length]} ${SURNAMES[index % SURNAMES.length]} ${index + 1}`;
  return {
    title: 'Spett.le',
    name,
    email: `info${index + 1}@cliente${index + 1}.example`,
    phone,
    contact: 'Ufficio prenotazioni',
    address: `Via Roma ${index + 1}`,
    city: CITIES[index % CITIES.length],
    postalCode: '00100',
    country: 'Italia',
    priceListId,
  };
}

/** A quote's items as the creation dialog sends them: 1 to `max` different products, priced by the server. */
export function quoteItems(productIds, random, max = 3) {
  const count = between(1, Math.min(max, productIds.length), random);
  const start = between(0, productIds.length - 1, random);
  return Array.from({ length: count }, (_, offset) => ({ productId: productIds[(start + offset) % productIds.length], quantity: between(1, 12, random) }));
}

/**
 * The agencies with their admin and tenant user, made one after the other (each is a few password
 * hashes, which a busy machine takes seconds for: several at once would pass the gateway's wait for
 * the services), then filled `atOnce` at a time. Each is ready for the load: { tenantId, admin, user
 * (credentials), customers [{ id, body }], products [{ id, body }], quoteIds }. `id` makes their
 * names unique.
 */
export async function seedAgencies(base, id, count, atOnce) {
  const created = [];
  for (let index = 0; index < count; index += 1) {
    const agency = await createAgency(base, `${id}-${index + 1}`);
    const user = { username: `${agency.admin.username}-user`, password: TENANT_USER_PASSWORD };
    await call(base, 'POST', '/api/users', {
      token: agency.token,
      body: { ...user, name: 'Luca Verdi', email: `${user.username}@example.com`, role: 'tenant_user', tenantId: agency.tenant.id },
    });
    created.push({ ...agency, user });
  }
  const agencies = new Array(count);
  let next = 0;
  const filler = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      agencies[index] = await fillAgency(base, created[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, count) }, filler));
  return agencies;
}

/** What an agency's admin sets up before work starts, then the agency's first quotes. */
async function fillAgency(base, { tenant, admin, user, token }, index) {
  const random = seededRandom(index + 1);
  const route = `/api/tenants/${tenant.id}`;
  const post = (path, body) => call(base, 'POST', `${route}${path}`, { token, body });
  const put = (path, body) => call(base, 'PUT', `${route}${path}`, { token, body });
  const year = Number(romeDate().slice(0, 4));

  const vatRates = [];
  for (const [description, rate] of [['IVA ordinaria 22%', 22], ['IVA ridotta 10%', 10], ['IVA minima 4%', 4]]) vatRates.push(await post('/vat-rates', { description, rate }));
  const productTags = [];
  for (const name of ['Tour guidato', 'Gita in barca', 'Enogastronomia']) productTags.push(await post('/tags', { name, targetType: 'product' }));
  const customerTags = [];
  for (const name of ['Hotel', 'Scuola']) customerTags.push(await post('/tags', { name, targetType: 'customer' }));
  const priceList = await post('/price-lists', {
    name: 'Listino partner', startDate: `${year - 1}-01-01`, endDate: `${year + 1}-12-31`, reductionPercentage: 10, isActive: true,
  });

  const products = [];
  for (let n = 0; n < PRODUCTS.length; n += 1) {
    const body = productBody(n, vatRates[n % vatRates.length].id);
    const product = await post('/products', body);
    // last year and this one, then next year: every service date the soak sends is priced
    for (const [startDate, endDate, cost] of [[`${year - 1}-01-01`, `${year}-12-31`, 40 + n * 5], [`${year + 1}-01-01`, `${year + 1}-12-31`, 45 + n * 5]]) {
      await post(`/products/${product.id}/availability`, {
        startDate, endDate, hasMinParticipants: n % 3 === 0, minParticipants: n % 3 === 0 ? 2 : null, hasCostPerPerson: n % 4 !== 1,
        costPerPerson: n % 4 !== 1 ? cost : null, hasFlatRate: n % 4 === 1, flatRate: n % 4 === 1 ? cost * 2 : null,
        hasAdditionalCosts: false, additionalCosts: null, priceIncludesVat: n === PRODUCTS.length - 1,
      });
    }
    await put(`/products/${product.id}/tags`, { tagIds: [productTags[n % productTags.length].id] });
    products.push({ id: product.id, body });
  }

  const customers = [];
  for (let n = 0; n < CUSTOMERS_PER_AGENCY; n += 1) {
    const body = customerBody(n, n % 3 === 0 ? priceList.id : null);
    const customer = await post('/customers', body);
    await put(`/customers/${customer.id}/tags`, { tagIds: [customerTags[n % customerTags.length].id] });
    customers.push({ id: customer.id, body });
  }

  const productIds = products.map((product) => product.id);
  const quoteIds = [];
  for (let n = 0; n < QUOTES_PER_AGENCY; n += 1) {
    const quote = await post('/quotes', {
      customerId: customers[n % customers.length].id,
      subject: `${SUBJECTS[n % SUBJECTS.length]} ${n + 1}`,
      serviceDate: romeDate(between(-60, 120, random)),
      status: STATUSES[n % STATUSES.length],
      items: quoteItems(productIds, random, 4),
    });
    quoteIds.push(quote.id);
  }
  return { tenantId: tenant.id, admin, user, customers, products, quoteIds };
}
