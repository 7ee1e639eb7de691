/**
 * The signature of the person who takes a parcel (docs/decisions/release-proof.md), drawn with a finger, a stylus or
 * the mouse on a canvas by signature_pad; the form field `source` holds it as a PNG data URL once a stroke ends, ''
 * when cleared ('Effacer'). The canvas follows its box's width (phones and the counter's screen) and the screen's
 * pixel density; resizing clears it (signature_pad's rule: a redrawn canvas would stretch the strokes).
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import SignaturePad from 'signature_pad';

/** Takes the form field's name and its label (a translation key). */
export const SignatureInput = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, defaultValue: '' });
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChange = useRef(field.onChange);
  onChange.current = field.onChange;
  // A browser without a 2D canvas cannot take a signature: it says so (the release then cannot be recorded).
  const [unsupported, setUnsupported] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    if (!canvas.getContext('2d')) {
      setUnsupported(true);
      return undefined;
    }
    const pad = new SignaturePad(canvas, { penColor: '#0d2a5c', backgroundColor: 'rgb(255,255,255)' });
    padRef.current = pad;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      onChange.current('');
    };
    fit();
    const ended = () => onChange.current(pad.isEmpty() ? '' : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', ended);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => fit());
    observer?.observe(canvas);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', ended);
      pad.off();
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    field.onChange('');
  };
  const error = fieldState.error?.message;
  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" color={error ? 'error' : 'text.secondary'} id={`${source}-label`}>
          {translate(label)} *
        </Typography>
        <Button size="small" onClick={clear}>
          {translate('resources.colis.release.clear_signature')}
        </Button>
      </Box>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-labelledby={`${source}-label`}
        data-testid="signature-pad"
        sx={{
          display: 'block',
          width: '100%',
          height: 160,
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: 'common.white',
          touchAction: 'none',
          cursor: 'crosshair',
        }}
      />
      {unsupported && <FormHelperText error>{translate('resources.colis.release.signature_unsupported')}</FormHelperText>}
      {error && <FormHelperText error>{translate(error, { _: error })}</FormHelperText>}
    </Box>
  );
};
