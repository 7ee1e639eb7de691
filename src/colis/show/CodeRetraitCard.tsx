/**
 * 'Code de retrait' of the parcel details (docs/decisions/release-code.md), for the staff of the parcel's destination
 * agency holding retraitColis: the code's state from dataProvider.getCodeRetrait (GET colis/codeRetrait/{id}: active
 * with the attempts left, locked, used, none; never the code), 'Envoyer un nouveau code' after an Oui/Non
 * confirmation (the old code dies) and 'Débloquer' for a locked code, each button disabled while its call runs. The
 * server answers 404 to anyone else: the card then shows nothing. Only for a parcel that has arrived; its buttons only
 * while the parcel waits.
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CardHeader, Typography } from '@mui/material';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SendIcon from '@mui/icons-material/Send';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate, type DataProvider } from 'react-admin';
import { COLIS_STATUT_ARRIVED, isColisRemis } from '../../../common/colisRules';
import { formatDateFr } from '../../kit/formatDate';
import { serverMessage } from '../../kit/recordLabel';
import { useHasPermission } from '../../kit/useHasPermission';
import { useWrite } from '../../kit/useWrite';
import type { ColisMethods } from '../model/colisMethods';

const k = (key: string) => `resources.colis.code_retrait.${key}`;

/** The card body (the key is checked by CodeRetraitCard). */
const CodeCard = ({ colisId, enAttente }: { colisId: string; enAttente: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const [confirming, setConfirming] = useState(false);
  const queryKey = ['colis', 'codeRetrait', colisId];
  const state = useQuery({ queryKey, queryFn: ({ signal }) => dataProvider.getCodeRetrait(colisId, { signal }), retry: false });
  /** A write of the card: its message said, the state read again. */
  const write = (call: () => Promise<string | undefined>) => ({
    mutationFn: call,
    onSuccess: async (message: string | undefined) => {
      notify(message ?? 'app.status.success', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (error: unknown) => notify(serverMessage(error) ?? 'app.status.failure', { type: 'error' }),
  });
  const send = useWrite({ ...write(() => dataProvider.sendCodeRetrait(colisId)), onSettled: () => setConfirming(false) });
  const unlock = useWrite(write(() => dataProvider.unlockCodeRetrait(colisId)));
  const data = state.data;
  // Another agency's parcel (404) or a failed read: nothing to show or do here.
  if (state.isPending || !data) return null;
  const line =
    data.etat === 'ACTIF'
      ? translate(k('actif'), { date: formatDateFr(data.envoyeLe, 'dd/MM/yyyy HH:mm'), smart_count: data.essaisRestants })
      : data.etat === 'UTILISE'
        ? translate(k('utilise'), { date: formatDateFr(data.utiliseLe, 'dd/MM/yyyy HH:mm') })
        : translate(k(data.etat === 'BLOQUE' ? 'bloque' : 'aucun'));
  return (
    <Card data-testid="code-retrait">
      <CardHeader title={translate(k('title'))} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Alert severity={data.etat === 'BLOQUE' ? 'warning' : data.etat === 'UTILISE' ? 'success' : 'info'}>{line}</Alert>
        {data.envois > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate(k('envois'), { smart_count: data.envois })}
          </Typography>
        )}
        {enAttente && data.etat !== 'UTILISE' && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Button variant="outlined" startIcon={<SendIcon />} onClick={() => setConfirming(true)} disabled={send.pending}>
              {translate(k(data.etat === 'AUCUN' ? 'send_first' : 'send'))}
            </Button>
            {data.etat === 'BLOQUE' && (
              <Button variant="contained" startIcon={<LockOpenIcon />} onClick={() => unlock.run()} disabled={unlock.pending}>
                {translate(k('unlock'))}
              </Button>
            )}
          </Box>
        )}
        <Confirm
          isOpen={confirming}
          loading={send.pending}
          title={k('send_title')}
          content={k('send_confirm')}
          confirm="app.common.yes"
          cancel="app.common.no"
          onConfirm={() => send.run()}
          onClose={() => setConfirming(false)}
        />
      </CardContent>
    </Card>
  );
};

/**
 * Takes the parcel id and its status code: shown once the parcel has arrived (a code exists from then on), its buttons
 * while it waits at the agency (EXPEDIE); nothing without the key retraitColis.
 */
export const CodeRetraitCard = ({ colisId, statut }: { colisId: string; statut: string | undefined }) => {
  const can = useHasPermission();
  const arrived = statut === COLIS_STATUT_ARRIVED || isColisRemis(statut);
  return arrived && can('retraitColis') ? <CodeCard colisId={colisId} enAttente={statut === COLIS_STATUT_ARRIVED} /> : null;
};
