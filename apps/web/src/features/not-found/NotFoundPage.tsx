import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CenteredCardPage } from '../../app/layout/CenteredCardPage';

/** Every path the router does not know: a 404 card with a hint, and the footer. */
export function NotFoundPage() {
  return (
    <CenteredCardPage>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <SearchOffIcon color="error" sx={{ fontSize: 36 }} />
        <Typography variant="h1">404 Page Not Found</Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Did you forget to add the page to the router?
      </Typography>
    </CenteredCardPage>
  );
}
