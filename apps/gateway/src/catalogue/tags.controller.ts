import { BadRequestException, Controller, Get, Param, PipeTransform } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import {
  TAG_TARGET_TYPES,
  TAGS_CREATE,
  TAGS_DELETE,
  TAGS_LIST,
  TAGS_UPDATE,
  TagDto,
  TagTargetType,
  TagView,
} from '@quotebook/contracts';
import { TenantResource } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';

/** Clients ask for `tags/Product` as well as `tags/customer`: the type in the path ignores case. */
export class TagTargetTypePipe implements PipeTransform<string, TagTargetType> {
  transform(value: string): TagTargetType {
    const targetType = value.trim().toLowerCase();
    if (!(TAG_TARGET_TYPES as readonly string[]).includes(targetType)) {
      throw new BadRequestException(`targetType must be one of: ${TAG_TARGET_TYPES.join(', ')}`);
    }
    return targetType as TagTargetType;
  }
}

@ApiTags('tags')
@Controller('tenants/:tenantId/tags')
export class TagsController extends TenantResource({
  body: TagDto,
  view: TagView,
  list: TAGS_LIST,
  create: TAGS_CREATE,
  update: TAGS_UPDATE,
  remove: TAGS_DELETE,
}) {
  @Get(':targetType')
  @ApiParam({ name: 'targetType', enum: TAG_TARGET_TYPES, description: 'product or customer, in any case' })
  listByType(
    @CurrentScope() scope: TenantScope,
    @Param('targetType', new TagTargetTypePipe()) targetType: TagTargetType,
  ): Promise<TagView[]> {
    return this.rpc.send(TAGS_LIST, { ...scope, targetType });
  }
}
