import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { COPYRIGHT_YEAR, PRODUCT_DOMAIN, PRODUCT_NAME } from '../brand/brand';

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ py: 2, px: 2, textAlign: 'center', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {`© ${COPYRIGHT_YEAR} ${PRODUCT_NAME}. All rights reserved. · ${PRODUCT_DOMAIN}`}
      </Typography>
    </Box>
  );
}
