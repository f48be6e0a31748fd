import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, Suspense, useId } from 'react';
import { EmptyState } from '../../shared/page/EmptyState';
import { LoadError } from '../../shared/page/LoadError';

export const EXPORT_CSV = 'Esporta CSV';

/** What a report's call is doing, as RTK Query says it. */
export interface ReportState {
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface ReportCardProps {
  title: string;
  subtitle?: string;
  state: ReportState;
  /** whether the answer holds anything to draw */
  empty: boolean;
  /** the CSV export, when there is an answer */
  onExport?: () => void;
  children: ReactNode;
}

/**
 * One report of the page: its title and export, and the chart or table, or what stands for it while it
 * loads, when it failed, or when the period holds nothing.
 */
export function ReportCard({ title, subtitle, state, empty, onExport, children }: ReportCardProps) {
  const headingId = useId();
  let body: ReactNode = children;
  if (state.isLoading) body = <Skeleton variant="rectangular" height={220} aria-label={`${title}: caricamento`} />;
  else if (state.isError) body = <LoadError message={`Impossibile caricare: ${title}`} onRetry={() => void state.refetch()} />;
  else if (empty) body = <EmptyState title="Nessun dato nel periodo" hint="Cambia il periodo o i filtri." />;
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 1 }}>
          <Box>
            <Typography id={headingId} variant="h2">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {subtitle}
              </Typography>
            )}
          </Box>
          {onExport && (
            <Button size="small" variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={onExport} disabled={state.isLoading || state.isError}>
              {EXPORT_CSV}
            </Button>
          )}
        </Box>
        <Suspense fallback={<Skeleton variant="rectangular" height={220} />}>{body}</Suspense>
      </CardContent>
    </Card>
  );
}
