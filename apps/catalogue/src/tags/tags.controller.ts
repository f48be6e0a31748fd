import { Controller } from '@nestjs/common';
import { RpcRequest, TAGS_CREATE, TAGS_DELETE, TAGS_LIST, TAGS_UPDATE, TagDto } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { TagsService } from './tags.service';

@Controller()
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Handles(TAGS_LIST)
  list({ principal, tenantId, targetType }: RpcRequest<typeof TAGS_LIST>) {
    return this.tags.list(principal, tenantId, targetType);
  }

  @Handles(TAGS_CREATE, { data: TagDto })
  create({ principal, tenantId, data }: RpcRequest<typeof TAGS_CREATE>) {
    return this.tags.create(principal, tenantId, data);
  }

  @Handles(TAGS_UPDATE, { data: TagDto })
  update({ principal, tenantId, id, data }: RpcRequest<typeof TAGS_UPDATE>) {
    return this.tags.update(principal, tenantId, id, data);
  }

  @Handles(TAGS_DELETE)
  delete({ principal, tenantId, id }: RpcRequest<typeof TAGS_DELETE>) {
    return this.tags.delete(principal, tenantId, id);
  }
}
