import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { SignatureKind } from '@quotebook/contracts';
import type SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';
import type { PublicQuoteLabels } from './public-quote-labels';

/** A handwriting face the device already has: the typed signature looks signed, with nothing to download. */
export const SCRIPT_FONT = '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", "Apple Chancery", cursive';

interface SignatureFieldProps {
  kind: SignatureKind;
  onKind: (kind: SignatureKind) => void;
  /** the signer's name: what a typed signature shows */
  name: string;
  /** the drawn signature as a PNG data URL, or null while the pad is empty */
  onDrawn: (dataUrl: string | null) => void;
  labels: PublicQuoteLabels;
  error?: string;
  disabled?: boolean;
}

/**
 * The signature: the signer's name typed (shown in a script face), or drawn with a finger or a mouse
 * on a pad (signature_pad, loaded only when drawing is chosen).
 */
export function SignatureField({ kind, onKind, name, onDrawn, labels, error, disabled = false }: SignatureFieldProps) {
  return (
    <Box role="group" aria-label={labels.signature} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {labels.signature}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        onChange={(_event, next: SignatureKind | null) => next && onKind(next)}
        disabled={disabled}
        sx={{ mb: 1, flexWrap: 'wrap' }}
      >
        <ToggleButton value="typed">{labels.signatureTyped}</ToggleButton>
        <ToggleButton value="drawn">{labels.signatureDrawn}</ToggleButton>
      </ToggleButtonGroup>
      {kind === 'typed' ? (
        <Box
          data-testid="typed-signature"
          sx={{ minHeight: 72, px: 2, display: 'flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', overflowWrap: 'anywhere' }}
        >
          <Typography sx={{ fontFamily: SCRIPT_FONT, fontSize: '2rem', lineHeight: 1.2 }}>{name.trim()}</Typography>
        </Box>
      ) : (
        <DrawingPad labels={labels} onDrawn={onDrawn} disabled={disabled} />
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

function DrawingPad({ labels, onDrawn, disabled }: { labels: PublicQuoteLabels; onDrawn: (dataUrl: string | null) => void; disabled: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onDrawnRef = useRef(onDrawn);
  onDrawnRef.current = onDrawn;

  useEffect(() => {
    let cancelled = false;
    const canvas = canvasRef.current;
    // the pad draws in device pixels: a sharp line on any screen, at the width the layout gives it
    const fit = () => {
      if (!canvas) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      padRef.current?.clear();
      onDrawnRef.current(null);
    };
    void import('signature_pad').then(({ default: Pad }) => {
      if (cancelled || !canvas || !canvas.getContext('2d')) return;
      const pad = new Pad(canvas, { penColor: '#1b2430' });
      pad.addEventListener('endStroke', () => onDrawnRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png')));
      padRef.current = pad;
      fit();
    });
    window.addEventListener('resize', fit);
    return () => {
      cancelled = true;
      window.removeEventListener('resize', fit);
      padRef.current?.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (!padRef.current) return;
    if (disabled) padRef.current.off();
    else padRef.current.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    onDrawn(null);
  };

  return (
    <Box>
      <Box
        component="canvas"
        ref={canvasRef}
        aria-label={labels.drawHere}
        role="img"
        sx={{ display: 'block', width: '100%', height: 160, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', touchAction: 'none' }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 0.5, gap: 1 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {labels.drawHere}
        </Typography>
        <Button size="small" onClick={clear} disabled={disabled}>
          {labels.clear}
        </Button>
      </Box>
    </Box>
  );
}
