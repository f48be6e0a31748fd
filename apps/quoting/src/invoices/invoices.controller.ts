import { Controller } from '@nestjs/common';
import { GenerateInvoiceDto, INVOICES_FILE, INVOICES_GENERATE, RpcRequest } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { InvoicesService } from './invoices.service';

@Controller()
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Handles(INVOICES_GENERATE, { data: GenerateInvoiceDto })
  generate({ principal, tenantId, id, data }: RpcRequest<typeof INVOICES_GENERATE>) {
    return this.invoices.generate(principal, tenantId, id, data);
  }

  @Handles(INVOICES_FILE)
  file({ principal, tenantId, id }: RpcRequest<typeof INVOICES_FILE>) {
    return this.invoices.file(principal, tenantId, id);
  }
}
