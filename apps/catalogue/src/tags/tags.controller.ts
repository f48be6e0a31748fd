import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TAGS_CREATE, TAGS_DELETE, TAGS_LIST, TAGS_UPDATE, TagDto, type Principal } from '@quotebook/contracts';
import { TagsService } from './tags.service';

@Controller()
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @MessagePattern(TAGS_LIST.subject)
  list(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('targetType') targetType?: unknown) {
    return this.tags.list(principal, tenantId, targetType);
  }

  @MessagePattern(TAGS_CREATE.subject)
  create(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('data') data: TagDto) {
    return this.tags.create(principal, tenantId, data);
  }

  @MessagePattern(TAGS_UPDATE.subject)
  update(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('id') id: string,
    @Payload('data') data: TagDto,
  ) {
    return this.tags.update(principal, tenantId, id, data);
  }

  @MessagePattern(TAGS_DELETE.subject)
  delete(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('id') id: string) {
    return this.tags.delete(principal, tenantId, id);
  }
}
