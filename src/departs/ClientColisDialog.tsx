/**
 * Parcels of one client on a departure (spec 000 §2 Clients of a departure: "a dialog with each parcel's reference and
 * status label"): a button 'Colis (n)' opening an MUI Dialog with a table Référence / Statut and a Fermer button.
 */
import { useState } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import { Button, useRecordContext, useTranslate } from 'react-admin';
import { StatutChip, type StatutRef } from '../kit/StatutChip';
import { clientDisplayName } from './departRules';

/** One parcel of the client as colis/ListClientsBy answers it. */
interface ClientColis {
  id: string;
  reference: string;
  statutID?: StatutRef;
}

/** Takes the departure reference (for the title); reads the client from the record context. */
export const ClientColisButton = ({ envoiReference }: { envoiReference?: string; label?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const colis = (Array.isArray(record.colis) ? record.colis : []) as ClientColis[];
  const t = 'resources.depart.clients';
  const titleId = `colis-client-${record.id}`;
  return (
    <>
      <Button
        label={translate('resources.depart.action.colis_of_client', { count: colis.length })}
        title={translate('resources.depart.action.colis_of_client_tooltip')}
        variant="outlined"
        onClick={() => setOpen(true)}
      >
        <Inventory2Icon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          {translate(`${t}.dialog_title`, { name: clientDisplayName(record), reference: envoiReference ?? '' })}
        </DialogTitle>
        <DialogContent dividers>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${t}.colis_reference`)}</TableCell>
                <TableCell>{translate(`${t}.colis_statut`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {colis.map((c) => (
                <TableRow key={c.id}>
                  <TableCell sx={{ fontWeight: 600 }}>{c.reference}</TableCell>
                  <TableCell>
                    <StatutChip statut={c.statutID} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button label="resources.depart.action.close" variant="contained" onClick={() => setOpen(false)} />
        </DialogActions>
      </Dialog>
    </>
  );
};
