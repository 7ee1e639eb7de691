/**
 * 'Nouveau taux de change', /tauxChange/create (key tauxChange; docs/decisions/currencies.md): a currency (not the
 * euro, not a CFA franc), its rate for 1 € (up to 6 decimals, French comma) with its inverse under it ('1 XOF =
 * 0,001524 €'), and the day it starts (today by default; a past day starts a correction). Checked with the server's
 * schema (common/schemas/tauxChange.ts tauxChangeBody). Only a role that sees every agency enters a rate: another one
 * reads why instead of the form.
 */
import { Alert, Box } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { todayIso } from '../../common/dates';
import { TAUX_MESSAGES, tauxChangeBody } from '../../common/schemas/tauxChange';
import { userSeesAllAgences } from '../../common/scopes';
import { DateInputFr } from '../common/DateInputFr';
import { PageHeader } from '../common/PageHeader';
import { ReferenceCreatePage } from '../common/ReferenceFormPages';
import { useAppIdentity } from '../common/useAppIdentity';
import { formatTaux } from '../../common/format';
import { DEVISES_SAISISSABLES, inverseTaux } from './tauxChangeView';

const f = 'resources.tauxChange';

/** The rate's helper: its inverse once the rate and the currency read, else how to type it. */
const TauxHelper = () => {
  const translate = useTranslate();
  const [devise, taux] = useWatch({ name: ['devise', 'taux'] }) as [string | undefined, unknown];
  const inverse = inverseTaux(taux);
  if (!devise || !inverse) return <>{translate(`${f}.form.taux_help`)}</>;
  const typed = String(taux).trim().replace(/\s/g, '').replace(',', '.');
  return <>{translate(`${f}.form.inverse`, { taux: formatTaux(typed), devise, inverse })}</>;
};

/** The three inputs and the explanation. */
const TauxChangeInputs = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate(`${f}.form.explication`)}
        <br />
        {translate(`${f}.form.cfa`)}
      </Alert>
      <SelectInput source="devise" choices={[...DEVISES_SAISISSABLES]} isRequired fullWidth />
      <TextInput source="taux" isRequired fullWidth helperText={<TauxHelper />} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <DateInputFr source="dateDebut" isRequired fullWidth />
    </Box>
  );
};

/** The add page (no props); waits for the identity, which says whether the role may enter a rate. */
const TauxChangeCreate = () => {
  const identity = useAppIdentity();
  if (!identity) return null;
  if (!userSeesAllAgences(identity)) {
    return (
      <>
        <PageHeader title={`${f}.page.create`} steps={[{ label: `${f}.page.list`, to: '/tauxChange' }, { label: `${f}.page.create` }]} />
        <Alert severity="warning">{TAUX_MESSAGES.roleAgence}</Alert>
      </>
    );
  }
  return (
    <ReferenceCreatePage
      title={`${f}.page.create`}
      errorMessage={`${f}.notifications.create_error`}
      record={{ dateDebut: todayIso() }}
      schema={tauxChangeBody}
    >
      <TauxChangeInputs />
    </ReferenceCreatePage>
  );
};

export default TauxChangeCreate;
