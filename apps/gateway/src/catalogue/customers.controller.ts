import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CUSTOMERS_CREATE,
  CUSTOMERS_DELETE,
  CUSTOMERS_DUPLICATES,
  type CustomerDuplicateView,
  CustomerDuplicatesQueryDto,
  CUSTOMERS_GET_TAGS,
  CUSTOMERS_LIST,
  CUSTOMERS_SET_TAGS,
  CUSTOMERS_UPDATE,
  CustomerDto,
  CustomerView,
  SetTagsDto,
  TagIdsView,
} from '@quotebook/contracts';
import { idParam, TenantResource } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';
import { CatalogueAdminOnly } from './catalogue-routes';

@ApiTags('customers')
@Controller('tenants/:tenantId/customers')
export class CustomersController extends TenantResource({
  body: CustomerDto,
  view: CustomerView,
  listPages: CUSTOMERS_LIST,
  listSummary: 'Every customer with its tag ids, in one call (no per-row fan-out).',
  create: CUSTOMERS_CREATE,
  update: CUSTOMERS_UPDATE,
  remove: CUSTOMERS_DELETE,
}) {
  @Get('duplicates')
  @ApiOperation({ summary: 'The customers with the same e-mail or VAT number as the one about to be saved (asked before saving).' })
  @ApiOkResponse({
    description: 'At most 5 look-alike customers, each with what it shares: email, vatNumber or both.',
    schema: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'email', 'city', 'vatNumber', 'matches'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string' },
          email: { type: 'string' },
          city: { type: 'string', nullable: true },
          vatNumber: { type: 'string', nullable: true },
          matches: { type: 'array', items: { type: 'string', enum: ['email', 'vatNumber'] } },
        },
      },
    },
  })
  duplicates(@CurrentScope() scope: TenantScope, @Query() query: CustomerDuplicatesQueryDto): Promise<CustomerDuplicateView[]> {
    return this.rpc.send(CUSTOMERS_DUPLICATES, { ...scope, query });
  }

  @Get(':id/tags')
  tags(@CurrentScope() scope: TenantScope, @Param('id', idParam) id: string): Promise<TagIdsView> {
    return this.rpc.send(CUSTOMERS_GET_TAGS, { ...scope, id });
  }

  @Put(':id/tags')
  @CatalogueAdminOnly()
  setTags(@CurrentScope() scope: TenantScope, @Param('id', idParam) id: string, @Body() data: SetTagsDto): Promise<TagIdsView> {
    return this.rpc.send(CUSTOMERS_SET_TAGS, { ...scope, id, data });
  }
}
