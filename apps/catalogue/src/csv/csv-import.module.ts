import { Module } from '@nestjs/common';
import { TenantLanguages } from '../products/tenant-languages';
import { CsvImportController } from './csv-import.controller';
import { CsvImportService } from './csv-import.service';

/** Products and customers imported from the rows of a CSV file, all or nothing. */
@Module({
  controllers: [CsvImportController],
  providers: [CsvImportService, TenantLanguages],
})
export class CsvImportModule {}
