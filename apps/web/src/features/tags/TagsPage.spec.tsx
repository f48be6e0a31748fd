import type { TagView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aTag, gatewayError, json, on } from '../../test/gateway-stub';
import { answerDeleteConfirmation } from '../../test/confirm';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { filterTags, sameTagIds, tagFormFrom, tagRequestFrom, validateTagForm } from './tag-form';

const LIST = '/api/tenants/tenant-1/tags';
const tags = [
  aTag({ id: 'tag-1', name: 'Arte e cultura', targetType: 'product', description: 'Musei e monumenti' }),
  aTag({ id: 'tag-2', name: 'Scuole', targetType: 'customer' }),
];

afterEach(() => jest.restoreAllMocks());

describe('tag form', () => {
  it('names both required fields with the spec texts', () => {
    expect(validateTagForm({ name: ' ', targetType: '', description: '' })).toEqual({
      name: 'Tag name is required',
      targetType: 'Target type is required',
    });
    expect(validateTagForm({ name: 'Mare', targetType: 'product', description: '' })).toEqual({});
  });

  it('starts a new tag with the filtered type and sends an empty description as null', () => {
    expect(tagFormFrom(undefined, 'customer').targetType).toBe('customer');
    expect(tagFormFrom(undefined, 'all').targetType).toBe('');
    expect(tagRequestFrom({ name: ' Mare ', targetType: 'product', description: '  ' })).toEqual({
      name: 'Mare',
      targetType: 'product',
      description: null,
    });
  });

  it('filters by type and compares selections in any order', () => {
    expect(filterTags(tags, 'customer').map((tag) => tag.id)).toEqual(['tag-2']);
    expect(filterTags(tags, 'all')).toHaveLength(2);
    expect(sameTagIds(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameTagIds(['a'], ['a', 'b'])).toBe(false);
  });
});

describe('tags page', () => {
  it('lists name, type badge and description, filtered by type', async () => {
    renderTenantPage('/sole/tags', [on('GET', LIST, () => json(tags))]);

    const row = (await screen.findByText('Arte e cultura')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Product')).toBeTruthy();
    expect(within(row).getByText('Musei e monumenti')).toBeTruthy();
    const filter = screen.getByLabelText('Type') as HTMLSelectElement;
    expect([...filter.options].map((option) => option.text)).toEqual(['All Tags', 'Products', 'Customers']);

    fireEvent.change(filter, { target: { value: 'customer' } });
    expect(screen.queryByText('Arte e cultura')).toBeNull();
    expect(screen.getByText('Scuole')).toBeTruthy();
  });

  it('checks the form, then creates the tag', async () => {
    const list: TagView[] = [];
    const { requests } = renderTenantPage('/sole/tags', [
      on('GET', LIST, () => json(list)),
      on('POST', LIST, (request) => {
        list.push(aTag({ id: 'tag-9', ...JSON.parse(request.body) }));
        return json(list[0], 201);
      }),
    ]);
    expect(await screen.findByText('No tags yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Tag' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tag' }));
    expect(within(dialog).getByText('Tag name is required')).toBeTruthy();
    expect(within(dialog).getByText('Target type is required')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Tag Name'), { target: { value: 'Mare' } });
    fireEvent.change(within(dialog).getByLabelText('Target Type'), { target: { value: 'product' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tag' }));

    expect(await screen.findByText('Tag created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([{ name: 'Mare', targetType: 'product', description: null, tenantId: 'tenant-1' }]);
    expect(await screen.findByText('Mare')).toBeTruthy();
  });

  it('edits a tag', async () => {
    const { requests } = renderTenantPage('/sole/tags', [
      on('GET', LIST, () => json(tags)),
      on('PUT', `${LIST}/tag-2`, (request) => json({ ...tags[1], ...JSON.parse(request.body) })),
    ]);
    const row = (await screen.findByText('Scuole')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Tag' });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Istituti scolastici' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Tag updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${LIST}/tag-2`)).toEqual([
      { name: 'Scuole', targetType: 'customer', description: 'Istituti scolastici' },
    ]);
  });

  it('deletes after a confirmation naming the tag and reports a failure', async () => {
    let fail = true;
    renderTenantPage('/sole/tags', [
      on('GET', LIST, () => json(tags)),
      on('DELETE', `${LIST}/tag-1`, () => (fail ? gatewayError(503, 'catalogue did not answer') : new Response(null, { status: 204 }))),
    ]);
    const row = (await screen.findByText('Arte e cultura')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerDeleteConfirmation("Delete tag 'Arte e cultura'?", 'Are you sure you want to delete this tag?', 'Delete');
    expect(await screen.findByText('Failed to delete tag')).toBeTruthy();

    fail = false;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerDeleteConfirmation("Delete tag 'Arte e cultura'?", 'Are you sure you want to delete this tag?', 'Delete');
    await waitFor(() => expect(screen.getByText('Tag deleted successfully')).toBeTruthy());
  });

  it('shows a name taken by another tag of the same type on the Tag Name field', async () => {
    renderTenantPage('/sole/tags', [
      on('GET', LIST, () => json(tags)),
      on('POST', LIST, () => gatewayError(409, 'A customer tag with this name already exists', 'Conflict', 'TAG_NAME_TAKEN')),
    ]);
    await screen.findByText('Scuole');

    fireEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Tag' });
    fireEvent.change(within(dialog).getByLabelText('Tag Name'), { target: { value: 'Scuole' } });
    fireEvent.change(within(dialog).getByLabelText('Target Type'), { target: { value: 'customer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tag' }));

    expect(await within(dialog).findByText('A customer tag with this name already exists')).toBeTruthy();
    expect(within(dialog).getByLabelText('Tag Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Failed to create tag')).toBeNull();
  });
});
