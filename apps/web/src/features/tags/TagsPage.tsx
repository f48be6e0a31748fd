import type { TagView } from '@quotebook/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useMemo, useState } from 'react';
import { SelectField } from '../../shared/fields/SelectField';
import { DataTable } from '../../shared/page/DataTable';
import { EmptyState } from '../../shared/page/EmptyState';
import { LoadError } from '../../shared/page/LoadError';
import { PageHeader } from '../../shared/page/PageHeader';
import { RowActions } from '../../shared/page/RowActions';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { useTenantPage } from '../tenant/tenant-context';
import { DELETE_TAG_CONFIRMATION, filterTags, TAG_FILTER_OPTIONS, TAG_TYPE_LABELS, type TagTypeFilter } from './tag-form';
import { TagDialog } from './TagDialog';
import { useDeleteTagMutation, useListTagsQuery } from './tags.api';

const COLUMNS = ['Name', 'Type', 'Description', 'Actions'];

type DialogState = { tag?: TagView } | null;

/** `/{keyword}/tags`: product and customer tags, filtered by type. */
export function TagsPage() {
  const { tenant } = useTenantPage();
  const { data: tags, isLoading, isError, refetch } = useListTagsQuery(tenant.id);
  const [deleteTag] = useDeleteTagMutation();
  const [filter, setFilter] = useState<TagTypeFilter>('all');
  const [dialog, setDialog] = useState<DialogState>(null);
  const toast = useToast();
  const visible = useMemo(() => filterTags(tags ?? [], filter), [tags, filter]);

  const remove = async (tag: TagView) => {
    if (!window.confirm(DELETE_TAG_CONFIRMATION)) return;
    try {
      await deleteTag({ tenantId: tenant.id, id: tag.id }).unwrap();
      toast(successToast('Tag deleted successfully'));
    } catch (error) {
      toast(failureToast(error, 'Failed to delete tag'));
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader
        title="Tags"
        subtitle="Labels to group and filter your products and customers."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})}>
            Add Tag
          </Button>
        }
      />
      {isError && <LoadError message="Failed to load tags" onRetry={refetch} />}
      <Card>
        <Box sx={{ p: 2 }}>
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
        </Box>
        <DataTable
          label="Tags"
          columns={COLUMNS}
          loading={isLoading}
          empty={
            tags &&
            visible.length === 0 && (
              <EmptyState
                title={tags.length === 0 ? 'No tags yet' : 'No tags of this type'}
                hint="Create a tag to label your products or customers."
              />
            )
          }
        >
          {visible.map((tag) => (
            <TableRow key={tag.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{tag.name}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={TAG_TYPE_LABELS[tag.targetType]}
                  color={tag.targetType === 'product' ? 'primary' : 'secondary'}
                  variant="outlined"
                />
              </TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{tag.description || '—'}</TableCell>
              <TableCell align="right">
                <RowActions
                  actions={[
                    { label: 'Edit', icon: <EditOutlinedIcon fontSize="small" />, onClick: () => setDialog({ tag }) },
                    { label: 'Delete', icon: <DeleteOutlinedIcon fontSize="small" />, onClick: () => remove(tag), destructive: true },
                  ]}
                />
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Card>
      {dialog && <TagDialog tenantId={tenant.id} tag={dialog.tag} filter={filter} onClose={() => setDialog(null)} />}
    </Box>
  );
}
