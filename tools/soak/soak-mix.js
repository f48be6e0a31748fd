/**
 * The soak's workload, without any I/O: who signs in, what each role does in a session and how often,
 * and the values its calls send. soak.mjs carries the actions out over HTTP.
 *
 * A virtual user works in sessions, as people do: it signs in (sign-in and the current-user call the
 * app makes at start), takes SESSION_ACTIONS actions picked by the weights of its role, and signs out
 * (the token is revoked). Sessions go round the agencies, so every agency and every role is used; a
 * superadmin session looks at one agency besides the tenants list.
 *
 * A virtual user changes only quotes it made itself (its "own" quotes, per agency), so that no two
 * users race for one quote's version: a 409 would be a failure of the soak, not of the product. It
 * keeps at most OWN_QUOTES_PER_AGENCY of them and deletes as it goes, so the tables reach a steady
 * size and what the memory figures show is not the data growing.
 */

const ROLES = ['tenant_admin', 'tenant_user', 'superadmin'];

/** Share of the sessions per role: the agencies' people work, the platform's operator looks in now and then. */
const ROLE_WEIGHTS = { tenant_admin: 45, tenant_user: 45, superadmin: 10 };

/** Actions per session, inclusive. */
const SESSION_ACTIONS = { min: 15, max: 40 };

/** Quotes a virtual user keeps of its own in one agency; at the limit it deletes before it makes more. */
const OWN_QUOTES_PER_AGENCY = 12;
/** Items of an own quote at most: adding stops there (a quote may hold 200; one product appears once, of 12). */
const OWN_QUOTE_ITEMS = 8;

/**
 * What a session does, each with its weight per role (0: never) and what it needs:
 *   ownQuote       a quote of its own in the session's agency
 *   ownItem        one with an item
 *   removableItem  one with two items at least (a quote keeps one item, so its documents have a table)
 *   roomForQuote   fewer than OWN_QUOTES_PER_AGENCY own quotes
 *   roomForItem    an own quote with fewer than OWN_QUOTE_ITEMS items
 * Documents are the rarest (a PDF takes a browser a third of a second), lists and reads the most common.
 */
const ACTIONS = [
  { key: 'quotesList', weights: { tenant_admin: 12, tenant_user: 16, superadmin: 6 } },
  { key: 'quotesFiltered', weights: { tenant_admin: 7, tenant_user: 9, superadmin: 2 } },
  { key: 'quotesSearch', weights: { tenant_admin: 6, tenant_user: 8, superadmin: 2 } },
  { key: 'openQuote', weights: { tenant_admin: 10, tenant_user: 12, superadmin: 4 } },
  { key: 'dashboard', weights: { tenant_admin: 6, tenant_user: 0, superadmin: 4 } },
  { key: 'productsList', weights: { tenant_admin: 5, tenant_user: 3, superadmin: 2 } },
  { key: 'customersList', weights: { tenant_admin: 5, tenant_user: 3, superadmin: 2 } },
  { key: 'editCustomer', weights: { tenant_admin: 4, tenant_user: 0, superadmin: 0 } },
  { key: 'editProduct', weights: { tenant_admin: 3, tenant_user: 0, superadmin: 0 } },
  { key: 'newQuote', weights: { tenant_admin: 5, tenant_user: 6, superadmin: 0 }, needs: ['roomForQuote'] },
  { key: 'updateQuote', weights: { tenant_admin: 4, tenant_user: 5, superadmin: 0 }, needs: ['ownQuote'] },
  { key: 'addItem', weights: { tenant_admin: 3, tenant_user: 4, superadmin: 0 }, needs: ['roomForItem'] },
  { key: 'changeItem', weights: { tenant_admin: 3, tenant_user: 4, superadmin: 0 }, needs: ['ownItem'] },
  { key: 'removeItem', weights: { tenant_admin: 2, tenant_user: 2, superadmin: 0 }, needs: ['removableItem'] },
  { key: 'replaceItems', weights: { tenant_admin: 2, tenant_user: 2, superadmin: 0 }, needs: ['ownQuote'] },
  { key: 'deleteQuote', weights: { tenant_admin: 2, tenant_user: 2, superadmin: 0 }, needs: ['ownQuote'] },
  { key: 'preview', weights: { tenant_admin: 3, tenant_user: 3, superadmin: 1 } },
  { key: 'pdf', weights: { tenant_admin: 1, tenant_user: 1, superadmin: 0 } },
  { key: 'word', weights: { tenant_admin: 0.5, tenant_user: 0.5, superadmin: 0 } },
  { key: 'tenantsList', weights: { tenant_admin: 0, tenant_user: 0, superadmin: 8 } },
  { key: 'tenantAdmin', weights: { tenant_admin: 0, tenant_user: 0, superadmin: 3 } },
];

/**
 * The HTTP calls the actions make, in the order the table prints them, with the status each must
 * answer: any other is a failure.
 */
const CALLS = [
  ['signIn', 'sign in', 200],
  ['me', 'current user', 200],
  ['signOut', 'sign out', 200],
  ['tenantsList', 'tenants list (superadmin)', 200],
  ['tenantAdmin', "agency's admin (superadmin)", 200],
  ['dashboard', 'dashboard', 200],
  ['quotesList', 'quotes list, a page', 200],
  ['quotesFiltered', 'quotes list, filtered', 200],
  ['quotesSearch', 'quotes search', 200],
  ['openQuote', 'open a quote', 200],
  ['productsList', 'products list', 200],
  ['customersList', 'customers list', 200],
  ['editCustomer', 'edit a customer', 200],
  ['editProduct', 'edit a product', 200],
  ['newQuote', 'new quote', 201],
  ['updateQuote', 'update a quote', 200],
  ['addItem', 'add an item', 201],
  ['changeItem', 'change an item', 200],
  ['removeItem', 'remove an item', 204],
  ['replaceItems', "replace a quote's items", 200],
  ['deleteQuote', 'delete a quote', 204],
  ['layoutsList', 'layouts list', 200],
  ['preview', 'document preview (HTML)', 200],
  ['pdf', 'document PDF', 200],
  ['word', 'document Word', 200],
].map(([key, label, status]) => ({ key, label, status }));

/** A small seeded generator (mulberry32): the same --seed gives the same sequence of choices. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of `entries` ([value, weight] pairs), with probability in proportion to its weight; undefined when none weighs. */
function weightedPick(entries, random) {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  if (total <= 0) return undefined;
  let point = random() * total;
  for (const [value, weight] of entries) {
    if (weight <= 0) continue;
    if (point < weight) return value;
    point -= weight;
  }
  return entries.filter(([, weight]) => weight > 0).at(-1)[0];
}

const pickFrom = (values, random) => values[Math.floor(random() * values.length)];
const between = (min, max, random) => min + Math.floor(random() * (max - min + 1));

/**
 * The session a virtual user starts: its role by ROLE_WEIGHTS, and the agency by a counter shared by
 * all virtual users, so that the agencies take turns whatever the number of users.
 */
function nextSession(turn, agencies, random) {
  return { role: weightedPick(Object.entries(ROLE_WEIGHTS), random), agency: turn % agencies, actions: between(SESSION_ACTIONS.min, SESSION_ACTIONS.max, random) };
}

/**
 * What the user's own quotes in the session's agency allow (see ACTIONS' needs); `own` is the list of
 * those quotes, each with its items ([{ id, productId }]).
 */
function abilities(own) {
  return {
    ownQuote: own.length > 0,
    ownItem: own.some((quote) => quote.items.length > 0),
    removableItem: own.some((quote) => quote.items.length >= 2),
    roomForQuote: own.length < OWN_QUOTES_PER_AGENCY,
    roomForItem: own.some((quote) => quote.items.length < OWN_QUOTE_ITEMS),
  };
}

/** The next action of a session of `role`, among those whose needs `able` meets. */
function pickAction(role, able, random) {
  if (!ROLES.includes(role)) throw new Error(`unknown role ${role}`);
  const possible = ACTIONS.filter((action) => (action.needs ?? []).every((need) => able[need]));
  return weightedPick(possible.map((action) => [action.key, action.weights[role]]), random);
}

/** Dates as the business sees them (Europe/Rome), YYYY-MM-DD, `days` from `now`. */
function romeDate(days = 0, now = Date.now()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now + days * 86_400_000));
}

/** What the quotes list's filter row sends (QuoteListQueryDto), one to three filters at once, with the page. */
function quoteFilters(customerIds, random, now = Date.now()) {
  const filters = {};
  const choices = [
    () => (filters.status = pickFrom(['pending', 'confirmed', 'cancelled'], random)),
    () => Object.assign(filters, { from: romeDate(-30, now), to: romeDate(60, now) }),
    () => (filters.customerId = pickFrom(customerIds, random)),
  ];
  // a Fisher-Yates shuffle of the choices, then the first `wanted` of them
  for (let index = choices.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [choices[index], choices[other]] = [choices[other], choices[index]];
  }
  for (const choice of choices.slice(0, between(1, choices.length, random))) choice();
  return { ...filters, limit: 25, offset: 0 };
}

/** What people type in the quotes search: a customer's name, a subject's word, a status, a date. */
function searchTerm(customerNames, random, now = Date.now()) {
  const kind = between(0, 3, random);
  if (kind === 0) return pickFrom(customerNames, random).split(' ')[0].toLowerCase();
  if (kind === 1) return pickFrom(['gita', 'tour', 'visita', 'escursione', 'transfer'], random);
  if (kind === 2) return pickFrom(['pending', 'confirmed'], random);
  return romeDate(between(1, 90, random), now);
}

module.exports = {
  ACTIONS,
  CALLS,
  OWN_QUOTE_ITEMS,
  OWN_QUOTES_PER_AGENCY,
  ROLE_WEIGHTS,
  ROLES,
  SESSION_ACTIONS,
  abilities,
  between,
  nextSession,
  pickAction,
  pickFrom,
  quoteFilters,
  romeDate,
  searchTerm,
  seededRandom,
  weightedPick,
};
