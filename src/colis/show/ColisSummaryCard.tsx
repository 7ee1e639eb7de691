/**
 * Left card of the parcel details (spec 000 §2 Parcel details): reference, status, sender, recipient, total weight,
 * delivery mode, delivery / expedition / complementary amounts (in the parcel's currency, docs/decisions/currencies.md),
 * content, delivery address, sending date, departure, and the delete button for the registering agency (or ADMIN).
 */
import { Box, Card, CardContent, CardHeader } from '@mui/material';
import { useCanAccess, useRedirect, useTranslate } from 'react-admin';
import { formatKg, formatMontant } from '../../../common/format';
import { StatutChip } from '../../kit/StatutChip';
import { formatDateFr } from '../../kit/formatDate';
import { ColisDeleteButton } from './ColisDeleteButton';
import { isOwnColis } from '../../../common/scopes';
import { destinataireOf, expediteurOf } from '../model/colisRules';
import type { ColisRecord } from '../model/types';
import { DetailItem } from './DetailItem';
import { useAppIdentity } from '../../kit/useAppIdentity';
import { DemandeSuppressionAlert } from '../../demandesSuppression/DemandeSuppressionAlert';

/**
 * Takes the parcel; after a deletion the page goes to the stock statements /inventaire (spec 000 §2), or to the parcels
 * list for a user without the key inventaire.
 */
export const ColisSummaryCard = ({ colis }: { colis: ColisRecord }) => {
  const translate = useTranslate();
  const redirect = useRedirect();
  const identity = useAppIdentity();
  const { canAccess: seesInventaire } = useCanAccess({ resource: 'inventaire', action: 'list' });
  const t = (key: string) => translate(`resources.colis.details.${key}`);
  const expediteur = expediteurOf(colis);
  const destinataire = destinataireOf(colis);
  return (
    <Card>
      <CardHeader title={colis.reference} subheader={colis.agenceID?.libelle} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <DetailItem label={t('reference')}>{colis.reference}</DetailItem>
        <DetailItem label={t('statut')}>
          <StatutChip statut={colis.statutID} />
        </DetailItem>
        <DetailItem label={t('expediteur')}>
          {expediteur.nom || '--'}
          <br />
          {expediteur.telephone}
        </DetailItem>
        <DetailItem label={t('destinataire')}>
          {destinataire.nom || '--'}
          <br />
          {destinataire.telephone}
        </DetailItem>
        <DetailItem label={t('poids_total')}>{formatKg(colis.poids, colis.unite ?? 'kg')}</DetailItem>
        <DetailItem label={t('modeLivraison')}>{colis.modeLivraisonID?.libelle ?? '--'}</DetailItem>
        <DetailItem label={t('montantLivraison')}>{formatMontant(colis.montantLivraison, colis.devise)}</DetailItem>
        <DetailItem label={t('montantExpedition')}>{formatMontant(colis.montantExpedition, colis.devise)}</DetailItem>
        <DetailItem label={t('montantComplementaire')}>{formatMontant(colis.montantComplementaire, colis.devise)}</DetailItem>
        <DetailItem label={t('contenu')}>{colis.detailsContenu || colis.contenu || '--'}</DetailItem>
        <DetailItem label={t('adresseLivraison')}>{colis.adresseLivraison || colis.adresseDestinataire || '--'}</DetailItem>
        <DetailItem label={t('dateEnvoi')}>{formatDateFr(colis.dateEnvoi)}</DetailItem>
        <DetailItem label={t('depart')}>{colis.envoiID?.reference ?? '--'}</DetailItem>
        {/* The state of a deletion request of the parcel (docs/decisions/deletion-requests.md). */}
        {isOwnColis(colis, identity) && <DemandeSuppressionAlert colisId={String(colis.id)} />}
        {isOwnColis(colis, identity) && (
          <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
            <ColisDeleteButton
              variant="button"
              onDeleted={() => (seesInventaire ? redirect('list', 'inventaire') : redirect('list', 'colis'))}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
