import type { ProductView, TagView } from '@quotebook/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent } from 'react';
import { SelectField } from '../../shared/fields/SelectField';
import { FormDialog } from '../../shared/form-dialog/FormDialog';
import { languageLabel } from '../../shared/formatters';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { sameTagIds } from '../tags/tag-form';
import { TagPicker } from '../tags/TagPicker';
import { useListVatRatesQuery } from '../vat-rates/vat-rates.api';
import {
  canCopyFromItalian,
  DURATION_HOUR_OPTIONS,
  DURATION_MINUTE_OPTIONS,
  productFormFrom,
  productRequestFrom,
  switchLanguage,
  validateProductForm,
  vatRateOptions,
  type ProductFormErrors,
  type ProductTexts,
} from './product-form';
import {
  useCopyFromItalianMutation,
  useCreateProductMutation,
  useSetProductTagsMutation,
  useUpdateProductMutation,
} from './products.api';

interface ProductDialogProps {
  tenantId: string;
  /** the agency's languages, Italian first */
  languages: readonly string[];
  product?: ProductView;
  productTags: readonly TagView[];
  onClose: () => void;
}

const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

export function ProductDialog({ tenantId, languages, product, productTags, onClose }: ProductDialogProps) {
  // the product as last saved: copy-from-Italian changes it while the dialog stays open
  const [saved, setSaved] = useState(product);
  const [values, setValues] = useState(() => productFormFrom(product));
  const [errors, setErrors] = useState<ProductFormErrors>({});
  // read when the dialog opens, not with the page: the list itself needs no VAT rates
  const { data: vatRates = [] } = useListVatRatesQuery(tenantId);
  const [createProduct, { isLoading: creating }] = useCreateProductMutation();
  const [updateProduct, { isLoading: updating }] = useUpdateProductMutation();
  const [setProductTags, { isLoading: tagging }] = useSetProductTagsMutation();
  const [copyFromItalian, { isLoading: copying }] = useCopyFromItalianMutation();
  const toast = useToast();
  const busy = creating || updating || tagging || copying;

  const text = (field: keyof ProductTexts) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.target.value });

  /** A failed tag assignment is logged and does not undo the saved product. */
  const saveTags = async (productId: string) => {
    if (sameTagIds(values.tagIds, product?.tagIds ?? [])) return;
    try {
      await setProductTags({ tenantId, productId, tagIds: values.tagIds }).unwrap();
    } catch (error) {
      console.warn('Could not save the product tags', error);
    }
  };

  const submit = async () => {
    const problems = validateProductForm(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const body = productRequestFrom(values);
    try {
      if (product) {
        await updateProduct({ tenantId, productId: product.id, body }).unwrap();
        await saveTags(product.id);
        toast(successToast('Product updated successfully'));
      } else {
        const created = await createProduct({ tenantId, body }).unwrap();
        await saveTags(created.id);
        toast(successToast('Product created successfully'));
      }
      onClose();
    } catch (error) {
      toast(failureToast(error, product ? 'Failed to update product' : 'Failed to create product'));
    }
  };

  const copy = async () => {
    if (!saved) return;
    try {
      const updated = await copyFromItalian({ tenantId, productId: saved.id, targetLanguages: [values.language] }).unwrap();
      setSaved(updated);
      setValues(switchLanguage(values, updated, values.language));
      setErrors({});
      toast(successToast('Content copied from Italian successfully'));
    } catch (error) {
      toast(failureToast(error, 'Failed to copy content from Italian'));
    }
  };

  const copyButton = canCopyFromItalian(saved, values.language) && (
    <Button
      variant="outlined"
      size="small"
      onClick={copy}
      disabled={busy}
      startIcon={copying ? <CircularProgress size={14} color="inherit" /> : <ContentCopyIcon fontSize="small" />}
    >
      Copy from Italian
    </Button>
  );

  return (
    <FormDialog
      title={product ? `Edit Product: ${product.code}` : 'Add Product'}
      submitLabel={product ? 'Save Changes' : 'Create Product'}
      busyLabel={product ? 'Saving...' : 'Creating...'}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="md"
    >
      {languages.length > 1 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label="Language"
            value={values.language}
            onChange={(_event, language: string | null) => language && setValues(switchLanguage(values, saved, language))}
            disabled={busy}
          >
            {languages.map((code) => (
              <ToggleButton key={code} value={code}>
                {languageLabel(code)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {copyButton}
        </Box>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {`Texts in ${languageLabel(values.language)}`}
      </Typography>
      <Box sx={twoColumns}>
        <TextField
          label="Title"
          name="title"
          value={values.title}
          onChange={text('title')}
          error={Boolean(errors.title)}
          helperText={errors.title}
          required
          disabled={busy}
          autoFocus
        />
        <TextField label="Subtitle" name="subtitle" value={values.subtitle} onChange={text('subtitle')} disabled={busy} />
      </Box>
      <TextField
        label="Short Description"
        name="shortDescription"
        value={values.shortDescription}
        onChange={text('shortDescription')}
        multiline
        minRows={2}
        disabled={busy}
      />
      <TextField
        label="Extended Description"
        name="extendedDescription"
        value={values.extendedDescription}
        onChange={text('extendedDescription')}
        multiline
        minRows={4}
        disabled={busy}
      />
      <Box sx={{ ...twoColumns, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 2fr' } }}>
        <SelectField
          label="Duration (hours)"
          name="durationHours"
          value={values.durationHours}
          options={DURATION_HOUR_OPTIONS}
          onChange={(durationHours) => setValues({ ...values, durationHours })}
          disabled={busy}
          margin="dense"
        />
        <SelectField
          label="Duration (minutes)"
          name="durationMinutes"
          value={values.durationMinutes}
          options={DURATION_MINUTE_OPTIONS}
          onChange={(durationMinutes) => setValues({ ...values, durationMinutes })}
          disabled={busy}
          margin="dense"
        />
        <SelectField
          label="VAT Rate"
          name="vatRateId"
          value={values.vatRateId}
          options={vatRateOptions(vatRates)}
          onChange={(vatRateId) => setValues({ ...values, vatRateId })}
          disabled={busy}
          margin="dense"
        />
      </Box>
      <TagPicker
        tags={productTags}
        value={values.tagIds}
        onChange={(tagIds) => setValues({ ...values, tagIds })}
        disabled={busy}
        emptyHint="No product tags yet: create them on the Tags page."
      />
    </FormDialog>
  );
}
