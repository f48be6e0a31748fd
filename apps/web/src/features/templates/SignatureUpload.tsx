import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { DOCUMENT_MESSAGES } from '@quotebook/domain';
import { useId, useState, type ChangeEvent } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectToken } from '../../app/session';
import { HiddenFileInput } from '../../shared/fields/HiddenFileInput';
import { putToUploadUrl, SIGNATURE_ACCEPT, signatureFileProblem, SignatureUploadError, uploadSignature } from './signature-upload';
import { signatureFileOf, useGetSignatureImageQuery, useNormalizeSignaturePathMutation, useRequestSignatureUploadMutation } from './templates.api';

/** A signature image of the agency, read with the session (the image route is not public). */
function SignatureImage({ tenantId, path }: { tenantId: string; path: string }) {
  const file = signatureFileOf(path);
  const image = useGetSignatureImageQuery({ tenantId, file: file ?? '' }, { skip: !file });
  if (image.data) return <Box component="img" src={image.data} alt="Immagine della firma" sx={{ maxWidth: 240, maxHeight: 120, objectFit: 'contain' }} />;
  if (image.isError || !file) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {DOCUMENT_MESSAGES.signatureNotFound}
      </Typography>
    );
  }
  return <CircularProgress size={24} aria-label="Caricamento immagine della firma" />;
}

interface SignatureUploadProps {
  tenantId: string;
  /** the template's current signature (an object path), or null */
  value: string | null;
  onChange: (path: string | null) => void;
  /** told when an upload starts and ends: the template waits for it before it is saved */
  onUploadingChange?: (uploading: boolean) => void;
  disabled?: boolean;
}

/**
 * The signature image of a template: pick an image, checked here first, uploaded to a single-use URL
 * and shown back from the server; the path it gets is what the template stores.
 */
export function SignatureUpload({ tenantId, value, onChange, onUploadingChange, disabled }: SignatureUploadProps) {
  const token = useAppSelector(selectToken);
  const [requestUpload] = useRequestSignatureUploadMutation();
  const [normalizePath] = useNormalizeSignaturePathMutation();
  const [uploading, setUploadingState] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const setUploading = (next: boolean) => {
    setUploadingState(next);
    onUploadingChange?.(next);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // cleared so that choosing the same file again fires another change
    input.value = '';
    if (!file) return;
    const wrong = signatureFileProblem(file);
    setProblem(wrong);
    if (wrong) return;
    setUploading(true);
    try {
      const path = await uploadSignature(file, {
        signedIn: Boolean(token && tenantId),
        uploadUrl: async () => (await requestUpload({ tenantId }).unwrap()).uploadURL,
        put: putToUploadUrl,
        normalize: async (uploadURL) => (await normalizePath({ tenantId, uploadURL }).unwrap()).objectPath,
      });
      onChange(path);
    } catch (error) {
      setProblem(error instanceof SignatureUploadError ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  };

  const busy = uploading || disabled;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 2 }}>
      <Typography id={titleId} variant="subtitle2" component="h3">
        Immagine firma
      </Typography>
      {value && <SignatureImage tenantId={tenantId} path={value} />}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          component="label"
          nativeButton={false}
          variant="outlined"
          disabled={busy}
          startIcon={uploading ? <CircularProgress size={16} color="inherit" /> : <CloudUploadIcon />}
        >
          {uploading ? 'Caricamento...' : value ? 'Sostituisci immagine' : 'Carica immagine'}
          <HiddenFileInput type="file" name="signature" accept={SIGNATURE_ACCEPT} onChange={choose} disabled={busy} />
        </Button>
        {value && (
          <Button color="error" onClick={() => onChange(null)} disabled={busy}>
            Rimuovi immagine
          </Button>
        )}
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        PNG, JPG, GIF o WebP · max 1MB
      </Typography>
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
