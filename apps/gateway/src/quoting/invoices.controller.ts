import { Body, Controller, Get, Header, HttpCode, Param, Post, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { GenerateInvoiceDto, INVOICES_FILE, INVOICES_GENERATE, InvoiceView } from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { uuidParam } from '../common/params';
import { Roles } from '../common/principal.decorator';
import { AGENCY_ADMINS } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';
import { ErrorResponse } from '../openapi/error-response';

const quoteIdParam = uuidParam('quoteId');

/** A quote's electronic invoice (FatturaPA): the agency's administrators issue and download it. */
@ApiTags('quotes')
@Controller('tenants/:tenantId/quotes')
export class InvoicesController {
  constructor(private readonly rpc: RpcClient) {}

  @Post(':quoteId/invoice')
  @Roles(...AGENCY_ADMINS)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Issues the electronic invoice (FatturaPA 1.2.2, FPR12) of a confirmed or closed quote, in the ordinary or the margin scheme ' +
      '(art. 74-ter), numbered per agency and year without gaps; a quote that has one answers it again without a new number.',
  })
  @ApiOkResponse({ type: InvoiceView })
  @ApiResponse({
    status: 409,
    type: ErrorResponse,
    description:
      'INVOICE_NOT_ALLOWED: the quote is neither confirmed nor closed; INVOICE_DATA_MISSING: the agency or the customer lacks what the invoice needs (each named)',
  })
  generate(@CurrentScope() scope: TenantScope, @Param('quoteId', quoteIdParam) id: string, @Body() data: GenerateInvoiceDto): Promise<InvoiceView> {
    return this.rpc.send(INVOICES_GENERATE, { ...scope, id, data });
  }

  @Get(':quoteId/invoice')
  @Roles(...AGENCY_ADMINS)
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "The quote's invoice as issued: the XML file, named as the exchange system names it (IT<VAT number>_<progressive>.xml)." })
  @ApiOkResponse({ content: { 'application/xml': { schema: { type: 'string' } } } })
  async file(@CurrentScope() scope: TenantScope, @Param('quoteId', quoteIdParam) id: string): Promise<StreamableFile> {
    const { fileName, xml } = await this.rpc.send(INVOICES_FILE, { ...scope, id });
    const bytes = Buffer.from(xml, 'utf8');
    return new StreamableFile(bytes, { type: 'application/xml; charset=utf-8', length: bytes.length, disposition: `attachment; filename="${fileName}"` });
  }
}
