import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DEFAULT_LANGUAGE, DOCUMENT_MESSAGES, documentFileName, PREVIEW_AUTO_TRIGGER_MS } from '@quotebook/domain';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SelectField } from '../../shared/fields/SelectField';
import { languageLabel } from '../../shared/formatters';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { usePhone } from '../../shared/use-phone';
import { useTenantPage } from '../tenant/tenant-context';
import { useListLayoutsQuery } from '../templates/templates.api';
import { documentRefusal, DOWNLOAD_ERROR_TITLE, downloadErrorText, EmptyDocumentError, framedHtml, printHtml, saveFile } from './document-files';
import { useDownloadDocumentMutation, useGeneratePreviewMutation, type FileFormat } from './documents.api';

export const PREVIEW_LOADING_TEXT = 'Generazione anteprima...';
export const GENERATION_ERROR_TITLE = 'Errore nella generazione';

interface DocumentPreviewDialogProps {
  tenantId: string;
  /** the agency's keyword: where its templates page is */
  keyword: string;
  /** whether the user may make layouts (the templates page is for admins) */
  canManageLayouts: boolean;
  quote: { id: string; shortId: string };
  /** the agency's languages; by default those of the agency whose pages the dialog opens on */
  languages?: readonly string[];
  /** the language the preview starts in (the customer's); Italian by default */
  language?: string;
  onClose: () => void;
}

/** A document in a layout and a language: what a preview or a refusal was for. */
const documentKey = (layoutId: string, language: string) => `${layoutId}|${language}`;

type Running = FileFormat | 'print';

function PreviewMessage({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, p: 3, textAlign: 'center' }}>
      {children}
    </Box>
  );
}

/**
 * 'Anteprima Documento': the quote in a layout (the agency's default one preselected), previewed a
 * moment after opening in a frame that runs nothing, and downloaded as Word or PDF, or printed.
 */
export function DocumentPreviewDialog({ tenantId, keyword, canManageLayouts, quote, languages, language: initialLanguage, onClose }: DocumentPreviewDialogProps) {
  // outside the agency's pages (a dialog shown on its own) there is no agency context: Italian only
  const agency = useTenantPage() as ReturnType<typeof useTenantPage> | undefined;
  const offered = languages ?? agency?.tenant.languages ?? [DEFAULT_LANGUAGE];
  const languageCodes = [DEFAULT_LANGUAGE, ...offered.filter((code) => code !== DEFAULT_LANGUAGE)];
  const [language, setLanguage] = useState(initialLanguage ?? DEFAULT_LANGUAGE);
  const titleId = useId();
  const phone = usePhone();
  const toast = useToast();
  const layouts = useListLayoutsQuery(tenantId);
  const [generatePreview] = useGeneratePreviewMutation();
  const [downloadDocument] = useDownloadDocumentMutation();
  // null until the user picks one: the default layout meanwhile
  const [picked, setPicked] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ key: string; html: string } | null>(null);
  // why the server would not make the previewed document: said where the preview would be
  const [refusal, setRefusal] = useState<{ key: string; message: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const [running, setRunning] = useState<Running | null>(null);
  const openedAt = useRef(Date.now());
  const latest = useRef(0);

  const layoutList = layouts.data ?? [];
  const layoutId = picked ?? layoutList.find((layout) => layout.isDefault)?.id ?? '';
  const currentKey = documentKey(layoutId, language);

  /** The preview of a layout in a language; its HTML, or null after a failure (reported). The latest request wins. */
  const generate = useCallback(
    async (id: string, lang: string): Promise<string | null> => {
      const request = ++latest.current;
      setLoading(true);
      try {
        const html = await generatePreview({ tenantId, quoteId: quote.id, layoutId: id, language: lang }).unwrap();
        if (request === latest.current) {
          setPreview({ key: documentKey(id, lang), html });
          setRefusal(null);
        }
        return html;
      } catch (error) {
        if (request === latest.current) {
          setPreview(null);
          const message = documentRefusal(error);
          setRefusal(message ? { key: documentKey(id, lang), message } : null);
          if (!message) toast({ title: GENERATION_ERROR_TITLE, description: messageOr(error, DOCUMENT_MESSAGES.generationFailed), variant: 'destructive' });
        }
        return null;
      } finally {
        if (request === latest.current) setLoading(false);
      }
    },
    [generatePreview, tenantId, quote.id, toast],
  );

  // the preview comes by itself: a moment after opening, and whenever another layout or language is chosen
  useEffect(() => {
    if (!layoutId) return;
    const wait = Math.max(0, openedAt.current + PREVIEW_AUTO_TRIGGER_MS - Date.now());
    const timer = setTimeout(() => void generate(layoutId, language), wait);
    return () => clearTimeout(timer);
  }, [layoutId, language, generate]);

  const download = async (format: FileFormat) => {
    setRunning(format);
    try {
      const file = await downloadDocument({ tenantId, quoteId: quote.id, layoutId, language, format }).unwrap();
      if (!file.url || file.size === 0) throw new EmptyDocumentError();
      const fileName = file.fileName ?? documentFileName(quote.id, format);
      saveFile(file.url, fileName);
      toast({ title: 'Documento generato', description: fileName });
    } catch (error) {
      toast({ title: DOWNLOAD_ERROR_TITLE, description: downloadErrorText(error), variant: 'destructive' });
    } finally {
      setRunning(null);
    }
  };

  const print = async () => {
    setRunning('print');
    try {
      const html = preview?.key === currentKey ? preview.html : await generate(layoutId, language);
      if (html) printHtml(html);
    } finally {
      setRunning(null);
    }
  };

  const shown = preview?.key === currentKey ? preview : null;
  let body: ReactNode;
  if (layouts.isLoading) {
    body = (
      <PreviewMessage>
        <CircularProgress size={28} aria-label="Caricamento layout" />
      </PreviewMessage>
    );
  } else if (layouts.isError) {
    body = (
      <PreviewMessage>
        <Typography>Impossibile leggere i layout.</Typography>
        <Button onClick={() => void layouts.refetch()}>Riprova</Button>
      </PreviewMessage>
    );
  } else if (layoutList.length === 0) {
    body = (
      <PreviewMessage>
        <Typography sx={{ fontWeight: 600 }}>Nessun layout disponibile.</Typography>
        {canManageLayouts ? (
          <Typography variant="body2">
            Crea un layout nella pagina{' '}
            <Link component={RouterLink} to={`/${keyword}/quote-templates`} onClick={onClose}>
              Template Descrizioni
            </Link>
            .
          </Typography>
        ) : (
          <Typography variant="body2">Chiedi a un amministratore di crearne uno.</Typography>
        )}
      </PreviewMessage>
    );
  } else if (!layoutId) {
    body = (
      <PreviewMessage>
        <Typography>Seleziona un layout per vedere l&apos;anteprima del documento.</Typography>
      </PreviewMessage>
    );
  } else if (loading) {
    body = (
      <PreviewMessage>
        <CircularProgress size={28} aria-hidden />
        <Typography role="status">{PREVIEW_LOADING_TEXT}</Typography>
      </PreviewMessage>
    );
  } else if (shown) {
    body = (
      <Box
        component="iframe"
        title={`Anteprima del preventivo #${quote.shortId}`}
        sandbox=""
        srcDoc={framedHtml(shown.html)}
        sx={{ width: '100%', height: '100%', border: 0, display: 'block', bgcolor: 'common.white' }}
      />
    );
  } else if (refusal?.key === currentKey) {
    body = (
      <PreviewMessage>
        <Typography sx={{ fontWeight: 600 }}>{GENERATION_ERROR_TITLE}</Typography>
        <Typography role="alert" variant="body2" sx={{ maxWidth: 560 }}>
          {refusal.message}
        </Typography>
      </PreviewMessage>
    );
  } else {
    body = (
      <PreviewMessage>
        <Typography>Anteprima non disponibile.</Typography>
      </PreviewMessage>
    );
  }

  const noLayout = !layoutId;
  const progress = (format: Running, icon: ReactNode) => (running === format ? <CircularProgress size={16} color="inherit" /> : icon);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="lg" fullScreen={phone}>
      <DialogTitle id={titleId}>Anteprima Documento</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {`Preventivo #${quote.shortId}`}
          </Typography>
          <SelectField
            label="Layout"
            name="layout"
            value={layoutId}
            options={[
              { value: '', label: 'Seleziona un layout' },
              ...layoutList.map((layout) => ({ value: layout.id, label: layout.isDefault ? `${layout.name} (default)` : layout.name })),
            ]}
            onChange={setPicked}
            size="small"
            margin="none"
            minWidth={260}
            disabled={layouts.isLoading || layoutList.length === 0}
          />
          {languageCodes.length > 1 && (
            <SelectField
              label="Lingua"
              name="language"
              value={language}
              options={languageCodes.map((code) => ({ value: code, label: languageLabel(code) }))}
              onChange={setLanguage}
              size="small"
              margin="none"
              minWidth={160}
            />
          )}
          <Button startIcon={<RefreshIcon />} onClick={() => void generate(layoutId, language)} disabled={noLayout || loading}>
            Ricarica anteprima
          </Button>
        </Box>
        <Box
          aria-busy={loading}
          sx={{ height: { xs: '60vh', md: '70vh' }, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: 'background.default' }}
        >
          {body}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} sx={{ mr: 'auto' }}>
          Chiudi
        </Button>
        <Button variant="outlined" startIcon={progress('word', <ArticleOutlinedIcon />)} onClick={() => void download('word')} disabled={noLayout || running === 'word'}>
          Scarica Word
        </Button>
        <Button variant="outlined" startIcon={progress('pdf', <PictureAsPdfOutlinedIcon />)} onClick={() => void download('pdf')} disabled={noLayout || running === 'pdf'}>
          Scarica PDF
        </Button>
        <Button variant="contained" startIcon={progress('print', <PrintOutlinedIcon />)} onClick={() => void print()} disabled={noLayout || running === 'print'}>
          Stampa
        </Button>
      </DialogActions>
    </Dialog>
  );
}
