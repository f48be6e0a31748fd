import type { QuoteLayoutView, QuoteTemplateView } from '@quotebook/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import TableChartIcon from '@mui/icons-material/TableChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { htmlShape, MAX_LAYOUT_ELEMENTS, type HtmlShape } from '@quotebook/domain';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { SelectField } from '../../shared/fields/SelectField';
import { dialogTexts, FormDialog } from '../../shared/form-dialog/FormDialog';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { RowActions } from '../../shared/page/RowActions';
import {
  draftElement,
  layoutContentProblem,
  layoutFormFrom,
  layoutRequestFrom,
  moveElement,
  validateLayoutForm,
  type LayoutElementDraft,
  type LayoutFormValues,
} from './layout-form';
import { LAYOUT_OUTCOMES, TEMPLATE_TYPE_LABELS } from './template-texts';
import { useCreateLayoutMutation, useListTemplatesQuery, useUpdateLayoutMutation } from './templates.api';

export const QUOTE_TABLE_LABEL = 'Tabella del preventivo';
const MOVE_UP = 'Sposta su';
const MOVE_DOWN = 'Sposta giù';

interface LayoutDialogProps {
  tenantId: string;
  /** the layout to edit; absent for a new one */
  layout?: QuoteLayoutView;
  onClose: () => void;
}

type TemplateName = Pick<QuoteTemplateView, 'title' | 'templateType'>;

/** How an element is named in the list: the quote's table, or its template's title and section. */
function elementName(element: LayoutElementDraft, templates: ReadonlyMap<string, TemplateName>): { name: string; kind: string } {
  if (element.type === 'quotes') return { name: QUOTE_TABLE_LABEL, kind: 'Preventivo' };
  const template = element.templateId ? templates.get(element.templateId) : undefined;
  return template ? { name: template.title, kind: TEMPLATE_TYPE_LABELS[template.templateType] } : { name: 'Template non disponibile', kind: 'Template' };
}

export function LayoutDialog({ tenantId, layout, onClose }: LayoutDialogProps) {
  const [createLayout] = useCreateLayoutMutation();
  const [updateLayout] = useUpdateLayoutMutation();
  const { data: templates = [] } = useListTemplatesQuery(tenantId);
  // what each template weighs in a document, measured as the server measures the stored content
  const shapes = useMemo(() => new Map<string, HtmlShape>(templates.map((template) => [template.id, htmlShape(template.content)])), [templates]);
  const form = useEntityForm<LayoutFormValues>({
    initial: () => layoutFormFrom(layout),
    validate: (values) => validateLayoutForm(values, shapes),
    save: (values) => {
      const body = layoutRequestFrom(values);
      return layout ? updateLayout({ tenantId, id: layout.id, body }) : createLayout({ tenantId, body });
    },
    ...LAYOUT_OUTCOMES[layout ? 'update' : 'create'],
    onSaved: onClose,
  });
  const { values, errors, busy } = form;
  const [chosenTemplate, setChosenTemplate] = useState('');
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; label: string } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const listId = useId();
  const errorId = useId();

  // the layout's own answer names its templates until the agency's list is read
  const names = useMemo(() => {
    const known = new Map<string, TemplateName>();
    for (const element of layout?.elements ?? []) if (element.template) known.set(element.template.id, element.template);
    for (const template of templates) known.set(template.id, template);
    return known;
  }, [layout, templates]);
  const templateOptions = useMemo(
    () => [
      { value: '', label: 'Scegli un template' },
      ...templates.map((template) => ({
        value: template.id,
        label: `${TEMPLATE_TYPE_LABELS[template.templateType]} · ${template.title}${template.isActive ? '' : ' (non attivo)'}`,
      })),
    ],
    [templates],
  );

  // a moved element keeps the keyboard focus on the button that moved it
  useEffect(() => {
    if (!focusAfterMove) return;
    const row = listRef.current?.querySelector(`[data-key="${focusAfterMove.key}"]`);
    row?.querySelector<HTMLButtonElement>(`button[aria-label="${focusAfterMove.label}"]`)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const setElements = (elements: LayoutElementDraft[]) => form.set('elements', elements);
  const add = (element: LayoutElementDraft) => setElements([...values.elements, element]);
  const move = (index: number, step: -1 | 1, label: string) => {
    setElements(moveElement(values.elements, index, step));
    setFocusAfterMove({ key: values.elements[index].key, label });
  };
  const full = values.elements.length >= MAX_LAYOUT_ELEMENTS;
  // what the elements are now: none (once saving was tried), or templates past the layout's bounds
  // (told as soon as they are chosen)
  const elementsError = values.elements.length === 0 ? errors.elements : layoutContentProblem(values.elements, shapes);

  return (
    <FormDialog {...dialogTexts('layout', Boolean(layout))} busy={busy} onSubmit={form.submit} onClose={onClose}>
      <TextField label="Nome" required autoFocus {...form.text('name')} />
      <TextField label="Descrizione" multiline minRows={2} {...form.text('description')} />

      <Typography id={listId} variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Elementi del layout
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Il documento stampa gli elementi in quest&apos;ordine.
      </Typography>
      {values.elements.length === 0 ? (
        <Typography variant="body2" sx={{ py: 2, textAlign: 'center', color: elementsError ? 'error.main' : 'text.secondary' }}>
          Nessun elemento: aggiungi la tabella del preventivo o un template.
        </Typography>
      ) : (
        <Box
          component="ol"
          ref={listRef}
          aria-labelledby={listId}
          aria-describedby={elementsError ? errorId : undefined}
          sx={{ listStyle: 'none', p: 0, m: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {values.elements.map((element, index) => {
            const { name, kind } = elementName(element, names);
            const last = index === values.elements.length - 1;
            return (
              <Box
                component="li"
                key={element.key}
                data-key={element.key}
                aria-label={`${index + 1}. ${name}`}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1.5, py: 0.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
              >
                <Typography variant="body2" sx={{ color: 'text.secondary', width: 24 }} aria-hidden>
                  {index + 1}
                </Typography>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {name}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {kind}
                  </Typography>
                </Box>
                <RowActions
                  actions={[
                    { label: MOVE_UP, icon: <ArrowUpwardIcon fontSize="small" />, onClick: () => move(index, -1, MOVE_UP), disabled: busy || index === 0 },
                    { label: MOVE_DOWN, icon: <ArrowDownwardIcon fontSize="small" />, onClick: () => move(index, 1, MOVE_DOWN), disabled: busy || last },
                    {
                      label: 'Rimuovi',
                      icon: <DeleteOutlinedIcon fontSize="small" />,
                      onClick: () => setElements(values.elements.filter((other) => other.key !== element.key)),
                      destructive: true,
                      disabled: busy,
                    },
                  ]}
                />
              </Box>
            );
          })}
        </Box>
      )}
      {elementsError && (
        <FormHelperText id={errorId} error role="alert" sx={{ whiteSpace: 'pre-line' }}>
          {elementsError}
        </FormHelperText>
      )}

      <Box role="group" aria-label="Aggiungi un elemento" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 2 }}>
        <Button variant="outlined" startIcon={<TableChartIcon />} disabled={busy || full} onClick={() => add(draftElement('quotes', null))}>
          Aggiungi tabella preventivo
        </Button>
        {/* the chooser keeps room for a template's name ("Condizioni · Condizioni generali"); on a narrow
            screen the button wraps under it rather than squeezing it to a few pixels */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, flex: '1 1 100%' }}>
          <Box sx={{ flex: '1 1 240px', minWidth: 220 }}>
            <SelectField label="Template" name="template" value={chosenTemplate} options={templateOptions} onChange={setChosenTemplate} size="small" margin="none" disabled={busy} />
          </Box>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={busy || full || !chosenTemplate}
            onClick={() => {
              add(draftElement('template', chosenTemplate));
              setChosenTemplate('');
            }}
            sx={{ flexShrink: 0 }}
          >
            Aggiungi template
          </Button>
        </Box>
      </Box>
    </FormDialog>
  );
}
