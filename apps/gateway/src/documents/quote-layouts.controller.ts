import { Controller, Param, Patch } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  LAYOUTS_CREATE, LAYOUTS_DELETE, LAYOUTS_LIST, LAYOUTS_SET_DEFAULT, LAYOUTS_UPDATE, QuoteLayoutDto, QuoteLayoutView,
} from '@quotebook/contracts';
import { Roles } from '../common/principal.decorator';
import { AGENCY_ADMINS, idParam, TenantResource } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';

/** Layouts are written by the agency admins and read by every user of the agency (the preview's layout choice). */
@ApiTags('quote-layouts')
@Controller('tenants/:tenantId/quote-layouts')
export class QuoteLayoutsController extends TenantResource({
  body: QuoteLayoutDto,
  view: QuoteLayoutView,
  listPages: LAYOUTS_LIST,
  listSummary: 'Every layout of the agency with its elements in print order, each naming its template.',
  create: LAYOUTS_CREATE,
  update: LAYOUTS_UPDATE,
  remove: LAYOUTS_DELETE,
}) {
  @Patch(':id/set-default')
  @Roles(...AGENCY_ADMINS)
  @ApiOperation({ summary: "Makes the layout the agency's one default (the one the preview preselects)." })
  setDefault(@CurrentScope() scope: TenantScope, @Param('id', idParam) id: string): Promise<QuoteLayoutView> {
    return this.rpc.send(LAYOUTS_SET_DEFAULT, { ...scope, id });
  }
}
