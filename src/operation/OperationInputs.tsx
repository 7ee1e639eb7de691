/**
 * The inputs of the add and edit forms 'Ajouter entrée/sortie' (spec 001 §5 Operation add: user, date, montant, motif,
 * type and description all required; montant numeric, minimum 1; type chosen from entrée/sortie; "Only active
 * operation types and active admin users are offered in operation forms"). The user defaults to the signed-in one;
 * the other choices come from dataProvider.getStaffUsers (user/listeAdmin) — when that list cannot be read, the
 * signed-in user (and the record's) stay offered and a hint says so. The server applies the same rules
 * (common/operationRules.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { Box } from '@mui/material';
import {
  DateInput,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  minValue,
  required,
  useDataProvider,
  useRecordContext,
  useTranslate,
  type DataProvider,
} from 'react-admin';
import { OPERATION_MESSAGES as M, OPERATION_MONTANT_MIN, isFutureDate } from '../../common/operationRules';
import { ActiveReferenceSelect } from '../common/ActiveReferenceSelect';
import { refId } from '../providers/records';
import { useAppIdentity } from '../common/useAppIdentity';
import type { OperationMethods } from './operationMethods';
import { userSeesAllAgences } from '../../common/scopes';
import { staffChoices, staffOfAgence } from './operationView';

const f = 'resources.operation';

/** No day after today (the server's rule). */
const notFuture = (value: unknown) => (typeof value === 'string' && value && isFutureDate(value) ? M.dateFuture : undefined);

/** Renders the six inputs (no props; reads the record of an edit from context). */
export const OperationInputs = () => {
  const translate = useTranslate();
  const identity = useAppIdentity();
  const record = useRecordContext();
  const dataProvider = useDataProvider<DataProvider & OperationMethods>();
  const staff = useQuery({
    queryKey: ['operation', 'staffUsers'],
    queryFn: ({ signal }) => dataProvider.getStaffUsers({ signal }),
    retry: false,
    staleTime: 60_000,
  });
  const current = record?.userIDRef as { id: string; nom?: string; prenoms?: string } | undefined;
  const agenceID = userSeesAllAgences(identity) ? undefined : (refId(identity?.agenceID) ?? '');
  const choices = staffChoices(staffOfAgence(staff.data, agenceID), [
    identity ? { id: String(identity.id), fullName: identity.fullName } : null,
    current,
  ]);
  const req = required(translate(`${f}.form.required`));
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <SelectInput
        source="userID"
        label={`${f}.fields.userID`}
        choices={choices}
        optionText="name"
        validate={req}
        helperText={staff.isError ? `${f}.form.user_hint` : false}
        fullWidth
      />
      <DateInput
        source="date"
        label={`${f}.fields.date`}
        validate={[req, notFuture]}

        fullWidth
      />
      <NumberInput
        source="montant"
        label={`${f}.fields.montant`}
        validate={[req, minValue(OPERATION_MONTANT_MIN, M.montantMin)]}
        step={0.01}
        helperText={`${f}.form.montant_help`}
        fullWidth
      />
      <ActiveReferenceSelect source="motif" reference="typeOperation" label={`${f}.fields.motif`} validate={req} />
      <RadioButtonGroupInput
        source="type"
        label={`${f}.fields.type`}
        choices={[
          { id: 'entrée', name: `${f}.types.entree` },
          { id: 'sortie', name: `${f}.types.sortie` },
        ]}
        validate={req}
      />
      <TextInput source="description" label={`${f}.fields.description`} validate={req} multiline minRows={2} fullWidth />
    </Box>
  );
};

/** The body of a save: the six fields of the form, the amount as a number (spec 001 §7 operation/create). */
export function operationBody(data: Record<string, unknown>): Record<string, unknown> {
  return {
    date: data.date,
    montant: typeof data.montant === 'string' ? Number(data.montant.replace(',', '.')) : data.montant,
    description: data.description,
    userID: data.userID,
    motif: data.motif,
    type: data.type,
  };
}

/**
 * The record of an edit as the form reads it: the populated motif and user as their ids (the user kept aside as
 * `userIDRef`, so that its name is offered even when the staff list lacks it).
 */
export function operationFormRecord<T extends Record<string, unknown>>(record: T): T {
  const ref = (v: unknown) => (v && typeof v === 'object' && 'id' in v ? (v as { id: string }).id : v);
  return { ...record, motif: ref(record.motif), userID: ref(record.userID), userIDRef: record.userID };
}
