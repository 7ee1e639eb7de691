/**
 * Reads the QR code of a receipt with the device camera (the receipt's QR code holds the parcel reference alone:
 * src/colis/receipt.ts) through the browser's BarcodeDetector, feature-detected: where it is missing (Firefox, older
 * Safari) the screen says so and the agent types or uses a keyboard scanner. No library: BarcodeDetector is built in
 * where it exists. The same code seen again within 2.5 s is ignored (the camera sees it on every frame).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The part of the BarcodeDetector API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorCtor {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The browser's BarcodeDetector, or undefined. */
function detectorCtor(): BarcodeDetectorCtor | undefined {
  return typeof window === 'undefined' ? undefined : (window as Window & { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
}

/** Whether this browser can read QR codes from the camera (BarcodeDetector and getUserMedia exist). */
export function cameraScanSupported(): boolean {
  return !!detectorCtor() && typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;
}

/** Takes `onDetect(text)`, called once per code read; renders the camera view while mounted. */
export const CameraScanner = ({ onDetect }: { onDetect: (text: string) => void }) => {
  const translate = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const onDetectRef = useRef(onDetect);
  useEffect(() => {
    onDetectRef.current = onDetect;
  }, [onDetect]);

  useEffect(() => {
    const Ctor = detectorCtor();
    if (!Ctor) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const last = { text: '', at: 0 };
    (async () => {
      try {
        const formats = (await Ctor.getSupportedFormats?.()) ?? ['qr_code'];
        if (!formats.includes('qr_code')) throw new Error('qr_code');
        const detector = new Ctor({ formats: ['qr_code'] });
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        let busy = false;
        timer = setInterval(async () => {
          if (busy || !video.current || video.current.readyState < 2) return;
          busy = true;
          try {
            const codes = await detector.detect(video.current);
            const text = codes[0]?.rawValue?.trim();
            const now = Date.now();
            if (text && (text !== last.text || now - last.at > 2500)) onDetectRef.current(text);
            if (text) Object.assign(last, { text, at: now });
          } catch {
            // a frame that cannot be read: try the next one
          } finally {
            busy = false;
          }
        }, 250);
      } catch {
        if (!stopped) setError(translate('resources.inventaire.scan.camera_denied'));
      }
    })();
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [translate]);

  if (error) return <Alert severity="warning">{error}</Alert>;
  return (
    <Box>
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        sx={{ width: '100%', maxHeight: 280, bgcolor: 'black', borderRadius: 1, objectFit: 'cover' }}
        data-testid="camera-view"
      />
      <Typography variant="caption" color="text.secondary">
        {translate('resources.inventaire.scan.camera_hint')}
      </Typography>
    </Box>
  );
};
