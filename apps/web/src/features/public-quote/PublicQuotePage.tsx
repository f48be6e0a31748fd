import type { QuoteAnswer } from '@quotebook/contracts';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { isApiError } from '../../shared/http-errors';
import { publicQuoteLabels } from './public-quote-labels';
import { publicPdfUrl, publicQuoteApi, useGetPublicQuoteQuery } from './public-quote.api';
import { AnswerPanel } from './AnswerPanel';
import { PublicQuoteDocument } from './PublicQuoteDocument';

/** Keeps search engines off the page while it is shown: a link is for its customer only. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/** `<html lang>` follows the language the page is written in, and is given back when the page goes. */
function useDocumentLanguage(language: string) {
  useEffect(() => {
    const root = document.documentElement;
    const before = root.getAttribute('lang');
    root.setAttribute('lang', language);
    return () => {
      if (before === null) root.removeAttribute('lang');
      else root.setAttribute('lang', before);
    };
  }, [language]);
}

function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 4 }, overflowX: 'hidden' }}>
      <Container maxWidth="md" sx={{ px: { xs: 1.5, sm: 3 } }}>
        {children}
      </Container>
    </Box>
  );
}

/** Until the quote says its language, the page speaks Italian, the agencies' own language. */
const ITALIAN = publicQuoteLabels('it');
const ENGLISH = publicQuoteLabels('en');

/**
 * The page a customer opens from the link in the e-mail (`/q/{token}`): the latest sent revision of
 * the quote in the customer's language, with the answer. It stands outside the signed-in app: it
 * reads nothing of an agency session and sends no credentials.
 */
export function PublicQuotePage() {
  const token = useParams()['token'] ?? '';
  const dispatch = useAppDispatch();
  const { data: view, error, isLoading, isFetching, refetch } = useGetPublicQuoteQuery(token, { refetchOnMountOrArgChange: true });
  const language = view?.language ?? 'it';
  const labels = publicQuoteLabels(language);
  const [notice, setNotice] = useState<string | null>(null);
  // the optional lines ticked, for the revision they were ticked on: a newer revision starts with none
  const [ticked, setTicked] = useState<{ revision: number; ids: string[] }>({ revision: 0, ids: [] });
  useNoIndex();
  useDocumentLanguage(language);

  useEffect(() => {
    if (view) document.title = `${labels.quote} #${view.quote.shortId} · ${view.agency.name}`;
  }, [view, labels.quote]);

  const answered = (answer: QuoteAnswer) =>
    dispatch(
      publicQuoteApi.util.updateQueryData('getPublicQuote', token, (draft) => {
        draft.answer = answer;
      }),
    );

  if (isLoading) {
    return (
      <PublicFrame>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
          <CircularProgress aria-label={ITALIAN.loading} />
        </Box>
      </PublicFrame>
    );
  }

  if (!view) {
    const status = isApiError(error) ? error.status : undefined;
    if (status === 404 || status === 400) {
      return (
        <PublicFrame>
          <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 10 }, px: 1 }}>
            <LinkOffIcon color="disabled" sx={{ fontSize: 56, mb: 2 }} />
            <Typography variant="h1" sx={{ mb: 1 }}>
              {ITALIAN.invalidLink}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{ITALIAN.invalidLinkHint}</Typography>
            <Typography lang="en" variant="body2" sx={{ color: 'text.secondary', mt: 3 }}>
              {`${ENGLISH.invalidLink}. ${ENGLISH.invalidLinkHint}`}
            </Typography>
          </Box>
        </PublicFrame>
      );
    }
    return (
      <PublicFrame>
        <Alert
          severity={status === 429 ? 'info' : 'error'}
          sx={{ mt: 4 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
              {ITALIAN.retry}
            </Button>
          }
        >
          {status === 429 ? ITALIAN.tooManyRequests : ITALIAN.loadFailed}
        </Alert>
      </PublicFrame>
    );
  }

  const choosable = !view.answer && !view.expired;
  const chosen = view.answer
    ? (view.answer.optionalLines ?? []).map((line) => line.itemId)
    : ticked.revision === view.revision
      ? ticked.ids
      : [];
  const toggle = (itemId: string) =>
    setTicked({ revision: view.revision, ids: chosen.includes(itemId) ? chosen.filter((id) => id !== itemId) : [...chosen, itemId] });

  return (
    <PublicFrame>
      {notice && (
        <Alert severity="info" role="alert" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <PublicQuoteDocument view={view} labels={labels} pdfUrl={publicPdfUrl(token)} chosen={chosen} onToggle={choosable ? toggle : undefined} />
      <AnswerPanel
        // a new revision starts a new answer
        key={view.revision}
        token={token}
        view={view}
        labels={labels}
        chosen={chosen}
        onAnswered={answered}
        onStale={(message) => {
          setNotice(message);
          void refetch();
        }}
      />
    </PublicFrame>
  );
}
