/**
 * The closings' history under the 'Caisse' screen (./CaissePage.tsx; GET caisse/liste, newest first, paged): day,
 * agency, who closed it and when, the differences per currency (red when not zero), the state ('Clôturée' or
 * 'Rouverte', with when, by whom and why), the PDF 'Arrêté de caisse' of each, and 'Rouvrir' for the key caisseRouvrir,
 * which asks for the reason (POST caisse/rouvrir/{id}; the shared schema common/schemas/caisse.ts caisseRouvrirBody).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useDataProvider, useNotify, useTranslate, type DataProvider } from 'react-admin';
import { isoToFr } from '../../common/dates';
import { CAISSE_MESSAGES, caisseRouvrirBody } from '../../common/schemas/caisse';
import { formResolver } from '../kit/formResolver';
import { formatDateFr } from '../kit/formatDate';
import { QueryStatus } from '../kit/QueryStatus';
import { serverMessage } from '../kit/recordLabel';
import { useHasPermission } from '../kit/useHasPermission';
import { useWrite } from '../kit/useWrite';
import { fullName } from '../providers/records';
import type { CaisseMethods } from './caisseMethods';
import { ecartNonNul, formatEcart } from './caisseView';
import type { CaisseCloture } from './types';

const f = 'resources.caisse';

/** The reason's resolver: the shared body schema (the reason is required). */
const motifResolver = formResolver<{ motif: string }>(caisseRouvrirBody);

/** The reason dialog of a reopening. */
const RouvrirDialog = ({ cloture, onClose, onDone }: { cloture: CaisseCloture; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DataProvider & CaisseMethods>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ motif: string }>({ resolver: motifResolver, defaultValues: { motif: '' } });
  const rouvrir = useWrite({
    mutationFn: (motif: string) => dataProvider.rouvrirCaisse(cloture.id, motif.trim()),
    onSuccess: ({ message }) => {
      notify(message ?? CAISSE_MESSAGES.rouverte, { type: 'success' });
      onDone();
    },
    onError: (error) => notify(serverMessage(error) ?? `${f}.notifications.reopen_error`, { type: 'error' }),
  });
  const jour = isoToFr(cloture.jour);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={handleSubmit(({ motif }) => rouvrir.run(motif))} noValidate>
        <DialogTitle>{translate(`${f}.rouvrir.title`, { jour })}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{translate(`${f}.rouvrir.content`, { agence: cloture.agenceID.libelle, jour })}</Typography>
          <TextField
            {...register('motif')}
            label={translate(`${f}.rouvrir.motif`)}
            required
            autoFocus
            fullWidth
            multiline
            minRows={2}
            error={!!errors.motif}
            helperText={errors.motif?.message}
            slotProps={{ htmlInput: { 'data-testid': 'motif' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate(`${f}.rouvrir.cancel`)}</Button>
          <Button type="submit" variant="contained" color="warning" startIcon={<LockOpenIcon />} disabled={rouvrir.pending}>
            {translate(`${f}.rouvrir.confirm`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/** The history of closings: of `agenceID` when given (a role that sees every agency chose one), else of the user's scope. */
export const CaisseHistorique = ({ agenceID }: { agenceID: string | undefined }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const has = useHasPermission();
  const dataProvider = useDataProvider<DataProvider & CaisseMethods>();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [rouvrir, setRouvrir] = useState<CaisseCloture | null>(null);
  const liste = useQuery({
    queryKey: ['caisse', 'liste', agenceID ?? 'toutes', page, perPage],
    queryFn: ({ signal }) => dataProvider.getCaisseListe({ page: page + 1, perPage, agenceID }, { signal }),
    retry: false,
  });
  const pdf = async (id: string) => {
    try {
      const [cloture, { downloadArrete }] = await Promise.all([dataProvider.getCaisseCloture(id), import('./arretePdf')]);
      downloadArrete(cloture);
    } catch (error) {
      notify(serverMessage(error) ?? `${f}.notifications.pdf_error`, { type: 'error' });
    }
  };
  const rows = liste.data?.datas ?? [];

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {translate(`${f}.historique.title`)}
        </Typography>
        <QueryStatus isPending={liste.isPending} error={liste.error}>
          {rows.length === 0 && <Typography color="text.secondary">{translate(`${f}.historique.empty`)}</Typography>}
        </QueryStatus>
        {rows.length > 0 && (
          <Table size="small" data-testid="caisse-historique">
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${f}.historique.jour`)}</TableCell>
                <TableCell>{translate(`${f}.historique.agence`)}</TableCell>
                <TableCell>{translate(`${f}.historique.auteur`)}</TableCell>
                <TableCell>{translate(`${f}.historique.createdAt`)}</TableCell>
                <TableCell>{translate(`${f}.historique.ecarts`)}</TableCell>
                <TableCell>{translate(`${f}.historique.etat`)}</TableCell>
                <TableCell align="right">{translate(`${f}.historique.actions`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id} data-testid={`cloture-${c.id}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{isoToFr(c.jour)}</TableCell>
                  <TableCell>{c.agenceID.libelle}</TableCell>
                  <TableCell>{fullName(c.auteur) || '--'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateFr(c.createdAt, 'dd/MM/yyyy HH:mm')}</TableCell>
                  <TableCell>
                    {c.ecarts.map((e) => (
                      <Typography
                        key={e.devise}
                        variant="body2"
                        sx={{ whiteSpace: 'nowrap', color: ecartNonNul(e.ecart) ? 'error.main' : undefined }}
                      >
                        {formatEcart(e.ecart, e.devise)}
                      </Typography>
                    ))}
                  </TableCell>
                  <TableCell>
                    {c.rouverte ? (
                      <Tooltip
                        title={translate(`${f}.historique.rouverte_detail`, {
                          date: formatDateFr(c.rouverteAt, 'dd/MM/yyyy HH:mm'),
                          auteur: fullName(c.rouvertePar) || '--',
                          motif: c.motifReouverture ?? '',
                        })}
                      >
                        <Chip size="small" color="warning" label={translate(`${f}.historique.rouverte`)} />
                      </Tooltip>
                    ) : (
                      <Chip size="small" color="success" label={translate(`${f}.historique.cloturee`)} />
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={translate(`${f}.form.pdf`)}>
                      <IconButton
                        size="small"
                        aria-label={translate(`${f}.form.pdf`)}
                        onClick={() => void pdf(c.id)}
                        sx={{ color: '#b71c1c' }}
                      >
                        <PictureAsPdfIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {has('caisseRouvrir') && !c.rouverte && (
                      <Button size="small" color="warning" startIcon={<LockOpenIcon />} onClick={() => setRouvrir(c)}>
                        {translate(`${f}.historique.rouvrir`)}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {(liste.data?.total ?? 0) > perPage && (
          <TablePagination
            component="div"
            count={liste.data?.total ?? 0}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={[10, 25, 50]}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(0);
            }}
          />
        )}
      </CardContent>
      {rouvrir && (
        <RouvrirDialog
          cloture={rouvrir}
          onClose={() => setRouvrir(null)}
          onDone={() => {
            setRouvrir(null);
            void queryClient.invalidateQueries({ queryKey: ['caisse'] });
          }}
        />
      )}
    </Card>
  );
};
