/**
 * Parcel details /colis/{reference} (spec 000 §2 "Parcel details", route colisDetails; key colisDetail): three cards —
 * left: reference, status, sender, recipient, total weight, delivery mode, delivery / expedition / complementary
 * amounts, content, delivery address, sending date and the delete button; middle: natures (nature, weight, unit price,
 * amount), observations, total to pay, already paid, remaining; right: the status history (date, before, after, author)
 * or 'Ce colis n'a pas encore d'historique'. GET colis/getByReference/{ref} and colis/getHistoriqueByReference/{ref}.
 * After a deletion the page goes to /colis (the inventory page /inventaire does not exist yet).
 */
import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Divider,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RecordContextProvider, ResourceContextProvider, useNavigate, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { linePrice } from '../../common/pricing';
import { formatEuro, formatKg } from '../../common/format';
import { PageHeader } from '../common/PageHeader';
import { StatutChip } from '../common/StatutChip';
import { formatDateFr } from '../common/formatDate';
import { serverMessage } from '../common/recordLabel';
import { ColisDeleteButton } from './ColisDeleteButton';
import { fetchColisByReference, fetchColisHistory } from './colisApi';
import { isOwnColis } from '../../common/scopes';
import { fullName, recipientOf, senderOf } from './colisRules';
import { readSession } from '../providers/session';

/** Where the details page goes after a deletion: the spec's /inventaire is not built yet, so the parcel list. */
export const AFTER_DELETE_PATH = '/colis';

/** One 'label: value' line of a card. */
const Item = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.6, borderBottom: 1, borderColor: 'divider' }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ fontWeight: 500, textAlign: 'right' }}>
      {children}
    </Typography>
  </Box>
);

/** The details page (reads :reference from the route). */
const ColisDetailsPage = () => {
  const { reference = '' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = (key: string) => translate(`resources.colis.details.${key}`);
  const details = useQuery({
    queryKey: ['colis', 'getByReference', reference],
    queryFn: ({ signal }) => fetchColisByReference(reference, signal),
    retry: false,
  });
  const history = useQuery({
    queryKey: ['colis', 'historique', reference],
    queryFn: ({ signal }) => fetchColisHistory(reference, signal),
    retry: false,
  });
  const steps = [{ label: 'resources.colis.page.list', to: '/colis' }, { label: reference }];

  if (details.isPending) {
    return (
      <>
        <PageHeader title="resources.colis.page.details" steps={steps} />
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      </>
    );
  }
  if (details.isError || !details.data?.colis) {
    const status = (details.error as { status?: number })?.status;
    return (
      <>
        <PageHeader title="resources.colis.page.details" steps={steps} />
        <Alert severity={status === 404 ? 'info' : 'error'} sx={{ mt: 2 }}>
          {status === 404
            ? translate('resources.colis.notifications.not_found')
            : (serverMessage(details.error) ?? translate('ra.notification.http_error'))}
        </Alert>
      </>
    );
  }

  const { colis, natures } = details.data;
  const sender = senderOf(colis);
  const recipient = recipientOf(colis);
  const unite = colis.unite ?? 'kg';
  const onDeleted = () => {
    void queryClient.invalidateQueries({ queryKey: ['colis'] });
    navigate(AFTER_DELETE_PATH);
  };

  return (
    <ResourceContextProvider value="colis">
      <RecordContextProvider value={colis}>
        <PageHeader title="resources.colis.page.details" steps={steps} />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1.2fr 1.2fr' },
            gap: 2,
            mt: 1,
            alignItems: 'start',
          }}
        >
          <Card>
            <CardHeader title={colis.reference} subheader={colis.agenceID?.libelle} slotProps={{ title: { variant: 'h6' } }} />
            <CardContent sx={{ pt: 0 }}>
              <Item label={t('reference')}>{colis.reference}</Item>
              <Item label={t('statut')}>
                <StatutChip statut={colis.statutID} />
              </Item>
              <Item label={t('expediteur')}>
                {sender.nom || '--'}
                <br />
                {sender.telephone}
              </Item>
              <Item label={t('destinataire')}>
                {recipient.nom || '--'}
                <br />
                {recipient.telephone}
              </Item>
              <Item label={t('poids_total')}>{formatKg(colis.poids, unite)}</Item>
              <Item label={t('modeLivraison')}>{colis.modeLivraisonID?.libelle ?? '--'}</Item>
              <Item label={t('montantLivraison')}>{formatEuro(colis.montantLivraison)}</Item>
              <Item label={t('montantExpedition')}>{formatEuro(colis.montantExpedition)}</Item>
              <Item label={t('montantComplementaire')}>{formatEuro(colis.montantComplementaire)}</Item>
              <Item label={t('contenu')}>{colis.detailsContenu || colis.contenu || '--'}</Item>
              <Item label={t('adresseLivraison')}>{colis.adresseLivraison || colis.adresseDestinataire || '--'}</Item>
              <Item label={t('dateEnvoi')}>{formatDateFr(colis.dateEnvoi)}</Item>
              <Item label={t('depart')}>{colis.envoiID?.reference ?? '--'}</Item>
              {isOwnColis(colis, readSession()?.user) && (
                <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
                  <ColisDeleteButton variant="button" onDeleted={onDeleted} />
                </Box>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader title={t('natures')} slotProps={{ title: { variant: 'h6' } }} />
            <CardContent sx={{ pt: 0 }}>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('natures')} sx={{ '& td, & th': { px: 1 } }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('nature')}</TableCell>
                      <TableCell align="right">{t('poids')}</TableCell>
                      <TableCell align="right">{t('prix_unitaire')}</TableCell>
                      <TableCell align="right">{t('montant')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {natures.map((n, i) => (
                      <TableRow key={n.id ?? i}>
                        <TableCell>{n.natureColisID?.libelle ?? '--'}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatKg(n.poids, n.unitePoid ?? unite)}
                        </TableCell>
                        <TableCell align="right">{formatEuro(linePrice(n.prixExceptionnel, n.prixUnitaire))}</TableCell>
                        <TableCell align="right">{formatEuro(n.prixTotal)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
              <Typography variant="subtitle2" sx={{ mt: 2 }}>
                {t('observations')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>
                {colis.observation || '--'}
              </Typography>
              <Divider sx={{ mb: 1 }} />
              <Item label={t('total')}>
                <strong data-testid="details-total">{formatEuro(colis.montantTotal)}</strong>
              </Item>
              <Item label={t('deja_paye')}>
                <span data-testid="details-reglement">{formatEuro(colis.reglement)}</span>
              </Item>
              <Item label={t('reste')}>
                <strong data-testid="details-reste">{formatEuro(colis.resteAPayer)}</strong>
              </Item>
            </CardContent>
          </Card>

          <Card>
            <CardHeader title={t('historique')} slotProps={{ title: { variant: 'h6' } }} />
            <CardContent sx={{ pt: 0 }}>
              {history.isPending ? (
                <CircularProgress size={24} />
              ) : history.isError ? (
                <Alert severity="error">{t('history_error')}</Alert>
              ) : (history.data ?? []).length === 0 ? (
                <Alert severity="info">{t('no_history')}</Alert>
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-label={t('historique')} sx={{ '& td, & th': { px: 1 } }}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('date')}</TableCell>
                        <TableCell>{t('avant')}</TableCell>
                        <TableCell>{t('apres')}</TableCell>
                        <TableCell>{t('auteur')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {(history.data ?? []).map((h, i) => (
                        <TableRow key={h.id ?? i}>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateFr(h.dateAction)}</TableCell>
                          <TableCell>{h.statutAvantID?.libelle ?? '--'}</TableCell>
                          <TableCell>{h.statutApresID?.libelle ?? '--'}</TableCell>
                          <TableCell>{fullName(h.auteurID) || '--'}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </CardContent>
          </Card>
        </Box>
      </RecordContextProvider>
    </ResourceContextProvider>
  );
};

export default ColisDetailsPage;
