import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { ReactNode } from 'react';
import { PageShell } from './PageShell';

/** Login, reset, error and not-found screens: one card in the middle of the page. */
export function CenteredCardPage({ children, maxWidth = 420 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <PageShell>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>{children}</CardContent>
        </Card>
      </Box>
    </PageShell>
  );
}
