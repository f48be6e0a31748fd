import type { TagView } from '@quotebook/contracts';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { SelectField } from '../../shared/fields/SelectField';
import { FormDialog } from '../../shared/form-dialog/FormDialog';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { TAG_TYPE_LABELS, tagFormFrom, tagRequestFrom, validateTagForm, type TagFormErrors, type TagTypeFilter } from './tag-form';
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
  const [values, setValues] = useState(() => tagFormFrom(tag, filter));
  const [errors, setErrors] = useState<TagFormErrors>({});
  const [createTag, { isLoading: creating }] = useCreateTagMutation();
  const [updateTag, { isLoading: updating }] = useUpdateTagMutation();
  const toast = useToast();
  const busy = creating || updating;

  const submit = async () => {
    const problems = validateTagForm(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const body = tagRequestFrom(values);
    try {
      if (tag) {
        await updateTag({ tenantId, id: tag.id, body }).unwrap();
        toast(successToast('Tag updated successfully'));
      } else {
        await createTag({ tenantId, body }).unwrap();
        toast(successToast('Tag created successfully'));
      }
      onClose();
    } catch (error) {
      toast(failureToast(error, tag ? 'Failed to update tag' : 'Failed to create tag'));
    }
  };

  return (
    <FormDialog
      title={tag ? 'Edit Tag' : 'Add Tag'}
      submitLabel={tag ? 'Save Changes' : 'Create Tag'}
      busyLabel={tag ? 'Saving...' : 'Creating...'}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="xs"
    >
      <TextField
        label="Tag Name"
        name="name"
        value={values.name}
        onChange={(event) => setValues({ ...values, name: event.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name}
        required
        disabled={busy}
        autoFocus
      />
      <SelectField
        label="Target Type"
        name="targetType"
        value={values.targetType}
        options={TARGET_TYPE_OPTIONS}
        onChange={(targetType) => setValues({ ...values, targetType: targetType as typeof values.targetType })}
        error={errors.targetType}
        required
        disabled={busy}
        margin="dense"
      />
      <TextField
        label="Description"
        name="description"
        value={values.description}
        onChange={(event) => setValues({ ...values, description: event.target.value })}
        multiline
        minRows={2}
        disabled={busy}
      />
    </FormDialog>
  );
}
