/**
 * NOUVEL INVENTAIRE, /inventaire/create (key addInventaire; the spec leaves taking an inventory to a mobile app, the
 * back-office does it here: docs/api-contract.md "Inventories"). The agent scans the QR code of each receipt with the
 * camera (BarcodeDetector, where the browser has it: ./CameraScanner.tsx), or with a keyboard scanner or by hand in
 * the reference box (Enter adds). Each scan shows at once, in colour and with a beep, whether the parcel is expected
 * here (found), not expected here, unknown, or already scanned; the expected parcels come from the server
 * (GET inventaire/attendus) and a reference they do not hold is checked with GET inventaire/verifier.
 * Every scan is kept in localStorage (./scanSession.ts) until the server confirms the statement: a reload restores
 * them, and while the connection is down scanning goes on (references only the server can tell wait as 'À vérifier'
 * and are checked when it comes back). 'Enregistrer l'inventaire' sends POST inventaire/create with the session's id,
 * so a send retried after a lost answer stores one statement, then opens the statement.
 * ADMIN first chooses the agency inventoried; another role inventories its own agency.
 */
import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Confirm, useTranslate } from 'react-admin';
import { PageHeader } from '../kit/PageHeader';
import { ScanForm } from './ScanForm';
import { AttendusCard, ScannedList } from './ScanLists';
import { ScanStatus } from './ScanStatus';
import { useScanSession } from './useScanSession';

const f = 'resources.inventaire.scan';

/** The scanning page (no props): the view of useScanSession (./useScanSession.ts). */
const InventaireCreate = () => {
  const translate = useTranslate();
  const scanning = useScanSession();
  const { session, counts } = scanning;
  const [confirm, setConfirm] = useState<'save' | 'abandon' | null>(null);

  const save = () => {
    setConfirm(null);
    return scanning.save();
  };
  const abandon = () => {
    setConfirm(null);
    scanning.abandon();
  };

  return (
    <>
      <PageHeader
        title="resources.inventaire.page.create"
        steps={[{ label: 'resources.inventaire.page.list', to: '/inventaire' }, { label: 'resources.inventaire.page.create' }]}
      />
      {scanning.restored > 0 && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate(`${f}.restored`, { count: scanning.restored })}
        </Alert>
      )}
      {scanning.offline && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="offline">
          {translate(`${f}.offline`)}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        <Stack spacing={2}>
          <ScanForm
            allAgences={scanning.allAgences}
            agences={scanning.agences}
            agenceID={session.agenceID}
            agenceLibelle={scanning.agenceLibelle}
            agenceLocked={session.scans.length > 0}
            onAgence={scanning.chooseAgence}
            canScan={scanning.canScan}
            onScan={(raw) => void scanning.scan(raw)}
          />

          <ScanStatus last={scanning.last} counts={counts} />

          <Stack direction="row" spacing={1}>
            <Button variant="contained" startIcon={<SaveIcon />} disabled={!scanning.canSave} onClick={() => setConfirm('save')}>
              {translate(`${f}.save`)}
            </Button>
            <Button color="error" startIcon={<DeleteSweepIcon />} disabled={!scanning.canAbandon} onClick={() => setConfirm('abandon')}>
              {translate(`${f}.abandon`)}
            </Button>
          </Stack>
          {scanning.saving && <LinearProgress />}

          <ScannedList scans={session.scans} />
        </Stack>

        <AttendusCard attendus={scanning.attendus} loading={scanning.attendusLoading} error={scanning.attendusError} />
      </Box>

      <Confirm
        isOpen={confirm === 'save'}
        title={`${f}.confirm_title`}
        content={translate(`${f}.confirm_content`, { trouves: counts.trouves, attendus: counts.attendus, restants: counts.restants })}
        confirm="app.common.yes"
        cancel="app.common.no"
        onConfirm={save}
        onClose={() => setConfirm(null)}
      />
      <Confirm
        isOpen={confirm === 'abandon'}
        title={`${f}.abandon_title`}
        content={translate(`${f}.abandon_content`, { count: session.scans.length })}
        confirm="app.common.yes"
        cancel="app.common.no"
        onConfirm={abandon}
        onClose={() => setConfirm(null)}
      />
    </>
  );
};

export default InventaireCreate;
