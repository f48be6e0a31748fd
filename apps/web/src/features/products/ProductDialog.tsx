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
import { ConfirmDialog } from '../../shared/confirm-dialog/ConfirmDialog';
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
  ITALIAN,
  productFormFrom,
  productRequestFrom,
  productTexts,
  validateProductForm,
  vatRateOptions,
  type ProductFormErrors,
  type ProductFormValues,
  type ProductTexts,
} from './product-form';
import { hasTexts, languagesToCreate, sameTexts, textsByLanguage, type TextsByLanguage } from './product-texts';
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

/** A question the dialog is waiting on: switching language would drop edits, copying would overwrite. */
type Pending = { kind: 'switch'; language: string } | { kind: 'copy' } | null;

const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

/**
 * Each language's texts are kept apart; duration, VAT rate and tags belong to every language.
 * - Adding: whatever is written in any language stays while switching, and the product is created in
 *   Italian (its name on screen) with every other language written in added to it.
 * - Editing: one language at a time, as saved; switching reloads the other language's saved texts, so
 *   unsaved edits of the language shown are dropped only once the user agrees.
 * - Copy from Italian replaces a translation that exists only once the user agrees.
 */
export function ProductDialog({ tenantId, languages, product, productTags, onClose }: ProductDialogProps) {
  // the product as last saved: copy-from-Italian changes it while the dialog stays open
  const [saved, setSaved] = useState(product);
  const [shared, setShared] = useState(() => productFormFrom(product));
  const [drafts, setDrafts] = useState<TextsByLanguage>(() => textsByLanguage(product, languages));
  const [language, setLanguage] = useState<string>(ITALIAN);
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [pending, setPending] = useState<Pending>(null);
  // read when the dialog opens, not with the page: the list itself needs no VAT rates
  const { data: vatRates = [] } = useListVatRatesQuery(tenantId);
  const [createProduct, { isLoading: creating }] = useCreateProductMutation();
  const [updateProduct, { isLoading: updating }] = useUpdateProductMutation();
  const [setProductTags, { isLoading: tagging }] = useSetProductTagsMutation();
  const [copyFromItalian, { isLoading: copying }] = useCopyFromItalianMutation();
  const toast = useToast();
  const busy = creating || updating || tagging || copying;

  const texts = drafts[language] ?? productTexts(undefined, language);
  const savedTexts = (code: string) => productTexts(saved, code);
  const valuesIn = (code: string, own: ProductTexts = drafts[code]): ProductFormValues => ({ ...shared, ...own, language: code });
  const unsaved = Boolean(saved) && !sameTexts(texts, savedTexts(language));

  const text = (field: keyof ProductTexts) => (event: ChangeEvent<HTMLInputElement>) =>
    setDrafts({ ...drafts, [language]: { ...texts, [field]: event.target.value } });

  const showLanguage = (code: string) => {
    setLanguage(code);
    setErrors({});
  };

  const switchTo = (code: string) => {
    if (code === language) return;
    if (unsaved) setPending({ kind: 'switch', language: code });
    else showLanguage(code);
  };

  const discardAndSwitch = (code: string) => {
    setDrafts({ ...drafts, [language]: savedTexts(language) });
    setPending(null);
    showLanguage(code);
  };

  /** The first language whose texts break a rule is shown with its error; nothing is sent. */
  const problemsIn = (codes: readonly string[]): boolean => {
    for (const code of codes) {
      const problems = validateProductForm(valuesIn(code));
      if (Object.keys(problems).length) {
        setLanguage(code);
        setErrors(problems);
        return true;
      }
    }
    setErrors({});
    return false;
  };

  /** A failed tag assignment is logged and does not undo the saved product. */
  const saveTags = async (productId: string) => {
    if (sameTagIds(shared.tagIds, product?.tagIds ?? [])) return;
    try {
      await setProductTags({ tenantId, productId, tagIds: shared.tagIds }).unwrap();
    } catch (error) {
      console.warn('Could not save the product tags', error);
    }
  };

  const create = async () => {
    const codes = languagesToCreate(drafts, languages);
    if (problemsIn(codes)) return;
    const [italian, ...translations] = codes;
    let created: ProductView;
    try {
      created = await createProduct({ tenantId, body: productRequestFrom(valuesIn(italian)) }).unwrap();
    } catch (error) {
      toast(failureToast(error, 'Failed to create product'));
      return;
    }
    try {
      for (const code of translations) {
        await updateProduct({ tenantId, productId: created.id, body: productRequestFrom(valuesIn(code)) }).unwrap();
      }
      await saveTags(created.id);
      toast(successToast('Product created successfully'));
    } catch (error) {
      // the product exists (in Italian): sending it again would make a second one, so the dialog
      // closes and the product's own Edit adds the missing language
      toast(failureToast(error, 'Failed to update product'));
    }
    onClose();
  };

  const update = async (current: ProductView) => {
    // a language nothing is written in yet changes only what every language shares: sent with the
    // Italian texts as saved, so no translation is asked for
    const sharedOnly = language !== ITALIAN && !hasTexts(texts) && !hasTexts(savedTexts(language));
    const code = sharedOnly && hasTexts(savedTexts(ITALIAN)) ? ITALIAN : language;
    const values = valuesIn(code, code === language ? texts : savedTexts(ITALIAN));
    if (code === language && problemsIn([language])) return;
    try {
      await updateProduct({ tenantId, productId: current.id, body: productRequestFrom(values) }).unwrap();
      await saveTags(current.id);
      toast(successToast('Product updated successfully'));
      onClose();
    } catch (error) {
      toast(failureToast(error, 'Failed to update product'));
    }
  };

  const submit = () => (product ? update(product) : create());

  const copy = async () => {
    setPending(null);
    if (!saved) return;
    try {
      const updated = await copyFromItalian({ tenantId, productId: saved.id, targetLanguages: [language] }).unwrap();
      setSaved(updated);
      setDrafts({ ...drafts, [language]: productTexts(updated, language) });
      setErrors({});
      toast(successToast('Content copied from Italian successfully'));
    } catch (error) {
      toast(failureToast(error, 'Failed to copy content from Italian'));
    }
  };

  const askBeforeCopying = () => {
    if (hasTexts(texts) || hasTexts(savedTexts(language))) setPending({ kind: 'copy' });
    else void copy();
  };

  const copyButton = canCopyFromItalian(saved, language) && (
    <Button
      variant="outlined"
      size="small"
      onClick={askBeforeCopying}
      disabled={busy}
      startIcon={copying ? <CircularProgress size={14} color="inherit" /> : <ContentCopyIcon fontSize="small" />}
    >
      Copy from Italian
    </Button>
  );

  const shownName = languageLabel(language);

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
            value={language}
            onChange={(_event, code: string | null) => code && switchTo(code)}
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
        {`Texts in ${shownName}`}
      </Typography>
      <Box sx={twoColumns}>
        <TextField
          label="Title"
          name="title"
          value={texts.title}
          onChange={text('title')}
          error={Boolean(errors.title)}
          helperText={errors.title}
          required
          disabled={busy}
          autoFocus
        />
        <TextField label="Subtitle" name="subtitle" value={texts.subtitle} onChange={text('subtitle')} disabled={busy} />
      </Box>
      <TextField
        label="Short Description"
        name="shortDescription"
        value={texts.shortDescription}
        onChange={text('shortDescription')}
        multiline
        minRows={2}
        disabled={busy}
      />
      <TextField
        label="Extended Description"
        name="extendedDescription"
        value={texts.extendedDescription}
        onChange={text('extendedDescription')}
        multiline
        minRows={4}
        disabled={busy}
      />
      <Box sx={{ ...twoColumns, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 2fr' } }}>
        <SelectField
          label="Duration (hours)"
          name="durationHours"
          value={shared.durationHours}
          options={DURATION_HOUR_OPTIONS}
          onChange={(durationHours) => setShared({ ...shared, durationHours })}
          disabled={busy}
          margin="dense"
        />
        <SelectField
          label="Duration (minutes)"
          name="durationMinutes"
          value={shared.durationMinutes}
          options={DURATION_MINUTE_OPTIONS}
          onChange={(durationMinutes) => setShared({ ...shared, durationMinutes })}
          disabled={busy}
          margin="dense"
        />
        <SelectField
          label="VAT Rate"
          name="vatRateId"
          value={shared.vatRateId}
          options={vatRateOptions(vatRates)}
          onChange={(vatRateId) => setShared({ ...shared, vatRateId })}
          disabled={busy}
          margin="dense"
        />
      </Box>
      <TagPicker
        tags={productTags}
        value={shared.tagIds}
        onChange={(tagIds) => setShared({ ...shared, tagIds })}
        disabled={busy}
        emptyHint="No product tags yet: create them on the Tags page."
      />
      <ConfirmDialog
        open={pending?.kind === 'switch'}
        title="Discard unsaved changes?"
        message={
          pending?.kind === 'switch'
            ? `Your changes to the texts in ${shownName} are not saved. Discard them and show the texts in ${languageLabel(pending.language)}? To keep them, choose Cancel and save first.`
            : ''
        }
        confirmLabel="Discard Changes"
        onConfirm={() => pending?.kind === 'switch' && discardAndSwitch(pending.language)}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending?.kind === 'copy'}
        title={`Overwrite the texts in ${shownName}?`}
        message={`The title, subtitle and descriptions in ${shownName} will be replaced by the Italian ones. This cannot be undone.`}
        confirmLabel="Overwrite"
        onConfirm={() => void copy()}
        onCancel={() => setPending(null)}
      />
    </FormDialog>
  );
}
