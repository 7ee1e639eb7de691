/**
 * 'Nouveau taux de change', /tauxChange/create (key tauxChange; docs/decisions/currencies.md and
 * docs/decisions/exchange-rate-history.md): a currency (not the euro, not a CFA franc), its rate for 1 € (up to 6
 * decimals, French comma) with its inverse under it ('1 XOF = 0,001524 €'), and the day it starts (today by default).
 * When the currency already has a rate on that day, today or later, the form says so and offers « Remplacer ce taux »
 * (the correction of that day's rate); on a past day under a rate it says that the past keeps its rates (the server
 * refuses it). Checked with the server's schema (common/schemas/tauxChange.ts tauxChangeBody). Only a role that sees
 * every agency enters a rate: another one reads why instead of the form.
 */
import { useRef } from 'react';
import { Alert, Box } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, useGetList, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { isoToFr, todayIso } from '../../common/dates';
import { TAUX_MESSAGES, tauxChangeBody, tauxPasseMessage } from '../../common/schemas/tauxChange';
import { userSeesAllAgences } from '../../common/scopes';
import { DateInputFr } from '../kit/DateInputFr';
import { PageHeader } from '../kit/PageHeader';
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { useAppIdentity } from '../kit/useAppIdentity';
import { formatTaux } from '../../common/format';
import { parseDecimalFr } from '../../common/money';
import { DEVISES_SAISISSABLES, inverseTaux } from './tauxChangeView';

const f = 'resources.tauxChange';

/** The rate's helper: its inverse once the rate and the currency read, else how to type it. */
const TauxHelper = () => {
  const translate = useTranslate();
  const [devise, taux] = useWatch({ name: ['devise', 'taux'] }) as [string | undefined, unknown];
  const inverse = inverseTaux(taux);
  if (!devise || !inverse) return <>{translate(`${f}.form.taux_help`)}</>;
  return <>{translate(`${f}.form.inverse`, { taux: formatTaux(parseDecimalFr(String(taux)) ?? ''), devise, inverse })}</>;
};

/** A rate of the history as tauxChange/liste answers it. */
interface TauxRow {
  id: string;
  taux: string;
  dateDebut: string;
}

/**
 * What the currency's history says of the day chosen: its rate of that day (today or later: « Remplacer ce taux » is
 * offered), or that a past day already under a rate keeps it (the server refuses a new one there).
 */
const JourExistant = () => {
  const translate = useTranslate();
  const [devise, dateDebut] = useWatch({ name: ['devise', 'dateDebut'] }) as [string | undefined, string | undefined];
  const { data } = useGetList<TauxRow>(
    'tauxChange',
    { filter: { devise }, sort: { field: 'dateDebut', order: 'DESC' }, pagination: { page: 1, perPage: 200 } },
    { enabled: !!devise },
  );
  if (!devise || !dateDebut || !/^\d{4}-\d{2}-\d{2}$/.test(dateDebut) || !data) return null;
  const today = todayIso();
  const existant = data.find((r) => r.dateDebut.slice(0, 10) === dateDebut);
  if (dateDebut < today) {
    return data.some((r) => r.dateDebut.slice(0, 10) <= dateDebut) ? (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="taux-passe">
        {tauxPasseMessage(today)}
      </Alert>
    ) : null;
  }
  if (!existant) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="taux-existant">
      {translate(`${f}.form.existant`, { devise, jour: isoToFr(dateDebut), taux: formatTaux(existant.taux) })}
      <BooleanInput source="remplacer" label={`${f}.form.remplacer`} helperText={`${f}.form.remplacer_help`} />
    </Alert>
  );
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
      <JourExistant />
    </Box>
  );
};

/** The add page (no props); waits for the identity, which says whether the role may enter a rate. */
const TauxChangeCreate = () => {
  const identity = useAppIdentity();
  const translate = useTranslate();
  // Whether the save being sent replaces the day's rate: its success text says so.
  const remplace = useRef(false);
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
      transform={(data) => {
        const { remplacer, ...rest } = data;
        remplace.current = remplacer === true;
        return remplace.current ? { ...rest, remplacer: true } : rest;
      }}
      successMessage={() => (remplace.current ? TAUX_MESSAGES.corrige : translate(`${f}.notifications.created`))}
    >
      <TauxChangeInputs />
    </ReferenceCreatePage>
  );
};

export default TauxChangeCreate;
