import { RpcException } from '@nestjs/microservices';
import { QueryFailedError } from 'typeorm';
import { appError } from './app-error';
import { withConstraintErrors } from './database-errors';

const violation = (code: string, constraint?: string) =>
  new QueryFailedError('INSERT ...', [], Object.assign(new Error('violation'), { code, constraint }));

describe(withConstraintErrors.name, () => {
  const errors = {
    tags_name_unique: () => appError('TAG_NAME_TAKEN', 'A tag with this name already exists'),
    products_vat_rate_fkey: async () => appError('VAT_RATE_IN_USE', 'VAT rate is used by 1 product(s)'),
  };

  it('answers the domain error of the constraint the query broke', async () => {
    const failure = await withConstraintErrors(() => Promise.reject(violation('23505', 'tags_name_unique')), errors).catch((error) => error);
    expect(failure).toBeInstanceOf(RpcException);
    expect((failure as RpcException).getError()).toMatchObject({ reason: 'TAG_NAME_TAKEN', statusCode: 409 });
    const inUse = await withConstraintErrors(() => Promise.reject(violation('23503', 'products_vat_rate_fkey')), errors).catch((error) => error);
    expect((inUse as RpcException).getError()).toMatchObject({ reason: 'VAT_RATE_IN_USE' });
  });

  it('passes on other failures unchanged, and results as they are', async () => {
    const other = violation('23505', 'users_username_key');
    await expect(withConstraintErrors(() => Promise.reject(other), errors)).rejects.toBe(other);
    const inherited = violation('23505', 'constructor');
    await expect(withConstraintErrors(() => Promise.reject(inherited), errors)).rejects.toBe(inherited);
    await expect(withConstraintErrors(() => Promise.resolve(42), errors)).resolves.toBe(42);
  });
});
