import { Controller } from '@nestjs/common';
import { CsvImportDto, CUSTOMERS_IMPORT, PRODUCTS_IMPORT, RpcRequest } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { CsvImportService } from './csv-import.service';

@Controller()
export class CsvImportController {
  constructor(private readonly imports: CsvImportService) {}

  @Handles(PRODUCTS_IMPORT, { data: CsvImportDto })
  importProducts({ principal, tenantId, data }: RpcRequest<typeof PRODUCTS_IMPORT>) {
    return this.imports.importProducts(principal, tenantId, data);
  }

  @Handles(CUSTOMERS_IMPORT, { data: CsvImportDto })
  importCustomers({ principal, tenantId, data }: RpcRequest<typeof CUSTOMERS_IMPORT>) {
    return this.imports.importCustomers(principal, tenantId, data);
  }
}
