import { Controller } from '@nestjs/common';
import { QuoteTemplateDto, RpcRequest, TEMPLATES_CREATE, TEMPLATES_DELETE, TEMPLATES_LIST, TEMPLATES_UPDATE } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { TemplatesService } from './templates.service';

@Controller()
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Handles(TEMPLATES_LIST)
  list({ principal, tenantId, cursor, until }: RpcRequest<typeof TEMPLATES_LIST>) {
    return this.templates.list(principal, tenantId, cursor, until);
  }

  @Handles(TEMPLATES_CREATE, { data: QuoteTemplateDto })
  create({ principal, tenantId, data }: RpcRequest<typeof TEMPLATES_CREATE>) {
    return this.templates.create(principal, tenantId, data);
  }

  @Handles(TEMPLATES_UPDATE, { data: QuoteTemplateDto })
  update({ principal, tenantId, id, data }: RpcRequest<typeof TEMPLATES_UPDATE>) {
    return this.templates.update(principal, tenantId, id, data);
  }

  @Handles(TEMPLATES_DELETE)
  delete({ principal, tenantId, id }: RpcRequest<typeof TEMPLATES_DELETE>) {
    return this.templates.delete(principal, tenantId, id);
  }
}
