import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import Avatar from '@mui/material/Avatar';
import { PRODUCT_NAME } from './brand';

export function ProductLogo({ size = 56 }: { size?: number }) {
  return (
    <Avatar
      variant="rounded"
      aria-label={`${PRODUCT_NAME} logo`}
      sx={{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      <RequestQuoteOutlinedIcon sx={{ fontSize: size * 0.6 }} />
    </Avatar>
  );
}
