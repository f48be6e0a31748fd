import type { CallHandler, ExecutionContext } from '@nestjs/common';
import type { RpcClient, SessionStates } from '@quotebook/server-core';
import { firstValueFrom, of } from 'rxjs';
import { CostVisibilityInterceptor } from './cost-visibility.interceptor';

const TENANT = '11111111-1111-4111-8111-111111111111';
const quote = { id: 'q', totalAmount: '100.00', costTotal: '60.00', marginTotal: '40.00', items: [{ id: 'i', cost: '60.00', margin: '40.00', marginPercent: '40.00' }] };

function contextOf(role: 'tenant_user' | 'tenant_admin'): ExecutionContext {
  const user = { userId: 'u', role, tenantId: TENANT, sessionVersion: 1, jti: 'j', exp: 0 };
  return { switchToHttp: () => ({ getRequest: () => ({ user, params: { tenantId: TENANT } }) }) } as unknown as ExecutionContext;
}

const handler: CallHandler = { handle: () => of(quote) };

/** The interceptor with a tenancy answering `tenancy()`, and the session states' change to announce. */
function interceptorWith(tenancy: () => Promise<unknown>) {
  const send = jest.fn(tenancy);
  const listeners: Array<() => void> = [];
  const sessions = { onChange: (listener: () => void) => listeners.push(listener) } as unknown as SessionStates;
  const sut = new CostVisibilityInterceptor({ send } as unknown as RpcClient, sessions);
  return {
    answer: async (role: 'tenant_user' | 'tenant_admin') => (await firstValueFrom(sut.intercept(contextOf(role), handler))) as typeof quote,
    asked: () => send.mock.calls.length,
    sessionStateChanged: () => listeners.forEach((listener) => listener()),
  };
}

async function answerFor(role: 'tenant_user' | 'tenant_admin', tenancy: () => Promise<unknown>) {
  const sut = interceptorWith(tenancy);
  return { answer: await sut.answer(role), asked: sut.asked() };
}

describe(CostVisibilityInterceptor.name, () => {
  it("shows a tenant user the costs when the agency allows it, and hides them when it does not", async () => {
    expect((await answerFor('tenant_user', async () => ({ costVisibleToUsers: true }))).answer).toEqual(quote);
    const { answer } = await answerFor('tenant_user', async () => ({ costVisibleToUsers: false }));
    expect(answer).toEqual({ ...quote, costTotal: null, marginTotal: null, items: [{ id: 'i', cost: null, margin: null, marginPercent: null }] });
  });

  it('never asks for an admin, who always sees them', async () => {
    expect(await answerFor('tenant_admin', async () => ({ costVisibleToUsers: false }))).toEqual({ answer: quote, asked: 0 });
  });

  it('answers with the costs hidden when tenancy does not answer, instead of failing the quote', async () => {
    const { answer } = await answerFor('tenant_user', () => Promise.reject(new Error('tenancy unavailable')));
    expect(answer.costTotal).toBeNull();
    expect(answer.items[0].cost).toBeNull();
    expect(answer.totalAmount).toBe('100.00');
  });

  it("asks tenancy once for a burst of a tenant user's answers, and again once a session state changed", async () => {
    let visible = true;
    const sut = interceptorWith(async () => ({ costVisibleToUsers: visible }));
    expect((await sut.answer('tenant_user')).costTotal).toBe('60.00');
    expect((await sut.answer('tenant_user')).costTotal).toBe('60.00');
    expect(sut.asked()).toBe(1);
    // tenancy announces the change of the setting before it answers it
    visible = false;
    sut.sessionStateChanged();
    expect((await sut.answer('tenant_user')).costTotal).toBeNull();
    expect(sut.asked()).toBe(2);
  });

  it('never keeps a failed question: the next answer asks again', async () => {
    let up = false;
    const sut = interceptorWith(() => (up ? Promise.resolve({ costVisibleToUsers: true }) : Promise.reject(new Error('tenancy unavailable'))));
    expect((await sut.answer('tenant_user')).costTotal).toBeNull();
    up = true;
    expect((await sut.answer('tenant_user')).costTotal).toBe('60.00');
    expect(sut.asked()).toBe(2);
  });
});
