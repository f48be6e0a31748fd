import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  NormalizePathDto,
  ObjectPathView,
  QuoteTemplateDto,
  QuoteTemplateView,
  SIGNATURE_NORMALIZE_PATH,
  SIGNATURE_UPLOAD_URL,
  TEMPLATES_CREATE,
  TEMPLATES_DELETE,
  TEMPLATES_LIST,
  TEMPLATES_UPDATE,
  UploadUrlView,
} from '@quotebook/contracts';
import { Roles } from '../common/principal.decorator';
import { AGENCY_ADMINS, TenantResource } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';

/** Description templates are the agency admins' (the templates page): reading them too. */
@ApiTags('quote-templates')
@Controller('tenants/:tenantId/quote-templates')
export class QuoteTemplatesController extends TenantResource({
  body: QuoteTemplateDto,
  view: QuoteTemplateView,
  listPages: TEMPLATES_LIST,
  listSummary: 'Every description template of the agency, its HTML sanitized (the agency admins only).',
  create: TEMPLATES_CREATE,
  update: TEMPLATES_UPDATE,
  remove: TEMPLATES_DELETE,
  readers: AGENCY_ADMINS,
}) {
  @Post('upload')
  @HttpCode(200)
  @Roles(...AGENCY_ADMINS)
  @ApiOperation({ summary: 'A single-use URL to PUT a signature image to (with its content type), valid for minutes.' })
  uploadUrl(@CurrentScope() scope: TenantScope): Promise<UploadUrlView> {
    return this.rpc.send(SIGNATURE_UPLOAD_URL, scope);
  }

  @Post('normalize-path')
  @HttpCode(200)
  @Roles(...AGENCY_ADMINS)
  @ApiOperation({ summary: "The path a template keeps as signatureImagePath, once the upload URL's file arrived." })
  normalizePath(@CurrentScope() scope: TenantScope, @Body() data: NormalizePathDto): Promise<ObjectPathView> {
    return this.rpc.send(SIGNATURE_NORMALIZE_PATH, { ...scope, data });
  }
}
