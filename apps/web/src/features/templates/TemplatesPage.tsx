import type { QuoteLayoutView, QuoteTemplateView } from '@quotebook/contracts';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { DEFAULT_TIME_ZONE, DOCUMENT_MESSAGES, formatDate, TEMPLATE_TYPES, todayIn, type TemplateType } from '@quotebook/domain';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { SearchField } from '../../shared/fields/SearchField';
import { ListPage } from '../../shared/page/ListPage';
import { successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { useTenantPage } from '../tenant/tenant-context';
import { LayoutDialog } from './LayoutDialog';
import { templateMatches } from './template-form';
import { DELETE_LAYOUT_CONFIRMATION, DELETE_TEMPLATE_CONFIRMATION, LAYOUT_OUTCOMES, TEMPLATE_OUTCOMES, TEMPLATE_TYPE_LABELS, TEMPLATES_PAGE_TITLE } from './template-texts';
import { useDeleteLayoutMutation, useDeleteTemplateMutation, useListLayoutsQuery, useListTemplatesQuery, useSetDefaultLayoutMutation } from './templates.api';

// the rich-text editor loads when a template is first opened: the lists come first
const TemplateDialog = lazy(() => import('./TemplateDialog').then((m) => ({ default: m.TemplateDialog })));

type Section = TemplateType | 'layout';

const SUBTITLE = 'I testi che i preventivi stampano, sezione per sezione, e i layout che li mettono in ordine.';

/** The day of an instant in the business time zone. */
const dayOf = (instant: string) => formatDate(todayIn(DEFAULT_TIME_ZONE, new Date(instant)));

const yesNo = (value: boolean) => <Chip size="small" label={value ? 'Sì' : 'No'} color={value ? 'success' : 'default'} variant="outlined" />;

/**
 * `/{keyword}/quote-templates` (Template Descrizioni): the agency's description templates, one tab per
 * section, and its layouts. For the agency's admins; anyone else is told so, and nothing is read.
 */
export function TemplatesPage() {
  const { tenant, user } = useTenantPage();
  if (!user || user.role === 'tenant_user') {
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {DOCUMENT_MESSAGES.templatesAdminOnly}
      </Alert>
    );
  }
  return <TemplatesManager tenantId={tenant.id} />;
}

function TemplatesManager({ tenantId }: { tenantId: string }) {
  const [section, setSection] = useState<Section>('premessa');
  const [search, setSearch] = useState('');

  const tabs = (
    <Tabs value={section} onChange={(_event, next: Section) => setSection(next)} aria-label="Tipi di template" variant="scrollable" allowScrollButtonsMobile>
      {TEMPLATE_TYPES.map((type) => (
        <Tab key={type} value={type} label={TEMPLATE_TYPE_LABELS[type]} />
      ))}
      <Tab value="layout" label="Layout" />
    </Tabs>
  );
  // what both lists show around their rows: the page's title, the search box and the tabs
  const frame: SectionFrame = {
    title: TEMPLATES_PAGE_TITLE,
    subtitle: SUBTITLE,
    filters: <SearchField value={search} onChange={setSearch} placeholder={section === 'layout' ? 'Cerca per nome o descrizione...' : 'Cerca per titolo o contenuto...'} />,
    summary: tabs,
    filtersActive: search.trim() !== '',
  };

  return section === 'layout' ? (
    <LayoutsList tenantId={tenantId} frame={frame} search={search} />
  ) : (
    <TemplatesList tenantId={tenantId} type={section} frame={frame} search={search} />
  );
}

interface SectionFrame {
  title: string;
  subtitle: string;
  filters: ReactNode;
  summary: ReactNode;
  filtersActive: boolean;
}

interface SectionProps {
  tenantId: string;
  frame: SectionFrame;
  search: string;
}

function TemplatesList({ tenantId, type, frame, search }: SectionProps & { type: TemplateType }) {
  const [deleteTemplate] = useDeleteTemplateMutation();
  const label = TEMPLATE_TYPE_LABELS[type];
  return (
    <ListPage<QuoteTemplateView>
      {...frame}
      noun="template"
      list={useListTemplatesQuery(tenantId)}
      filter={(templates) => templates.filter((template) => template.templateType === type && templateMatches(template, search))}
      columns={[
        { header: 'Titolo', cell: (template) => template.title },
        { header: 'Attivo', cell: (template) => yesNo(template.isActive) },
        { header: 'Stampa intestazione', cell: (template) => yesNo(template.headerPrint) },
        { header: 'Aggiornato', cell: (template) => dayOf(template.updatedAt) },
      ]}
      nameOf={(template) => template.title}
      empty={{ title: `Nessun template ${label}`, hint: 'Aggiungi il primo testo di questa sezione.' }}
      noMatch={{ title: 'Nessun template trovato', hint: 'Prova a cambiare la ricerca.' }}
      editor={(template, close) => (
        <Suspense>
          <TemplateDialog tenantId={tenantId} template={template} type={type} onClose={close} />
        </Suspense>
      )}
      remove={{
        confirmation: DELETE_TEMPLATE_CONFIRMATION,
        run: (template) => deleteTemplate({ tenantId, id: template.id }),
        toasts: TEMPLATE_OUTCOMES.delete,
      }}
    />
  );
}

function layoutMatches(layout: QuoteLayoutView, search: string): boolean {
  const term = search.trim().toLocaleLowerCase('it');
  return !term || `${layout.name} ${layout.description ?? ''}`.toLocaleLowerCase('it').includes(term);
}

function LayoutsList({ tenantId, frame, search }: SectionProps) {
  const [deleteLayout] = useDeleteLayoutMutation();
  const [setDefaultLayout] = useSetDefaultLayoutMutation();
  const toast = useToast();

  const makeDefault = async (layout: QuoteLayoutView) => {
    try {
      await setDefaultLayout({ tenantId, id: layout.id }).unwrap();
      toast(successToast(LAYOUT_OUTCOMES.setDefault.success));
    } catch (error) {
      toast(LAYOUT_OUTCOMES.setDefault.failureToast(error));
    }
  };

  return (
    <ListPage<QuoteLayoutView>
      {...frame}
      noun="layout"
      list={useListLayoutsQuery(tenantId)}
      filter={(layouts) => layouts.filter((layout) => layoutMatches(layout, search))}
      columns={[
        {
          header: 'Nome',
          cell: (layout) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <span>{layout.name}</span>
              {layout.isDefault && <Chip size="small" color="primary" icon={<StarIcon />} label="Default" />}
            </Box>
          ),
        },
        {
          header: 'Descrizione',
          cell: (layout) =>
            layout.description || (
              <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                —
              </Typography>
            ),
        },
        { header: 'Elementi', cell: (layout) => layout.elements.length },
      ]}
      nameOf={(layout) => layout.name}
      empty={{ title: 'Nessun layout', hint: 'Un layout mette in ordine la tabella del preventivo e i template da stampare.' }}
      noMatch={{ title: 'Nessun layout trovato', hint: 'Prova a cambiare la ricerca.' }}
      extraActions={(layout) => [
        {
          label: 'Imposta come default',
          icon: layout.isDefault ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />,
          onClick: () => void makeDefault(layout),
          disabled: layout.isDefault,
          tooltip: layout.isDefault ? 'Questo è il layout di default' : undefined,
        },
      ]}
      editor={(layout, close) => <LayoutDialog tenantId={tenantId} layout={layout} onClose={close} />}
      remove={{
        confirmation: DELETE_LAYOUT_CONFIRMATION,
        run: (layout) => deleteLayout({ tenantId, id: layout.id }),
        toasts: LAYOUT_OUTCOMES.delete,
      }}
    />
  );
}
