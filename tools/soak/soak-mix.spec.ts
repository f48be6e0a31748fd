type Role = 'tenant_admin' | 'tenant_user' | 'superadmin';
type Abilities = Record<'ownQuote' | 'ownItem' | 'removableItem' | 'roomForQuote' | 'roomForItem', boolean>;
interface OwnQuote {
  id: string;
  items: { id: string; productId: string }[];
}

const mix = require('./soak-mix.js') as {
  ACTIONS: { key: string; weights: Record<Role, number>; needs?: (keyof Abilities)[] }[];
  CALLS: { key: string; label: string; status: number }[];
  OWN_QUOTES_PER_AGENCY: number;
  OWN_QUOTE_ITEMS: number;
  ROLE_WEIGHTS: Record<Role, number>;
  SESSION_ACTIONS: { min: number; max: number };
  abilities(own: OwnQuote[]): Abilities;
  nextSession(turn: number, agencies: number, random: () => number): { role: Role; agency: number; actions: number };
  pickAction(role: Role, able: Abilities, random: () => number): string | undefined;
  quoteFilters(customerIds: string[], random: () => number, now?: number): Record<string, string | number>;
  searchTerm(customerNames: string[], random: () => number, now?: number): string;
  seededRandom(seed: number): () => number;
  weightedPick<T>(entries: [T, number][], random: () => number): T | undefined;
};

const EVERYTHING: Abilities = { ownQuote: true, ownItem: true, removableItem: true, roomForQuote: true, roomForItem: true };
const NOTHING_OWN: Abilities = { ownQuote: false, ownItem: false, removableItem: false, roomForQuote: true, roomForItem: false };
const ADMIN_ONLY = ['dashboard', 'editCustomer', 'editProduct'];
const WRITES = ['editCustomer', 'editProduct', 'newQuote', 'updateQuote', 'addItem', 'changeItem', 'removeItem', 'replaceItems', 'deleteQuote'];

/** How often each action comes up in `draws` picks. */
function frequencies(role: Role, able: Abilities, draws: number, seed = 7): Map<string, number> {
  const random = mix.seededRandom(seed);
  const counts = new Map<string, number>();
  for (let n = 0; n < draws; n += 1) {
    const action = mix.pickAction(role, able, random)!;
    counts.set(action, (counts.get(action) ?? 0) + 1);
  }
  return counts;
}

const quote = (items: number): OwnQuote => ({ id: `q${items}`, items: Array.from({ length: items }, (_, n) => ({ id: `i${n}`, productId: `p${n}` })) });

describe('the soak mix', () => {
  it('picks actions in proportion to their weights for the role', () => {
    const draws = 60_000;
    for (const role of ['tenant_admin', 'tenant_user', 'superadmin'] as const) {
      const counts = frequencies(role, EVERYTHING, draws);
      const total = mix.ACTIONS.reduce((sum, action) => sum + action.weights[role], 0);
      for (const action of mix.ACTIONS) {
        const share = (counts.get(action.key) ?? 0) / draws;
        expect({ action: action.key, role, share: Math.abs(share - action.weights[role] / total) < 0.01 }).toEqual({ action: action.key, role, share: true });
      }
    }
  });

  it("never gives a tenant user the admin's actions, nor the superadmin a write", () => {
    const user = frequencies('tenant_user', EVERYTHING, 20_000);
    const superadmin = frequencies('superadmin', EVERYTHING, 20_000);

    expect(ADMIN_ONLY.filter((action) => user.has(action))).toEqual([]);
    expect(WRITES.filter((action) => superadmin.has(action))).toEqual([]);
    expect(superadmin.get('tenantsList')).toBeGreaterThan(0);
    expect(frequencies('tenant_admin', EVERYTHING, 20_000).has('tenantsList')).toBe(false);
  });

  it('changes only quotes the virtual user made, and makes none past its limit', () => {
    const withoutOwn = frequencies('tenant_admin', NOTHING_OWN, 20_000);
    expect(['updateQuote', 'addItem', 'changeItem', 'removeItem', 'replaceItems', 'deleteQuote'].filter((action) => withoutOwn.has(action))).toEqual([]);
    expect(withoutOwn.get('newQuote')).toBeGreaterThan(0);

    const full = mix.abilities(Array.from({ length: mix.OWN_QUOTES_PER_AGENCY }, () => quote(1)));
    expect(full).toEqual({ ownQuote: true, ownItem: true, removableItem: false, roomForQuote: false, roomForItem: true });
    const atLimit = frequencies('tenant_user', full, 20_000);
    expect(atLimit.has('newQuote')).toBe(false);
    expect(atLimit.has('removeItem')).toBe(false);
    expect(atLimit.get('deleteQuote')).toBeGreaterThan(0);

    expect(mix.abilities([quote(mix.OWN_QUOTE_ITEMS)])).toMatchObject({ roomForItem: false, removableItem: true });
    expect(mix.abilities([])).toEqual(NOTHING_OWN);
  });

  it('lists every action the mix can pick among the calls, which say what status each must answer', () => {
    const calls = new Set(mix.CALLS.map((call) => call.key));
    expect(mix.ACTIONS.map((action) => action.key).filter((key) => !calls.has(key))).toEqual([]);
    expect(mix.CALLS.filter((call) => ['newQuote', 'addItem'].includes(call.key)).map((call) => call.status)).toEqual([201, 201]);
    expect(mix.CALLS.filter((call) => ['removeItem', 'deleteQuote'].includes(call.key)).map((call) => call.status)).toEqual([204, 204]);
  });

  it('starts sessions that take the agencies in turn, with every role in its share', () => {
    const random = mix.seededRandom(3);
    const sessions = Array.from({ length: 20_000 }, (_, turn) => mix.nextSession(turn, 20, random));

    expect(sessions.slice(0, 21).map((session) => session.agency)).toEqual([...Array.from({ length: 20 }, (_, n) => n), 0]);
    const total = Object.values(mix.ROLE_WEIGHTS).reduce((sum, weight) => sum + weight, 0);
    for (const [role, weight] of Object.entries(mix.ROLE_WEIGHTS)) {
      const share = sessions.filter((session) => session.role === role).length / sessions.length;
      expect(Math.abs(share - weight / total)).toBeLessThan(0.01);
    }
    const lengths = sessions.map((session) => session.actions);
    expect(Math.min(...lengths)).toBe(mix.SESSION_ACTIONS.min);
    expect(Math.max(...lengths)).toBe(mix.SESSION_ACTIONS.max);
  });

  it("sends the quotes list's filters as its filter row does, with a page", () => {
    const random = mix.seededRandom(11);
    const now = Date.parse('2026-03-15T12:00:00Z');
    const seen = new Set<string>();
    for (let n = 0; n < 500; n += 1) {
      const { limit, offset, ...filters } = mix.quoteFilters(['c1', 'c2'], random, now);
      expect({ limit, offset }).toEqual({ limit: 25, offset: 0 });
      expect(Object.keys(filters).length).toBeGreaterThan(0);
      if ('from' in filters) expect(filters).toMatchObject({ from: '2026-02-13', to: '2026-05-14' });
      if ('status' in filters) expect(['pending', 'confirmed', 'cancelled']).toContain(filters['status']);
      if ('customerId' in filters) expect(['c1', 'c2']).toContain(filters['customerId']);
      Object.keys(filters).forEach((key) => seen.add(key));
    }
    expect([...seen].sort()).toEqual(['customerId', 'from', 'status', 'to']);
  });

  it('searches for what people type: a name, a word of a subject, a status, a date', () => {
    const random = mix.seededRandom(5);
    const terms = new Set(Array.from({ length: 400 }, () => mix.searchTerm(['Hotel Rossi 1', 'Scuola Verdi 2'], random, Date.parse('2026-03-15T12:00:00Z'))));

    expect(terms).toContain('hotel');
    expect(terms).toContain('pending');
    expect([...terms].some((term) => /^2026-0[3-6]-\d\d$/.test(term))).toBe(true);
    expect([...terms].every((term) => term.length > 0 && term.length <= 200)).toBe(true);
  });

  it('repeats the same choices for the same seed', () => {
    const draw = (seed: number) => {
      const random = mix.seededRandom(seed);
      return Array.from({ length: 50 }, () => mix.pickAction('tenant_admin', EVERYTHING, random));
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(mix.weightedPick([['never', 0]], Math.random)).toBeUndefined();
  });
});
