import type { TagTargetType, TagView } from '@quotebook/contracts';
import { MESSAGES } from '@quotebook/domain';
import type { TagRequest } from './tags.api';

export const TAG_TYPE_LABELS: Readonly<Record<TagTargetType, string>> = { product: 'Product', customer: 'Customer' };

export type TagTypeFilter = 'all' | TagTargetType;

export const TAG_FILTER_OPTIONS: ReadonlyArray<{ value: TagTypeFilter; label: string }> = [
  { value: 'all', label: 'All Tags' },
  { value: 'product', label: 'Products' },
  { value: 'customer', label: 'Customers' },
];

export const TAG_MESSAGES = {
  nameRequired: MESSAGES.tagNameRequired,
  targetTypeRequired: MESSAGES.targetTypeRequired,
} as const;

export const DELETE_TAG_CONFIRMATION = 'Are you sure you want to delete this tag?';

export interface TagFormValues {
  name: string;
  targetType: TagTargetType | '';
  description: string;
}

export type TagFormErrors = Partial<Record<keyof TagFormValues, string>>;

export function filterTags(tags: readonly TagView[], type: TagTypeFilter): TagView[] {
  return type === 'all' ? [...tags] : tags.filter((tag) => tag.targetType === type);
}

/** A new tag starts with the type the list is filtered on, if any. */
export function tagFormFrom(tag: TagView | undefined, filter: TagTypeFilter): TagFormValues {
  if (tag) return { name: tag.name, targetType: tag.targetType, description: tag.description ?? '' };
  return { name: '', targetType: filter === 'all' ? '' : filter, description: '' };
}

export function validateTagForm(values: TagFormValues): TagFormErrors {
  const errors: TagFormErrors = {};
  if (!values.name.trim()) errors.name = TAG_MESSAGES.nameRequired;
  if (!values.targetType) errors.targetType = TAG_MESSAGES.targetTypeRequired;
  return errors;
}

/** Call only with values that passed validation. */
export function tagRequestFrom(values: TagFormValues): TagRequest {
  return {
    name: values.name.trim(),
    targetType: values.targetType as TagTargetType,
    description: values.description.trim() || null,
  };
}

/** The agency's tags of one type, and all of them by id for showing a row's tag names. */
export function tagsOfType(tags: readonly TagView[] | undefined, type: TagTargetType) {
  const all = tags ?? [];
  return {
    choices: all.filter((tag) => tag.targetType === type),
    byId: new Map(all.map((tag) => [tag.id, tag] as const)),
  };
}

/** Whether two tag selections hold the same ids, whatever their order (saves a call when unchanged). */
export function sameTagIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}
