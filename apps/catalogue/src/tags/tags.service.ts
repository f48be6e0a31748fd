import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Principal, TagDto, TagView } from '@quotebook/contracts';
import { appError, type ConstraintErrors, requireResourceId, requireTenantAccess, requireTenantAdministration, withConstraintErrors } from '@quotebook/server-core';
import { entityRows, readTenant, withTenant } from '@quotebook/server-core/service';
import { DataSource, EntityManager } from 'typeorm';
import { countTagged, isTagTargetType } from './tag-links';
import { Tag } from './tag.entity';
import { mapTag } from './tag.views';
import { assertRoomInList } from '../list-limits';

export const TAG_NAME_TAKEN = 'A tag with this name already exists';

/** Two tags of one type with the same name (whatever its case or spaces) could not be told apart in a filter. */
const UNIQUE_NAME: ConstraintErrors = { tags_name_unique: () => appError('TAG_NAME_TAKEN', TAG_NAME_TAKEN) };

@Injectable()
export class TagsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every tag of the tenant, or only those of one target type (the gateway passes it in lower case). */
  async list(principal: Principal, tenantId: string, targetType?: unknown): Promise<TagView[]> {
    requireTenantAccess(principal, tenantId);
    if (targetType !== undefined && targetType !== null && !isTagTargetType(targetType)) {
      throw appError('VALIDATION_FAILED', ['targetType must be product or customer']);
    }
    const tags = await readTenant(this.dataSource, tenantId, (manager) =>
      entityRows(manager, Tag, targetType ? { tenantId, targetType } : { tenantId }, { name: 'ASC', id: 'ASC' }),
    );
    return tags.map(mapTag);
  }

  async create(principal: Principal, tenantId: string, dto: TagDto): Promise<TagView> {
    requireTenantAdministration(principal, tenantId);
    const created = await this.writing(tenantId, async (manager) => {
      await assertRoomInList(manager, 'tags', tenantId);
      return manager.save(
        Tag,
        manager.create(Tag, { tenantId, name: dto.name, targetType: dto.targetType, description: dto.description || null }),
      );
    });
    return mapTag(created);
  }

  async update(principal: Principal, tenantId: string, id: string, dto: TagDto): Promise<TagView> {
    requireTenantAdministration(principal, tenantId);
    const tagId = requireResourceId(id, 'Tag');
    const updated = await this.writing(tenantId, async (manager) => {
      const tag = await findTag(manager, tenantId, tagId);
      if (dto.targetType !== tag.targetType) {
        // a product tag on customers (or the reverse) would make no sense: it has to be unassigned first
        const tagged = await countTagged(manager, tag.targetType, tenantId, tagId);
        if (tagged > 0) {
          throw appError('TAG_IN_USE', `Tag is assigned to ${tagged} ${tag.targetType}(s): its target type cannot change`);
        }
      }
      tag.name = dto.name;
      tag.targetType = dto.targetType;
      tag.description = dto.description || null;
      return manager.save(Tag, tag);
    });
    return mapTag(updated);
  }

  /** Removes the tag and, with it, its assignments to products or customers. */
  async delete(principal: Principal, tenantId: string, id: string): Promise<{ deleted: true }> {
    requireTenantAdministration(principal, tenantId);
    const tagId = requireResourceId(id, 'Tag');
    await withTenant(this.dataSource, tenantId, async (manager) => {
      const { affected } = await manager.delete(Tag, { tenantId, id: tagId });
      if (!affected) throw appError('NOT_FOUND', 'Tag not found');
    });
    return { deleted: true };
  }

  private writing<T>(tenantId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return withConstraintErrors(() => withTenant(this.dataSource, tenantId, work), UNIQUE_NAME);
  }
}

async function findTag(manager: EntityManager, tenantId: string, id: string): Promise<Tag> {
  // locked: an assignment that starts meanwhile waits, so the in-use check of an update holds until it commits
  const tag = await manager.findOne(Tag, { where: { tenantId, id }, lock: { mode: 'pessimistic_write' } });
  if (!tag) throw appError('NOT_FOUND', 'Tag not found');
  return tag;
}
