import type { TagView } from '@quotebook/contracts';
import TextField from '@mui/material/TextField';
import { SelectField } from '../../shared/fields/SelectField';
import { dialogTexts, FormDialog } from '../../shared/form-dialog/FormDialog';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import { TAG_TYPE_LABELS, tagFormFrom, tagRequestFrom, validateTagForm, type TagTypeFilter } from './tag-form';
import { useCreateTagMutation, useUpdateTagMutation } from './tags.api';

const TARGET_TYPE_OPTIONS = [
  { value: '', label: 'Select a type' },
  { value: 'product', label: TAG_TYPE_LABELS.product },
  { value: 'customer', label: TAG_TYPE_LABELS.customer },
];

interface TagDialogProps {
  tenantId: string;
  tag?: TagView;
  filter: TagTypeFilter;
  onClose: () => void;
}

export function TagDialog({ tenantId, tag, filter, onClose }: TagDialogProps) {
  const [createTag] = useCreateTagMutation();
  const [updateTag] = useUpdateTagMutation();
  const form = useEntityForm({
    initial: () => tagFormFrom(tag, filter),
    validate: validateTagForm,
    save: (values) => {
      const body = tagRequestFrom(values);
      return tag ? updateTag({ tenantId, id: tag.id, body }) : createTag({ tenantId, body });
    },
    ...outcomeTexts('tag', tag ? 'update' : 'create'),
    reasons: { TAG_NAME_TAKEN: 'name' },
    onSaved: onClose,
  });

  return (
    <FormDialog
      {...dialogTexts('tag', Boolean(tag))}
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
      maxWidth="xs"
    >
      <TextField label="Tag Name" required autoFocus {...form.text('name')} />
      <SelectField label="Target Type" options={TARGET_TYPE_OPTIONS} required margin="dense" {...form.select('targetType')} />
      <TextField label="Description" multiline minRows={2} {...form.text('description')} />
    </FormDialog>
  );
}
