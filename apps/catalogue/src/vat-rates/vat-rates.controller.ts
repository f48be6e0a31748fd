import { Controller } from '@nestjs/common';
import { RpcRequest, VAT_RATES_CREATE, VAT_RATES_DELETE, VAT_RATES_LIST, VAT_RATES_UPDATE, VatRateDto } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { VatRatesService } from './vat-rates.service';

@Controller()
export class VatRatesController {
  constructor(private readonly vatRates: VatRatesService) {}

  @Handles(VAT_RATES_LIST)
  list({ principal, tenantId }: RpcRequest<typeof VAT_RATES_LIST>) {
    return this.vatRates.list(principal, tenantId);
  }

  @Handles(VAT_RATES_CREATE, { data: VatRateDto })
  create({ principal, tenantId, data }: RpcRequest<typeof VAT_RATES_CREATE>) {
    return this.vatRates.create(principal, tenantId, data);
  }

  @Handles(VAT_RATES_UPDATE, { data: VatRateDto })
  update({ principal, tenantId, id, data }: RpcRequest<typeof VAT_RATES_UPDATE>) {
    return this.vatRates.update(principal, tenantId, id, data);
  }

  @Handles(VAT_RATES_DELETE)
  delete({ principal, tenantId, id }: RpcRequest<typeof VAT_RATES_DELETE>) {
    return this.vatRates.delete(principal, tenantId, id);
  }
}
