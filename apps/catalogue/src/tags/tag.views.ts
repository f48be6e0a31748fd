import type { TagView } from '@quotebook/contracts';
import type { Tag } from './tag.entity';

export function mapTag(tag: Tag): TagView {
  return {
    id: tag.id,
    name: tag.name,
    targetType: tag.targetType,
    description: tag.description,
    createdAt: tag.createdAt.toISOString(),
  };
}
