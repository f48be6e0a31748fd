import { BadRequestException, ParseUUIDPipe } from '@nestjs/common';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { UuidParamPipe } from './params';
import { TenantScopePipe } from './tenant-scope';

const METADATA = { type: 'param', data: 'quoteId' } as const;

/** What Nest's own UUID pipe answers for `value`: the value, or the refusal's message. */
async function nestAnswer(value: unknown): Promise<unknown> {
  const nest = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('quoteId must be a UUID') });
  return nest.transform(value as string, METADATA).catch((error: BadRequestException) => ({ refused: error.message }));
}

async function answer(value: unknown): Promise<unknown> {
  try {
    return await new UuidParamPipe('quoteId').transform(value as string, METADATA);
  } catch (error) {
    return { refused: (error as BadRequestException).message };
  }
}

describe(UuidParamPipe.name, () => {
  it('answers a UUID at once, as it came', () => {
    const sut = new UuidParamPipe('quoteId');
    for (const id of [randomUUID(), randomUUID().toUpperCase(), '00000000-0000-0000-0000-000000000000', '018f6b9e-3c2a-7d4e-9f00-1234567890ab']) {
      expect(sut.transform(id, METADATA)).toBe(id);
    }
  });

  it('refuses anything else with a 400 naming the parameter, as Nest refuses it', async () => {
    for (const value of ['', 'nope', `${randomUUID()} `, ` ${randomUUID()}`, `${randomUUID()}\n`, randomUUID().replace(/-/g, ''), 'g0000000-0000-0000-0000-000000000000', 42, null, undefined, [randomUUID()]]) {
      expect([value, await answer(value)]).toEqual([value, { refused: 'quoteId must be a UUID' }]);
    }
  });

  it('answers every string as Nest\'s own UUID pipe answers it', async () => {
    const hex = fc.constantFrom(...'0123456789abcdefABCDEFgG-');
    const uuidLike = fc.array(hex, { minLength: 30, maxLength: 40 }).map((characters) => characters.join(''));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uuid(), fc.string(), fc.string({ unit: 'binary' }), uuidLike), async (value) => {
        expect(await answer(value)).toEqual(await nestAnswer(value));
      }),
      { numRuns: 500 },
    );
  });
});

describe(TenantScopePipe.name, () => {
  const scope = (tenantId: string) => ({ principal: { userId: randomUUID(), role: 'tenant_admin' as const, tenantId, sessionVersion: 1 }, tenantId });

  it('answers a scope whose agency id is a UUID at once', () => {
    const given = scope(randomUUID());
    expect(new TenantScopePipe().transform(given, { type: 'custom' })).toBe(given);
  });

  it('refuses another agency id with a 400 naming tenantId', async () => {
    await expect(new TenantScopePipe().transform(scope('not-an-id'), { type: 'custom' })).rejects.toMatchObject({ status: 400, message: 'tenantId must be a UUID' });
  });
});
