import type { TenantView } from '@quotebook/contracts';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent } from 'react';
import { TenantLogo } from '../../shared/brand/TenantLogo';
import { HiddenFileInput } from '../../shared/fields/HiddenFileInput';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { LOGO_TYPES, logoFileProblem } from './logo-file';
import { useUploadTenantLogoMutation } from './settings.api';

const UPLOAD_FAILED = 'Failed to upload logo';

export function LogoUpload({ tenant }: { tenant: TenantView }) {
  const [uploadLogo, { isLoading }] = useUploadTenantLogoMutation();
  const [checking, setChecking] = useState(false);
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  const toast = useToast();
  const busy = checking || isLoading;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // cleared so that choosing the same file again fires another change
    input.value = '';
    if (!file) return;

    setChecking(true);
    const problem = await logoFileProblem(file);
    setChecking(false);
    if (problem) {
      toast({ title: UPLOAD_FAILED, description: problem, variant: 'destructive' });
      return;
    }
    try {
      const updated = await uploadLogo({ tenantId: tenant.id, file }).unwrap();
      setLogoUrl(updated.logoUrl);
      toast({ title: 'Success', description: 'Logo uploaded successfully' });
    } catch (error) {
      toast({ title: UPLOAD_FAILED, description: messageOr(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  const shown = logoUrl ?? tenant.logoUrl;

  return (
    <Card component="section" aria-labelledby="company-logo-title">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
        <Typography id="company-logo-title" variant="h2" sx={{ alignSelf: 'flex-start' }}>
          Company Logo
        </Typography>
        <Box
          sx={{
            width: 150,
            height: 150,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {shown ? (
            <TenantLogo name={tenant.name} logoUrl={shown} size={150} />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary', px: 2 }}>
              No logo uploaded
            </Typography>
          )}
        </Box>
        <Button
          component="label"
          nativeButton={false}
          variant="outlined"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <CloudUploadIcon />}
        >
          {busy ? 'Uploading...' : 'Upload Logo'}
          <HiddenFileInput type="file" name="logo" accept={LOGO_TYPES.join(',')} onChange={choose} disabled={busy} />
        </Button>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          JPG, PNG or GIF · max 5MB · max 150x150 pixels
        </Typography>
      </CardContent>
    </Card>
  );
}
