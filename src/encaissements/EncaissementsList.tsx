/**
 * The collections list, /encaissements (spec 001 §2 "Collections list: Mode de Paiement, Date d'ajout, Effectué par,
 * Montant encaissé, Montant restant, Détails colis (opens a popup), Actions; ADMIN has an agency filter", §4 active
 * flag, §6 encaissementDelete, §7 encaissement/liste/{userId}, update/{id}, delete/{id}; §8 'Echec lors du
 * changement !'). The server pages, sorts, searches (parcel reference, payment mode, author) and scopes the rows to
 * the parcels of a non-ADMIN role's agency; the Statut toggle needs encaissementUpdateStatut; the delete button needs
 * encaissementDelete and a role that sees every agency (the server cancels the payment and gives its amount back to
 * the parcel). A payment of a deleted parcel carries the mark 'colis supprimé'.
 */
import { DataTable, useRecordContext, useTranslate, type RaRecord, type TranslateFunction } from 'react-admin';
import { formatEuro } from '../../common/format';
import { userMayDeleteEncaissement } from '../../common/scopes';
import { useAdminAgenceFilter } from '../common/AgenceFilter';
import { DateFrField } from '../common/DateFrField';
import { ReferenceListPage } from '../common/ReferenceListPage';
import { useAppIdentity } from '../common/useAppIdentity';
import { EncaissementColisButton } from './EncaissementColisButton';
import { paymentByKey, type EncaissementRow } from './encaissementRules';

const f = 'resources.encaissements';

/** How the confirmations name a payment: "l'encaissement de 20,00 € du colis PAR1-…". */
const encaissementName = (record: RaRecord, translate: TranslateFunction) =>
  translate(`${f}.record_name`, {
    montant: formatEuro((record as EncaissementRow).montantEncaisse),
    reference: (record as EncaissementRow).colisID?.reference ?? '--',
  });

/** An amount cell in euros, on one line. */
const euros = (source: 'montantEncaisse' | 'montantRestant') => (record: RaRecord) => formatEuro((record as EncaissementRow)[source]);

/** 'Effectué par': who paid (Expéditeur, Destinataire, Partiel), '--' when unknown. */
const PaymentByField = () => {
  const record = useRecordContext<EncaissementRow>();
  const translate = useTranslate();
  const key = paymentByKey(record?.paymentby);
  return <>{key ? translate(key, { _: record?.paymentby ?? '' }) : '--'}</>;
};

/** The collections list page (no props). */
const EncaissementsList = () => {
  const identity = useAppIdentity();
  const filters = useAdminAgenceFilter({ label: `${f}.filters.agence`, emptyText: `${f}.filters.all_agencies` });
  return (
    <ReferenceListPage
      title={`${f}.page.list`}
      filters={filters}
      deleteAllowed={userMayDeleteEncaissement(identity)}
      deleteErrorMessage={`${f}.notifications.delete_error`}
      recordName={encaissementName}
    >
      <DataTable.Col source="modePaiementID" render={(r: EncaissementRow) => r.modePaiementID?.libelle ?? '--'} />
      <DataTable.Col source="createdAt" cellSx={() => ({ whiteSpace: 'nowrap' })}>
        <DateFrField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col source="paymentby" disableSort>
        <PaymentByField />
      </DataTable.Col>
      <DataTable.Col source="montantEncaisse" align="right" render={euros('montantEncaisse')} cellSx={() => ({ whiteSpace: 'nowrap' })} />
      <DataTable.Col source="montantRestant" align="right" render={euros('montantRestant')} cellSx={() => ({ whiteSpace: 'nowrap' })} />
      <DataTable.Col source="colisID" disableSort>
        <EncaissementColisButton />
      </DataTable.Col>
    </ReferenceListPage>
  );
};

export default EncaissementsList;
