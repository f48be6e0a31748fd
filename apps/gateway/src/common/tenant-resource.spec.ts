import { type Principal, QUOTES_GET, VAT_RATES_LIST } from '@quotebook/contracts';
import type { RpcClient } from '@quotebook/server-core';
import { VatRatesController } from '../catalogue/vat-rates.controller';
import { QuotesController } from '../quoting/quotes.controller';
import { JsonText } from './json-text';
import type { TenantScope } from './tenant-scope';

const scope: TenantScope = {
  principal: { userId: 'u', role: 'tenant_admin', tenantId: 't', sessionVersion: 1 } satisfies Principal,
  tenantId: 't',
};

/** A bus client whose calls answer `json` as a service wrote it; send() must not be used. */
function rpcAnswering(json: string) {
  const bytes = Buffer.from(json, 'utf8');
  const sendAsJson = jest.fn(async () => bytes);
  const send = jest.fn(async () => JSON.parse(json) as unknown);
  return { bytes, sendAsJson, send, rpc: { sendAsJson, send } as unknown as RpcClient };
}

describe('TenantResource', () => {
  it("answers a list read in one call with the service's JSON as it came, neither parsed nor written again", async () => {
    const json = '[{"id":"a","description":"IVA ordinaria","rate":"22.00"},{"id":"b","description":"città 🏛️","rate":"10.00"}]';
    const { bytes, sendAsJson, send, rpc } = rpcAnswering(json);
    const answer = await new VatRatesController(rpc).list(scope);
    expect(answer).toBeInstanceOf(JsonText);
    expect((answer as JsonText<unknown>).parts).toEqual([bytes]);
    expect((answer as JsonText<unknown>).parts[0]).toBe(bytes);
    expect(sendAsJson).toHaveBeenCalledWith(VAT_RATES_LIST, scope);
    expect(send).not.toHaveBeenCalled();
  });

  it("answers a read of one record with the service's JSON as it came", async () => {
    const json = '{"id":"q","items":[{"unitPrice":"10.00"}]}';
    const { bytes, sendAsJson, send, rpc } = rpcAnswering(json);
    const answer = await new QuotesController(rpc).read(scope, 'q');
    expect((answer as JsonText<unknown>).parts[0]).toBe(bytes);
    expect(sendAsJson).toHaveBeenCalledWith(QUOTES_GET, { ...scope, id: 'q' });
    expect(send).not.toHaveBeenCalled();
  });

  it('fails as the service answered', async () => {
    const failure = new Error('VAT rate not found');
    const rpc = { sendAsJson: jest.fn(async () => Promise.reject(failure)) } as unknown as RpcClient;
    await expect(new VatRatesController(rpc).list(scope)).rejects.toBe(failure);
  });
});
