/*
 * Compiled, never run: the catalogue's VAT-rate handlers against patterns whose types changed. Each
 * @ts-expect-error marks a handler that must not compile; were the typing loosened, the directive
 * would be unused and the build (and tools/type-check/rpc-patterns.spec.ts) would fail.
 */
import { Controller } from '@nestjs/common';
import {
  type CatalogueWrite,
  rpcPattern,
  type RpcRequest,
  TagDto,
  TagView,
  VAT_RATES_CREATE,
  VatRateDto,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { VatRatesService } from './vat-rates.service';

/** VAT_RATES_CREATE had its response changed */
const CREATE_ANSWERING_A_TAG = rpcPattern<CatalogueWrite<VatRateDto>, TagView>('type-check.vat-rates.create');
/** VAT_RATES_CREATE had its body changed */
const CREATE_FROM_A_TAG = rpcPattern<CatalogueWrite<TagDto>, TagView>('type-check.vat-rates.create');

@Controller()
export class VatRatesTypeCheck {
  constructor(private readonly vatRates: VatRatesService) {}

  @Handles(VAT_RATES_CREATE, { data: VatRateDto })
  asDeclared({ principal, tenantId, data }: RpcRequest<typeof VAT_RATES_CREATE>) {
    return this.vatRates.create(principal, tenantId, data);
  }

  // @ts-expect-error -- the handler answers a VatRateView, the pattern now a TagView
  @Handles(CREATE_ANSWERING_A_TAG, { data: VatRateDto })
  responseChanged({ principal, tenantId, data }: RpcRequest<typeof CREATE_ANSWERING_A_TAG>) {
    return this.vatRates.create(principal, tenantId, data);
  }

  // @ts-expect-error -- a tag's body is not validated as a VAT rate's
  @Handles(CREATE_FROM_A_TAG, { data: VatRateDto })
  bodyChanged({ principal, tenantId, data }: RpcRequest<typeof CREATE_FROM_A_TAG>) {
    // @ts-expect-error -- the service takes a VAT rate, the request now carries a tag
    return this.vatRates.create(principal, tenantId, data);
  }

  // @ts-expect-error -- a handler that takes less than the pattern's request is no handler of it
  @Handles(VAT_RATES_CREATE, { data: VatRateDto })
  narrowed({ principal, tenantId, data }: RpcRequest<typeof VAT_RATES_CREATE> & { note: string }) {
    return this.vatRates.create(principal, tenantId, data);
  }
}
