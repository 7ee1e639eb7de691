/**
 * 'Remise du colis' of the parcel details (docs/decisions/release-proof.md), for the staff of the parcel's destination
 * agency holding retraitColis, once the parcel is handed over: when, by whom, from which agency, how the person was
 * identified (the code, their document's type and last 4, the proxy), and the signature and photo taken, read from
 * dataProvider.getRemise and getRemiseImage (the images as blobs: the session's token never in a URL). The server
 * answers 404 to anyone else: the card then shows nothing.
 */
import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { PIECE_TYPES, REMISE_METHODE_LABELS, type PieceType } from '../../../common/remiseRules';
import { formatDateFr } from '../../kit/formatDate';
import { useHasPermission } from '../../kit/useHasPermission';
import type { ColisMethods } from '../model/colisMethods';
import { DetailItem } from './DetailItem';

const k = (key: string) => `resources.colis.remise.${key}`;

/** The images a release may carry, in the card's order. */
const IMAGES = ['signature', 'photo'] as const;

/** One image of the release, fetched as a blob and shown from an object URL (revoked when the card goes). */
function RemiseImage({ colisId, which, alt }: { colisId: string; which: 'signature' | 'photo'; alt: string }) {
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const image = useQuery({
    queryKey: ['colis', 'remise', colisId, which],
    queryFn: ({ signal }) => dataProvider.getRemiseImage(colisId, which, { signal }),
    retry: false,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!image.data) return undefined;
    const made = URL.createObjectURL(image.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [image.data]);
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      sx={{ maxWidth: '100%', maxHeight: 220, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
    />
  );
}

/** The card body (the key is checked by RemiseCard). */
const Remise = ({ colisId }: { colisId: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const remise = useQuery({
    queryKey: ['colis', 'remise', colisId],
    queryFn: ({ signal }) => dataProvider.getRemise(colisId, { signal }),
    retry: false,
  });
  const r = remise.data;
  // Not handed over, another agency's parcel (404), or a failed read: nothing to show.
  if (!r) return null;
  const piece = r.pieceType ? `${PIECE_TYPES[r.pieceType as PieceType] ?? r.pieceType} …${r.pieceDernier4 ?? ''}` : null;
  const mandataire = r.mandataire ? [r.mandataire.nom, r.mandataire.prenoms, r.mandataire.telephone].filter(Boolean).join(' ') : null;
  return (
    <Card data-testid="colis-remise">
      <CardHeader title={translate(k('title'))} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <DetailItem label={translate(k('date'))}>{formatDateFr(r.remisLe, 'dd/MM/yyyy HH:mm')}</DetailItem>
        <DetailItem label={translate(k('par'))}>{r.remisPar}</DetailItem>
        {r.agence && <DetailItem label={translate(k('agence'))}>{r.agence}</DetailItem>}
        <DetailItem label={translate(k('methode'))}>
          {r.methode ? REMISE_METHODE_LABELS[r.methode] : translate(k('sans_preuve'))}
        </DetailItem>
        {piece && <DetailItem label={translate(k('piece'))}>{piece}</DetailItem>}
        {mandataire && <DetailItem label={translate(k('mandataire'))}>{mandataire}</DetailItem>}
        {!r.methode && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {translate(k('sans_preuve_help'))}
          </Alert>
        )}
        {(r.signature || r.photo) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
            {IMAGES.filter((which) => r[which]).map((which) => (
              <Box key={which}>
                <Typography variant="body2" color="text.secondary">
                  {translate(k(which))}
                </Typography>
                <RemiseImage colisId={colisId} which={which} alt={translate(k(which))} />
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
};

/** Takes the parcel id and whether it was handed over; renders nothing without the key retraitColis. */
export const RemiseCard = ({ colisId, remis }: { colisId: string; remis: boolean }) => {
  const can = useHasPermission();
  return remis && can('retraitColis') ? <Remise colisId={colisId} /> : null;
};
