/**
 * The inputs of the add and edit forms 'Ajouter entrée/sortie' (spec 001 §5 Operation add: user, date, montant, motif,
 * type and description all required; montant numeric, minimum 1; type chosen from entrée/sortie; "Only active
 * operation types and active admin users are offered in operation forms"). The user defaults to the signed-in one;
 * the other choices come from dataProvider.getStaffUsers (user/listeAdmin) — when that list cannot be read, the
 * signed-in user (and the record's) stay offered and a hint says so. The currency (docs/decisions/currencies.md: an
 * operation carries its own) may be chosen among common/devises.ts; left empty ('Devise du pays de l'agence'), the
 * server takes the country's of the operation's agency — the chosen staff member's (server/access/scopes.ts
 * operationAgenceFor), which the browser does not know: an administrator in Paris recording for a Dakar clerk gets
 * F CFA. The form checks its values with the server's own schema (common/schemas/operation.ts operationForm, given to
 * the pages as `schema`).
 */
import { useQuery } from '@tanstack/react-query';
import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { RadioButtonGroupInput, SelectInput, TextInput, useDataProvider, useRecordContext, type DataProvider } from 'react-admin';
import { ActiveReferenceSelect } from '../kit/ActiveReferenceSelect';
import { deviseChoices } from '../kit/choices';
import { DateInputFr } from '../kit/DateInputFr';
import { MontantInput } from '../kit/MontantInput';
import { refId } from '../providers/records';
import { useAppIdentity } from '../kit/useAppIdentity';
import type { OperationMethods } from './operationMethods';
import { userSeesAllAgences } from '../../common/scopes';
import { staffChoices, staffOfAgence } from './operationView';

const f = 'resources.operation';

/** The currencies of the select: 'XOF — Franc CFA (BCEAO)'. */
const DEVISE_CHOICES = deviseChoices();

/** Renders the seven inputs (no props; reads the record of an edit from context). */
export const OperationInputs = () => {
  const identity = useAppIdentity();
  const record = useRecordContext();
  const dataProvider = useDataProvider<DataProvider & OperationMethods>();
  const staff = useQuery({
    queryKey: ['operation', 'staffUsers'],
    queryFn: ({ signal }) => dataProvider.getStaffUsers({ signal }),
    retry: false,
    staleTime: 60_000,
  });
  const devise = useWatch({ name: 'devise' }) as string | null | undefined;
  const current = record?.userIDRef as { id: string; nom?: string; prenoms?: string } | undefined;
  const agenceID = userSeesAllAgences(identity) ? undefined : (refId(identity?.agenceID) ?? '');
  const choices = staffChoices(staffOfAgence(staff.data, agenceID), [
    identity ? { id: String(identity.id), fullName: identity.fullName } : null,
    current,
  ]);
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <SelectInput
        source="userID"
        label={`${f}.fields.userID`}
        choices={choices}
        optionText="name"
        isRequired
        helperText={staff.isError ? `${f}.form.user_hint` : false}
        fullWidth
      />
      <DateInputFr source="date" label={`${f}.fields.date`} isRequired fullWidth />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, columnGap: 2 }}>
        <MontantInput
          source="montant"
          label={`${f}.fields.montant`}
          devise={devise}
          isRequired
          helperText={`${f}.form.montant_help`}
          fullWidth
        />
        <SelectInput
          source="devise"
          label={`${f}.fields.devise`}
          choices={DEVISE_CHOICES}
          emptyText={`${f}.form.devise_default`}
          helperText={`${f}.form.devise_help`}
          fullWidth
        />
      </Box>
      <ActiveReferenceSelect source="motif" reference="typeOperation" label={`${f}.fields.motif`} isRequired />
      <RadioButtonGroupInput
        source="type"
        label={`${f}.fields.type`}
        choices={[
          { id: 'entrée', name: `${f}.types.entree` },
          { id: 'sortie', name: `${f}.types.sortie` },
        ]}
        isRequired
      />
      <TextInput source="description" label={`${f}.fields.description`} isRequired multiline minRows={2} fullWidth />
    </Box>
  );
};

/**
 * The body of a save: the six fields of the form as typed (spec 001 §7 operation/create) and the currency when one is
 * chosen (none: the server takes the operation's agency's); the server parses and rounds them with the same schema as
 * the form (common/schemas/operation.ts: '12,5' → 12.5).
 */
export function operationBody(data: Record<string, unknown>): Record<string, unknown> {
  return {
    date: data.date,
    montant: data.montant,
    description: data.description,
    userID: data.userID,
    motif: data.motif,
    type: data.type,
    ...(data.devise ? { devise: data.devise } : {}),
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
