import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { PageShell } from './PageShell';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <PageShell>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={label} />
      </Box>
    </PageShell>
  );
}
