import type { QuoteTemplateView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { DEFAULT_LANGUAGE, TEMPLATE_CONTENT_LIMITS, templateContentTooBig, type TemplateType } from '@quotebook/domain';
import { useEffect, useMemo, useState } from 'react';
import { SelectField } from '../../shared/fields/SelectField';
import { dialogTexts, FormDialog } from '../../shared/form-dialog/FormDialog';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { languageLabel } from '../../shared/formatters';
import { useTenantPage } from '../tenant/tenant-context';
import { RichTextEditor } from './RichTextEditor';
import { SignatureUpload } from './SignatureUpload';
import { contentTooBig, hasText, templateFormFrom, templateRequestFrom, validateTemplateForm, type TemplateFormValues } from './template-form';
import { TEMPLATE_OUTCOMES, TEMPLATE_TYPE_OPTIONS } from './template-texts';
import { useCreateTemplateMutation, useUpdateTemplateMutation } from './templates.api';

interface TemplateDialogProps {
  tenantId: string;
  /** the template to edit; absent for a new one */
  template?: QuoteTemplateView;
  /** the type a new template starts with: the tab it was added from */
  type: TemplateType;
  onClose: () => void;
}

/** The editor refuses to nest deeper than a template may; the other bounds are told as they are passed. */
const DEPTH_LIMIT = { maxDepth: TEMPLATE_CONTENT_LIMITS.depth, message: templateContentTooBig('depth') };

function SwitchField({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
  return <FormControlLabel label={label} control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={disabled} />} />;
}

export function TemplateDialog({ tenantId, template, type, onClose }: TemplateDialogProps) {
  const [createTemplate] = useCreateTemplateMutation();
  const [updateTemplate] = useUpdateTemplateMutation();
  const form = useEntityForm<TemplateFormValues>({
    initial: () => templateFormFrom(template, type),
    validate: validateTemplateForm,
    save: (values) => {
      const body = templateRequestFrom(values);
      return template ? updateTemplate({ tenantId, id: template.id, body }) : createTemplate({ tenantId, body });
    },
    ...TEMPLATE_OUTCOMES[template ? 'update' : 'create'],
    onSaved: onClose,
  });
  // the template is saved with its image once the upload has finished
  const [uploading, setUploading] = useState(false);
  const { values, errors, busy } = form;
  // a signature belongs to the firma section; one set on another type stays visible, so it can be removed
  const showSignature = values.templateType === 'firma' || values.signatureImagePath !== null;
  // what the content is now: empty (once saving was tried), or past a bound (told as it is written)
  const contentError = useMemo(() => (hasText(values.content) ? contentTooBig(values.content) : errors.content), [values.content, errors.content]);

  // a text per language of the agency (and any the template already has), Italian its own and the fallback
  const agency = useTenantPage() as ReturnType<typeof useTenantPage> | undefined;
  const languages = [
    DEFAULT_LANGUAGE,
    ...new Set([...(agency?.tenant.languages ?? []), ...Object.keys(template?.translations ?? {})].filter((code) => code !== DEFAULT_LANGUAGE)),
  ];
  const [language, setLanguage] = useState<string>(DEFAULT_LANGUAGE);
  const translation = values.translations[language] ?? { title: '', content: '' };
  const setTranslation = (change: Partial<{ title: string; content: string }>) =>
    form.set('translations', { ...values.translations, [language]: { ...translation, ...change } });
  const translationError = hasText(translation.content) ? contentTooBig(translation.content) : undefined;
  // a refused Italian text is shown where it is written
  useEffect(() => {
    if (errors.title || errors.content) setLanguage(DEFAULT_LANGUAGE);
  }, [errors.title, errors.content]);

  return (
    <FormDialog {...dialogTexts('template', Boolean(template))} busy={busy} onSubmit={uploading ? () => undefined : form.submit} onClose={onClose} maxWidth="md">
      <SelectField label="Tipo" options={TEMPLATE_TYPE_OPTIONS} {...form.select('templateType')} onChange={(value) => form.set('templateType', value as TemplateType)} />
      {languages.length > 1 && (
        <Tabs value={language} onChange={(_event, next: string) => setLanguage(next)} aria-label="Lingua del testo" variant="scrollable" allowScrollButtonsMobile>
          {languages.map((code) => (
            <Tab key={code} value={code} label={languageLabel(code)} />
          ))}
        </Tabs>
      )}
      {language === DEFAULT_LANGUAGE ? (
        <>
          <TextField label="Titolo" required autoFocus {...form.text('title')} />
          <RichTextEditor
            key={DEFAULT_LANGUAGE}
            label="Contenuto"
            value={values.content}
            onChange={(html) => form.set('content', html)}
            error={contentError}
            disabled={busy}
            depthLimit={DEPTH_LIMIT}
          />
        </>
      ) : (
        <>
          <TextField
            label={`Titolo (${languageLabel(language)})`}
            value={translation.title}
            onChange={(event) => setTranslation({ title: event.target.value })}
            helperText="Vuoto: si stampa il titolo italiano"
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          <RichTextEditor
            key={language}
            label={`Contenuto (${languageLabel(language)})`}
            value={translation.content}
            onChange={(html) => setTranslation({ content: html })}
            error={translationError ?? errors.translations}
            disabled={busy}
            depthLimit={DEPTH_LIMIT}
          />
        </>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        <SwitchField label="Stampa intestazione" checked={values.headerPrint} onChange={(checked) => form.set('headerPrint', checked)} disabled={busy} />
        <SwitchField label="Attivo" checked={values.isActive} onChange={(checked) => form.set('isActive', checked)} disabled={busy} />
      </Box>
      {showSignature && (
        <SignatureUpload
          tenantId={tenantId}
          value={values.signatureImagePath}
          onChange={(path) => form.set('signatureImagePath', path)}
          onUploadingChange={setUploading}
          disabled={busy}
        />
      )}
    </FormDialog>
  );
}
