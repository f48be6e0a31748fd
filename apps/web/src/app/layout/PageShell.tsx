import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Footer } from '../../shared/footer/Footer';

/** Every page: its content above, the footer at the bottom of the viewport or below the content. */
export function PageShell({ header, children }: { header?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      {header}
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        {children}
      </Box>
      <Footer />
    </Box>
  );
}
