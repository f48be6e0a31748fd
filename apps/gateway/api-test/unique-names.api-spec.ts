import { Agency, createAgency, created } from './catalogue-fixtures';
import { api, superadminToken } from './http';

/**
 * Within one agency, two tags of the same type, or two VAT rates, cannot share a name: compared without
 * regard to case or surrounding spaces, on create and on update, also when the requests race.
 */
let root: string;
let agency: Agency;
let other: Agency;

const TAG_TAKEN = { statusCode: 409, message: 'A tag with this name already exists', error: 'Conflict', reason: 'TAG_NAME_TAKEN' };
const VAT_TAKEN = {
  statusCode: 409,
  message: 'A VAT rate with this description already exists',
  error: 'Conflict',
  reason: 'VAT_RATE_DESCRIPTION_TAKEN',
};

beforeAll(async () => {
  root = await superadminToken();
  [agency, other] = await Promise.all([createAgency(root), createAgency(root)]);
});

const tags = (of: Agency) => `${of.base}/tags`;
const vatRates = (of: Agency) => `${of.base}/vat-rates`;

describe('tag names', () => {
  it.each(['Mare', 'mare', 'MARE', '  Mare  ', 'mAre '])('a second product tag named %j: 409 naming the name', async (name) => {
    await created(agency.adminToken, tags(agency), { name: 'Mare', targetType: 'product' }).catch(() => undefined);
    const response = await api('POST', tags(agency), { token: agency.adminToken, body: { name, targetType: 'product' } });
    expect(response.body).toEqual(TAG_TAKEN);
    const list = await api('GET', `${tags(agency)}/product`, { token: agency.adminToken });
    expect(list.body.filter((tag: { name: string }) => tag.name.trim().toLowerCase() === 'mare')).toHaveLength(1);
  });

  it('the same name may serve the other type, and another agency', async () => {
    await created(agency.adminToken, tags(agency), { name: 'Lago', targetType: 'product' });
    await expect(created(agency.adminToken, tags(agency), { name: 'Lago', targetType: 'customer' })).resolves.toBeDefined();
    await expect(created(other.adminToken, tags(other), { name: 'Lago', targetType: 'product' })).resolves.toBeDefined();
  });

  it('renaming a tag to a name its type already has: 409, the tag unchanged; changing its own case is fine', async () => {
    await created(agency.adminToken, tags(agency), { name: 'Montagna', targetType: 'product' });
    const hills = await created(agency.adminToken, tags(agency), { name: 'Colline', targetType: 'product' });
    const clash = await api('PUT', `${tags(agency)}/${hills.id}`, { token: agency.adminToken, body: { name: ' montagna', targetType: 'product' } });
    expect(clash.body).toEqual(TAG_TAKEN);
    const own = await api('PUT', `${tags(agency)}/${hills.id}`, { token: agency.adminToken, body: { name: 'COLLINE', targetType: 'product' } });
    expect(own.status).toBe(200);
    expect(own.body.name).toBe('COLLINE');
  });

  it('moving a tag to the type where its name is taken: 409', async () => {
    await created(agency.adminToken, tags(agency), { name: 'Famiglie', targetType: 'customer' });
    const families = await created(agency.adminToken, tags(agency), { name: 'Famiglie', targetType: 'product' });
    const moved = await api('PUT', `${tags(agency)}/${families.id}`, { token: agency.adminToken, body: { name: 'Famiglie', targetType: 'customer' } });
    expect(moved.body).toEqual(TAG_TAKEN);
  });

  it('of requests racing for one name, exactly one creates the tag', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api('POST', tags(agency), { token: agency.adminToken, body: { name: 'Isole', targetType: 'product' } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.reason === 'TAG_NAME_TAKEN')).toBe(true);
  });
});

describe('VAT rate descriptions', () => {
  it.each(['IVA ordinaria', 'iva ordinaria', ' IVA ORDINARIA '])('a second VAT rate described %j: 409 naming the description', async (description) => {
    await created(agency.adminToken, vatRates(agency), { description: 'IVA ordinaria', rate: 22 }).catch(() => undefined);
    const response = await api('POST', vatRates(agency), { token: agency.adminToken, body: { description, rate: 10 } });
    expect(response.body).toEqual(VAT_TAKEN);
  });

  it('another agency may use the same description', async () => {
    await created(agency.adminToken, vatRates(agency), { description: 'Esente', rate: 0 });
    await expect(created(other.adminToken, vatRates(other), { description: 'Esente', rate: 0 })).resolves.toBeDefined();
  });

  it('changing a description to one the agency has: 409, the rate unchanged; a new rate under its own description is fine', async () => {
    await created(agency.adminToken, vatRates(agency), { description: 'IVA ridotta', rate: 10 });
    const minimum = await created(agency.adminToken, vatRates(agency), { description: 'IVA minima', rate: 4 });
    const clash = await api('PUT', `${vatRates(agency)}/${minimum.id}`, { token: agency.adminToken, body: { description: 'iva ridotta ', rate: 4 } });
    expect(clash.body).toEqual(VAT_TAKEN);
    const list = await api('GET', vatRates(agency), { token: agency.adminToken });
    expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: minimum.id, description: 'IVA minima' })]));
    const own = await api('PUT', `${vatRates(agency)}/${minimum.id}`, { token: agency.adminToken, body: { description: 'IVA minima', rate: 5 } });
    expect([own.status, own.body.rate]).toEqual([200, '5.00']);
  });
});
