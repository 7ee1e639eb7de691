/**
 * The photo of the person who takes a parcel (docs/decisions/release-proof.md), optional: 'Prendre une photo' opens the
 * camera on a phone or a tablet (a file input with `capture`), or a file chooser at the counter. The picture is
 * scaled down to 1 024 px on its longer side and encoded as JPEG (quality 0.8), well under the server's 500 KB, and
 * the form field `source` holds it as a data URL; a thumbnail shows it, 'Retirer la photo' removes it.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { Box, Button, FormHelperText } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useInput, useTranslate } from 'react-admin';

/** The longer side of a photo sent (px). */
const PHOTO_MAX_PX = 1024;

/** A picked image file as a JPEG data URL no larger than PHOTO_MAX_PX. */
async function scaledJpeg(file: File): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = Math.min(1, PHOTO_MAX_PX / Math.max(image.naturalWidth, image.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.naturalWidth * scale);
    canvas.height = Math.round(image.naturalHeight * scale);
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.8);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Takes the form field's name. */
export const PhotoInput = ({ source }: { source: string }) => {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: '' });
  const inputRef = useRef<HTMLInputElement>(null);
  const [failed, setFailed] = useState(false);
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      field.onChange(await scaledJpeg(file));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };
  const t = (key: string) => translate(`resources.colis.release.${key}`);
  return (
    <Box sx={{ mt: 2 }}>
      <input ref={inputRef} type="file" accept="image/*" capture="environment" hidden onChange={picked} data-testid="photo-input" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => inputRef.current?.click()}>
          {t(field.value ? 'retake_photo' : 'take_photo')}
        </Button>
        {field.value && (
          <Button size="small" onClick={() => field.onChange('')}>
            {t('remove_photo')}
          </Button>
        )}
      </Box>
      {field.value && (
        <Box
          component="img"
          src={field.value}
          alt={t('photo')}
          sx={{ mt: 1, maxWidth: 160, maxHeight: 120, borderRadius: 1, border: 1, borderColor: 'divider' }}
        />
      )}
      {failed && <FormHelperText error>{t('photo_error')}</FormHelperText>}
    </Box>
  );
};
