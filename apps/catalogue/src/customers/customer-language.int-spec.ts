import type { CustomerDto } from '@quotebook/contracts';
import { LOOP_MESSAGES } from '@quotebook/domain';
import { randomUUID } from 'node:crypto';
import { adminOf, insertTenant, registerSession, rpcError, useCatalogueHarness, userOf } from '../test/catalogue-harness';
import { CustomersService } from './customers.service';

/** A customer's language: one of the agency's, asked from tenancy (its own process), Italian by default. */
describe(`${CustomersService.name} language`, () => {
  const harness = useCatalogueHarness({ withTenancy: true });
  let sut: CustomersService;
  let tenantId: string;

  beforeAll(async () => {
    sut = harness.get(CustomersService);
    tenantId = await insertTenant(harness.databaseUrl, `lingue-${randomUUID().slice(0, 8)}`, ['it', 'en']);
  });

  const base = { title: 'Spett.le', name: 'Hotel Lago', email: 'info@lago.test' };
  const admin = () => registerSession(adminOf(tenantId));
  const create = async (dto: Partial<CustomerDto> = {}) => sut.create(await admin(), tenantId, { ...base, ...dto } as CustomerDto);
  const stored = async (id: string) => (await harness.query<{ language: string }>('SELECT language FROM catalogue.customers WHERE id = $1', [id]))[0].language;

  it("is Italian when a client leaves it out, and an update that leaves it out keeps the customer's", async () => {
    const italian = await create();
    expect(italian.language).toBe('it');
    const english = await create({ language: 'en' });
    expect(english.language).toBe('en');
    const updated = await sut.update(await admin(), tenantId, english.id, { ...base, city: 'Como' } as CustomerDto);
    expect(updated).toMatchObject({ city: 'Como', language: 'en' });
    expect(await sut.get(userOf(tenantId), tenantId, english.id)).toMatchObject({ language: 'en' });
    expect((await sut.list(userOf(tenantId), tenantId)).items.find((each) => each.id === english.id)?.language).toBe('en');
  });

  it("refuses a language the agency does not offer, naming language, and changes nothing", async () => {
    const name = `Kunde ${randomUUID()}`;
    expect(await rpcError(create({ name, language: 'de' }))).toMatchObject({ statusCode: 400, message: [LOOP_MESSAGES.languageNotOffered] });
    expect(await harness.query('SELECT id FROM catalogue.customers WHERE name = $1', [name])).toEqual([]);

    const customer = await create({ language: 'en' });
    const refused = await rpcError(sut.update(await admin(), tenantId, customer.id, { ...base, language: 'de' } as CustomerDto));
    expect(refused).toMatchObject({ statusCode: 400, message: [LOOP_MESSAGES.languageNotOffered] });
    expect(await stored(customer.id)).toBe('en');
  });

  it('keeps a language the agency stopped offering while the customer is edited without changing it', async () => {
    const customer = await create();
    await harness.query(`UPDATE catalogue.customers SET language = 'fr' WHERE id = $1`, [customer.id]);
    const updated = await sut.update(await admin(), tenantId, customer.id, { ...base, language: 'fr', city: 'Lione' } as CustomerDto);
    expect(updated).toMatchObject({ language: 'fr', city: 'Lione' });
  });
});
