import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { type ListPageRequest, type Principal, QUOTES_LIST, QuoteListQueryDto, UpdateQuoteDto } from '@quotebook/contracts';
import type { JsonListPage, RpcClient } from '@quotebook/server-core';
import type { FastifyReply } from 'fastify';
import { ROLES } from '../common/principal.decorator';
import { TOTAL_COUNT_HEADER } from '../common/tenant-resource';
import type { TenantScope } from '../common/tenant-scope';
import { DashboardController } from './dashboard.controller';
import { QuotesController } from './quotes.controller';

const scope: TenantScope = {
  principal: { userId: 'u', role: 'tenant_user', tenantId: 't', sessionVersion: 1 } satisfies Principal,
  tenantId: 't',
};

/** A quote list of `size` rows cut in pages of 3, counting its matches on the page a walk starts with. */
function quoteList(size: number) {
  const asked: Array<Record<string, unknown>> = [];
  const sendListPage = jest.fn(async (_pattern: unknown, request: TenantScope & ListPageRequest & Record<string, unknown>) => {
    const { principal: _principal, tenantId: _tenantId, ...rest } = request;
    asked.push(rest);
    const cursor = request.cursor ?? 0;
    const end = Math.min(cursor + 3, request.until ?? size, size);
    const page: JsonListPage<unknown> = {
      itemsJson: Buffer.from(JSON.stringify(Array.from({ length: end - cursor }, (_, index) => ({ n: cursor + index })))),
      nextCursor: end < size ? end : null,
    };
    return cursor === ((request['offset'] as number | undefined) ?? 0) ? { ...page, total: size } : page;
  });
  return { asked, sut: new QuotesController({ sendListPage } as unknown as RpcClient) };
}

function fakeResponse() {
  const headers: Record<string, string> = {};
  return { headers, response: { header: (name: string, value: string) => (headers[name] = value) } as unknown as FastifyReply };
}

const query = (fields: Partial<QuoteListQueryDto>) => Object.assign(new QuoteListQueryDto(), fields);
const itemsOf = (answer: unknown) => JSON.parse((answer as { text: string }).text) as { n: number }[];

describe(QuotesController.name, () => {
  it('answers the window limit/offset names: from the offset, until offset + limit, with the filters and the count', async () => {
    const { asked, sut } = quoteList(20);
    const { headers, response } = fakeResponse();
    const answer = await sut.list(scope, query({ status: 'pending', search: 'Roma', offset: 4, limit: 5 }), response);
    expect(itemsOf(answer).map(({ n }) => n)).toEqual([4, 5, 6, 7, 8]);
    expect(headers).toEqual({ [TOTAL_COUNT_HEADER]: '20' });
    const filters = { status: 'pending', search: 'Roma' };
    expect(asked).toEqual([
      { cursor: 4, until: 9, filters, offset: 4, limit: 5 },
      { cursor: 7, until: 9, filters, offset: 4, limit: 5 },
    ]);
  });

  it('answers every match without limit and offset, page after page, with the count', async () => {
    const { asked, sut } = quoteList(7);
    const { headers, response } = fakeResponse();
    const answer = await sut.list(scope, query({ customerId: 'c' }), response);
    expect(itemsOf(answer)).toHaveLength(7);
    expect(headers[TOTAL_COUNT_HEADER]).toBe('7');
    expect(asked.map(({ cursor, until }) => ({ cursor, until }))).toEqual([
      { cursor: 0, until: undefined },
      { cursor: 3, until: undefined },
      { cursor: 6, until: undefined },
    ]);
  });

  it('answers [] and the count for an offset past the end', async () => {
    const { sut } = quoteList(2);
    const { headers, response } = fakeResponse();
    expect(itemsOf(await sut.list(scope, query({ offset: 10 }), response))).toEqual([]);
    expect(headers[TOTAL_COUNT_HEADER]).toBe('2');
  });

  it('routes the spec’s paths, the quote named {quoteId}, and lets every role of the agency write', () => {
    const routes = Object.getOwnPropertyNames(Object.getPrototypeOf(QuotesController.prototype))
      .concat(Object.getOwnPropertyNames(QuotesController.prototype))
      .map((name) => [name, (QuotesController.prototype as unknown as Record<string, object>)[name]] as const)
      .filter(([name, handler]) => name !== 'constructor' && Reflect.getMetadata(PATH_METADATA, handler) !== undefined)
      .map(([name, handler]) => `${RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number]} ${Reflect.getMetadata(PATH_METADATA, handler)} ${name}`);
    expect(routes.sort()).toEqual(
      [
        'GET / list',
        'GET creators creators',
        'GET :quoteId read',
        'POST / create',
        'PUT :quoteId update',
        'DELETE :quoteId remove',
        'GET :quoteId/items items',
        'POST :quoteId/items addItem',
        'PUT :quoteId/items replaceItems',
        'PUT :quoteId/items/:itemId updateItem',
        'DELETE :quoteId/items/:itemId removeItem',
        'GET :quoteId/consumptions consumptions',
        'POST :quoteId/consumptions addConsumption',
        'DELETE :quoteId/consumptions/:consumptionId removeConsumption',
        'GET :quoteId/payments payments',
        'POST :quoteId/payments addPayment',
        'DELETE :quoteId/payments/:paymentId removePayment',
      ].sort(),
    );
    const prototype = QuotesController.prototype as unknown as Record<string, object>;
    for (const write of ['create', 'update', 'remove', 'addItem', 'replaceItems', 'updateItem', 'removeItem', 'addConsumption', 'removeConsumption', 'addPayment', 'removePayment']) {
      expect([write, Reflect.getMetadata(ROLES, prototype[write])]).toEqual([write, ['superadmin', 'tenant_admin', 'tenant_user']]);
    }
    expect(Reflect.getMetadata('design:paramtypes', prototype, 'update')[2]).toBe(UpdateQuoteDto);
    expect(Reflect.getMetadata('design:paramtypes', prototype, 'list')[1]).toBe(QuoteListQueryDto);
    expect(QUOTES_LIST.subject).toMatch(/quoting\.quotes\.list$/);
  });

  it('keeps the dashboard to the agency admins', () => {
    expect(Reflect.getMetadata(ROLES, DashboardController.prototype.figures)).toEqual(['superadmin', 'tenant_admin']);
  });
});
