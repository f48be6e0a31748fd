import type { Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { makeAppError } from '@quotebook/contracts';
import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { appError, toAppError } from './app-error';
import { isDatabaseUnavailable, withConstraintErrors } from './database-errors';

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

describe(isDatabaseUnavailable.name, () => {
  const systemError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
  const serverError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

  it.each([
    ['no server listening', systemError('ECONNREFUSED')],
    ['the connection reset', systemError('ECONNRESET')],
    ['a server shutting down', serverError('57P03', 'the database system is shutting down')],
    ['a server starting up', serverError('57P03', 'the database system is starting up')],
    ['a session ended by a fast shutdown', new QueryFailedError('INSERT ...', [], serverError('57P01', 'terminating connection due to administrator command'))],
    ['a server out of connections', serverError('53300', 'sorry, too many clients already')],
    ['a connection exception', serverError('08006', 'connection failure')],
    ['a connection lost in a query', new QueryFailedError('SELECT ...', [], new Error('Connection terminated unexpectedly'))],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['an error caused by one of these', new Error('could not begin the transaction', { cause: systemError('ECONNREFUSED') })],
    ['a commit on a runner TypeORM released when its connection failed', new QueryRunnerAlreadyReleasedError()],
    ['a query on such a runner', new QueryRunnerProviderAlreadyReleasedError()],
  ])('is true for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a broken constraint', violation('23505', 'tags_name_unique')],
    ['a value of the wrong type', violation('22P02')],
    ['a statement cancelled by its timeout', violation('57014')],
    ['an error of the code', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something that is no error', 'Connection terminated'],
  ])('is false for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('makes the answer a 503 that names the database, not an internal error', () => {
    const logger = { warn: jest.fn(), error: jest.fn() } as unknown as Logger;
    expect(toAppError(systemError('ECONNREFUSED'), logger)).toEqual(makeAppError('SERVICE_UNAVAILABLE', 'The database is unavailable; try again in a moment'));
    expect(logger.error).not.toHaveBeenCalled();
    expect(toAppError(new TypeError('boom'), logger)).toMatchObject({ reason: 'INTERNAL', statusCode: 500 });
  });
});
