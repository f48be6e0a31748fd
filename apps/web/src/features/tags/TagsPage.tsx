import type { TagView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { SelectField } from '../../shared/fields/SelectField';
import { ListPage } from '../../shared/page/ListPage';
import { useTenantPage } from '../tenant/tenant-context';
import { DELETE_TAG_CONFIRMATION, filterTags, TAG_FILTER_OPTIONS, TAG_TYPE_LABELS, type TagTypeFilter } from './tag-form';
import { TagDialog } from './TagDialog';
import { useDeleteTagMutation, useListTagsQuery } from './tags.api';

/** `/{keyword}/tags`: product and customer tags, filtered by type. */
export function TagsPage() {
  const { tenant } = useTenantPage();
  const [deleteTag] = useDeleteTagMutation();
  const [filter, setFilter] = useState<TagTypeFilter>('all');

  return (
    <ListPage<TagView>
      subtitle="Labels to group and filter your products and customers."
      noun="tag"
      list={useListTagsQuery(tenant.id)}
      filter={(tags) => filterTags(tags, filter)}
      filters={
        <SelectField
          label="Type"
          name="typeFilter"
          value={filter}
          options={TAG_FILTER_OPTIONS}
          onChange={(value) => setFilter(value as TagTypeFilter)}
          size="small"
          margin="none"
          minWidth={200}
        />
      }
      columns={[
        { header: 'Name', cell: (tag) => <Box sx={{ fontWeight: 600 }}>{tag.name}</Box> },
        {
          header: 'Type',
          cell: (tag) => (
            <Chip
              size="small"
              label={TAG_TYPE_LABELS[tag.targetType]}
              color={tag.targetType === 'product' ? 'primary' : 'secondary'}
              variant="outlined"
            />
          ),
        },
        { header: 'Description', cell: (tag) => <Box sx={{ color: 'text.secondary' }}>{tag.description || '—'}</Box> },
      ]}
      nameOf={(tag) => tag.name}
      empty={{ title: 'No tags yet', hint: 'Create a tag to label your products or customers.' }}
      noMatch={{ title: 'No tags of this type', hint: 'Create a tag to label your products or customers.' }}
      editor={(tag, close) => <TagDialog tenantId={tenant.id} tag={tag} filter={filter} onClose={close} />}
      remove={{ confirmation: DELETE_TAG_CONFIRMATION, run: (tag) => deleteTag({ tenantId: tenant.id, id: tag.id }) }}
    />
  );
}
