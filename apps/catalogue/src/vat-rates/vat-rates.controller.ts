import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { VAT_RATES_CREATE, VAT_RATES_DELETE, VAT_RATES_LIST, VAT_RATES_UPDATE, VatRateDto, type Principal } from '@quotebook/contracts';
import { VatRatesService } from './vat-rates.service';

@Controller()
export class VatRatesController {
  constructor(private readonly vatRates: VatRatesService) {}

  @MessagePattern(VAT_RATES_LIST.subject)
  list(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string) {
    return this.vatRates.list(principal, tenantId);
  }

  @MessagePattern(VAT_RATES_CREATE.subject)
  create(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('data') data: VatRateDto) {
    return this.vatRates.create(principal, tenantId, data);
  }

  @MessagePattern(VAT_RATES_UPDATE.subject)
  update(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('id') id: string,
    @Payload('data') data: VatRateDto,
  ) {
    return this.vatRates.update(principal, tenantId, id, data);
  }

  @MessagePattern(VAT_RATES_DELETE.subject)
  delete(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('id') id: string) {
    return this.vatRates.delete(principal, tenantId, id);
  }
}
