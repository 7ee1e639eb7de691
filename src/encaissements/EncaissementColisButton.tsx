/**
 * 'Détails colis' cell of the collections list (spec 001 §2 "Détails colis (opens a popup)", §8 "Collections popup,
 * parcel not found: 'Erreur' / 'Colis non trouvé'"): the parcel's reference as a button, with the mark 'colis
 * supprimé' when the parcel was deleted (colisID.deletedAt); the popup shows the reference, the total, settled and
 * remaining amounts, the deletion date, and a link to the parcel's details page (key colisDetail, parcel not deleted).
 */
import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { LinkBase, useRecordContext, useTranslate } from 'react-admin';
import { formatMontant } from '../../common/format';
import { formatDateFr } from '../kit/formatDate';
import { useHasPermission } from '../kit/useHasPermission';
import { colisShowPath } from '../routes/legacyRoutes';
import { colisOfEncaissement, isColisDeleted } from './encaissementRules';
import type { Encaissement } from './types';

const t = 'resources.encaissements.colis';

/** Takes no props (label is read by the DataTable); reads the payment from the record context. */
export const EncaissementColisButton = (_props: { label?: string }) => {
  const record = useRecordContext<Encaissement>();
  const translate = useTranslate();
  const has = useHasPermission();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const colis = colisOfEncaissement(record);
  const deleted = isColisDeleted(record);
  const reference = colis?.reference ?? '--';

  const info = (label: string, value: string, testId?: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {translate(`${t}.${label}`)}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ReceiptLongIcon />}
        aria-label={translate(`${t}.open`, { reference })}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        sx={{ whiteSpace: 'nowrap', textTransform: 'none' }}
      >
        {reference}
      </Button>
      {deleted && <Chip size="small" color="error" variant="outlined" label={translate(`${t}.deleted`)} />}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(event) => event.stopPropagation()}
        maxWidth={false}
        slotProps={{ paper: { sx: { width: 520, maxWidth: 'calc(100% - 32px)' } } }}
      >
        {colis ? (
          <>
            <DialogTitle>{translate(`${t}.title`)}</DialogTitle>
            <DialogContent>
              {deleted && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  <AlertTitle>{translate(`${t}.deleted`)}</AlertTitle>
                  {translate(`${t}.deleted_on`, { date: formatDateFr(colis.deletedAt) })}
                </Alert>
              )}
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 1.5 }}>
                {info('reference', reference)}
                {info('montantTotal', formatMontant(colis.montantTotal, record.devise), 'colis-montant-total')}
                {info('reglement', formatMontant(colis.reglement, record.devise), 'colis-reglement')}
                {info('resteAPayer', formatMontant(colis.resteAPayer, record.devise), 'colis-reste')}
              </Box>
            </DialogContent>
          </>
        ) : (
          <DialogContent>
            <Alert severity="error">
              <AlertTitle>{translate(`${t}.not_found_title`)}</AlertTitle>
              {translate(`${t}.not_found`)}
            </Alert>
          </DialogContent>
        )}
        <DialogActions>
          {colis && !deleted && has('colisDetail') && (
            <Button component={LinkBase} to={colisShowPath(colis.id)}>
              {translate(`${t}.show`)}
            </Button>
          )}
          <Button variant="contained" onClick={() => setOpen(false)}>
            {translate(`${t}.close`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
};
