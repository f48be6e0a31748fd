import ApartmentIcon from '@mui/icons-material/Apartment';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';

interface TenantLogoProps {
  name: string;
  logoUrl: string | null | undefined;
  size?: number;
}

/** The agency's uploaded logo, or a default mark when it has none. */
export function TenantLogo({ name, logoUrl, size = 56 }: TenantLogoProps) {
  if (logoUrl) {
    return (
      <Box
        component="img"
        src={logoUrl}
        alt={`${name} logo`}
        sx={{ width: size, height: size, objectFit: 'contain', display: 'block' }}
      />
    );
  }
  return (
    <Avatar
      variant="rounded"
      aria-label={`${name} logo`}
      sx={{ width: size, height: size, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
    >
      <ApartmentIcon sx={{ fontSize: size * 0.6 }} />
    </Avatar>
  );
}
