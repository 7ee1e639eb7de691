/**
 * The collections list, /encaissements (spec 001 §2 "Collections list: Mode de Paiement, Date d'ajout, Effectué par,
 * Montant encaissé, Montant restant, Détails colis (opens a popup), Actions; ADMIN has an agency filter", §4 active
 * flag, §6 encaissementDelete, §7 encaissement/liste/{userId}, update/{id}, delete/{id}; §8 'Echec lors du
 * changement !'). The server pages, sorts, searches (parcel reference, payment mode, author) and scopes the rows to
 * the parcels of a non-ADMIN role's agency; the Statut toggle needs encaissementUpdateStatut; the delete button needs
 * encaissementDelete and a role that sees every agency (the server cancels the payment and gives its amount back to
 * the parcel). A payment of a deleted parcel carries the mark 'colis supprimé'. Amounts in the payment's currency
 * (`devise`, its parcel's), with what was handed over when tendered in another (docs/decisions/currencies.md).
 * Refunds (docs/decisions/refunds-and-cash.md) are rows of negative amount marked 'Remboursement' with their reason;
 * 'Rembourser' (key encaissementRembourser) opens the refund dialog on a payment that has something left to give back.
 */
import { Box, Chip, Typography } from '@mui/material';
import { DataTable, useRecordContext, useTranslate, type RaRecord, type TranslateFunction } from 'react-admin';
import { formatMontant } from '../../common/format';
import { userMayDeleteEncaissement } from '../../common/scopes';
import { useAdminAgenceFilter } from '../kit/AgenceFilter';
import { DateFrField } from '../kit/DateFrField';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { useAppIdentity } from '../kit/useAppIdentity';
import { EncaissementColisButton } from './EncaissementColisButton';
import { estRembourse, isRemboursement, paymentByKey } from './encaissementRules';
import type { Encaissement } from './types';
import { RembourserButton } from './RembourserButton';
import { useHasPermission } from '../kit/useHasPermission';
import { ecartConversionDe, montantRemis } from './montantRemis';

const f = 'resources.encaissements';

/** How the confirmations name a payment: "l'encaissement de 20,00 € du colis PAR1-…". */
const encaissementName = (record: RaRecord, translate: TranslateFunction) =>
  translate(`${f}.record_name`, {
    montant: formatMontant((record as Encaissement).montantEncaisse, (record as Encaissement).devise),
    reference: (record as Encaissement).colisID?.reference ?? '--',
  });

/** An amount cell in the payment's currency, on one line. */
const montant = (source: 'montantEncaisse' | 'montantRestant') => (record: RaRecord) =>
  formatMontant((record as Encaissement)[source], (record as Encaissement).devise);

/**
 * 'Montant encaissé' in the payment's currency, and under it what was handed over when in another currency and the
 * conversion difference a settling amount booked (docs/decisions/currencies.md "The last minor units"); a refund
 * (a negative amount) is marked 'Remboursement' with its reason, a payment refunded in part or in full says how much
 * it gave back (docs/decisions/refunds-and-cash.md).
 */
const MontantEncaisseField = () => {
  const record = useRecordContext<Encaissement>();
  const translate = useTranslate();
  if (!record) return null;
  const remis = montantRemis(record);
  const ecart = ecartConversionDe(record);
  const remboursement = isRemboursement(record);
  const rembourse = estRembourse(record);
  return (
    <>
      {formatMontant(record.montantEncaisse, record.devise)}
      {remis && (
        <Typography variant="caption" color="text.secondary" component="div" data-testid="montant-remis">
          {translate(`${f}.montant_remis`, { montant: remis })}
        </Typography>
      )}
      {ecart && (
        <Typography variant="caption" color="text.secondary" component="div" data-testid="ecart-conversion">
          {translate(`${f}.ecart_conversion`, { ecart })}
        </Typography>
      )}
      {remboursement && (
        <Box data-testid="remboursement" sx={{ whiteSpace: 'normal' }}>
          <Chip size="small" color="warning" variant="outlined" label={translate(`${f}.refund.label`)} />
          {record.motif && (
            <Typography variant="caption" color="text.secondary" component="div">
              {record.motif}
            </Typography>
          )}
        </Box>
      )}
      {rembourse && (
        <Typography variant="caption" color="warning.main" component="div" data-testid="montant-rembourse">
          {translate(`${f}.refund.rembourse`, { montant: formatMontant(record.montantRembourse, record.devise) })}
        </Typography>
      )}
    </>
  );
};

/** 'Effectué par': who paid (Expéditeur, Destinataire, Partiel), '--' when unknown. */
const PaymentByField = () => {
  const record = useRecordContext<Encaissement>();
  const translate = useTranslate();
  const key = paymentByKey(record?.paymentby);
  return <>{key ? translate(key, { _: record?.paymentby ?? '' }) : '--'}</>;
};

/** The collections list page (no props). */
const EncaissementsList = () => {
  const identity = useAppIdentity();
  const filters = useAdminAgenceFilter({ label: `${f}.filters.agence`, emptyText: `${f}.filters.all_agencies` });
  const has = useHasPermission();
  return (
    <ReferenceListPage
      title={`${f}.page.list`}
      filters={filters}
      deleteAllowed={userMayDeleteEncaissement(identity)}
      deleteErrorMessage={`${f}.notifications.delete_error`}
      recordName={encaissementName}
      extraRowActions={has('encaissementRembourser') ? <RembourserButton /> : undefined}
    >
      <DataTable.Col source="modePaiementID" render={(r: Encaissement) => r.modePaiementID?.libelle ?? '--'} />
      <DataTable.Col source="createdAt" cellSx={() => ({ whiteSpace: 'nowrap' })}>
        <DateFrField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col source="paymentby" disableSort>
        <PaymentByField />
      </DataTable.Col>
      <DataTable.Col source="montantEncaisse" align="right" cellSx={() => ({ whiteSpace: 'nowrap' })}>
        <MontantEncaisseField />
      </DataTable.Col>
      <DataTable.Col source="montantRestant" align="right" render={montant('montantRestant')} cellSx={() => ({ whiteSpace: 'nowrap' })} />
      <DataTable.Col source="colisID" disableSort>
        <EncaissementColisButton />
      </DataTable.Col>
    </ReferenceListPage>
  );
};

export default EncaissementsList;
