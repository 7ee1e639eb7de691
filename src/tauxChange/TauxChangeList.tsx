/**
 * 'Taux de change', /tauxChange (key tauxChange; docs/decisions/currencies.md): the history of the exchange rates,
 * newest first — Devise, Taux (pour 1 €), En vigueur depuis, Fixe, Saisi par, Date de saisie — with a currency filter
 * and the CSV / XLSX export. A rate is never deleted nor changed here (no Actions column: the rate of today or a day to
 * come is corrected from the form, docs/decisions/exchange-rate-history.md); 'Saisir un taux' is offered to a
 * role that sees every agency only (the server refuses the others, tauxChange/service.ts).
 */
import { Alert, Chip } from '@mui/material';
import { DataTable, SelectInput, useTranslate, type RaRecord } from 'react-admin';
import { userSeesAllAgences } from '../../common/scopes';
import { formatDateFr } from '../kit/formatDate';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { useAppIdentity } from '../kit/useAppIdentity';
import { fullName } from '../providers/records';
import { formatTaux } from '../../common/format';
import { DEVISE_CHOICES } from './tauxChangeView';

const f = 'resources.tauxChange';

/** A rate as tauxChange/liste answers it. */
interface TauxRow extends RaRecord {
  devise: string;
  taux: string;
  dateDebut: string;
  fixe: boolean;
  auteur: { nom: string; prenoms: string } | null;
  createdAt: string;
}

/** 'Fixé par la loi' for a legal rate, '--' otherwise. */
const FixeField = ({ record }: { record: TauxRow }) => {
  const translate = useTranslate();
  return record.fixe ? <Chip size="small" color="info" label={translate(`${f}.values.fixe`)} /> : <>--</>;
};

/** The list page (no props). */
const TauxChangeList = () => {
  const translate = useTranslate();
  const identity = useAppIdentity();
  const filters = [
    <SelectInput
      key="devise"
      source="devise"
      label={`${f}.filters.devise`}
      emptyText={`${f}.filters.all`}
      choices={[...DEVISE_CHOICES]}
      alwaysOn
      size="small"
    />,
  ];
  return (
    <>
      <ReferenceListPage
        title={`${f}.page.list`}
        createLabel={userSeesAllAgences(identity) ? `${f}.action.add` : undefined}
        withActive={false}
        filters={filters}
      >
        <DataTable.Col source="devise" />
        <DataTable.Col source="taux" align="right" render={(r: TauxRow) => formatTaux(r.taux)} />
        <DataTable.Col source="dateDebut" render={(r: TauxRow) => formatDateFr(r.dateDebut)} />
        <DataTable.Col source="fixe" disableSort render={(r: TauxRow) => <FixeField record={r} />} />
        <DataTable.Col
          source="auteur"
          disableSort
          render={(r: TauxRow) => (r.auteur ? fullName(r.auteur) : translate(`${f}.values.seed`))}
        />
        <DataTable.Col
          source="createdAt"
          render={(r: TauxRow) => formatDateFr(r.createdAt, 'dd/MM/yyyy HH:mm')}
          cellSx={() => ({ whiteSpace: 'nowrap' })}
        />
      </ReferenceListPage>
      <Alert severity="info" sx={{ mt: 2, maxWidth: 900 }}>
        {translate(`${f}.form.explication`)} {translate(`${f}.form.cfa`)}
      </Alert>
    </>
  );
};

export default TauxChangeList;
