import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reloadPage } from '../page-reload';
import { CenteredCardPage } from './CenteredCardPage';

/** Shown instead of a blank screen when a page throws while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <CenteredCardPage>
      <Box sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
        <ErrorOutlinedIcon color="error" sx={{ fontSize: 48 }} />
        <Typography variant="h1">Something went wrong</Typography>
        <Typography sx={{ color: 'text.secondary' }}>The page could not be shown. Please reload it.</Typography>
        <Button variant="contained" onClick={reloadPage}>
          Reload
        </Button>
      </Box>
    </CenteredCardPage>
  );
}
