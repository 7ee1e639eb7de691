/**
 * Inputs of the user add and edit forms (spec 001 §2 'AJOUTER UN UTILISATEUR': country, agency, role, nom, prenoms,
 * email, adresse, telephone, hidden user type; §4 only active countries, roles and agencies, choosing a country reloads
 * the agencies (emptied when none chosen); §5 all required; on edit email and telephone are read-only and the country
 * is required 'Le pays est requis !'). The agency is required for an agency role, not for ADMIN
 * (docs/decisions/staff-accounts.md).
 */
import { useMemo } from 'react';
import { Box, InputAdornment } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  ReferenceInput,
  SelectInput,
  TextInput,
  email,
  required,
  useChoicesContext,
  useGetOne,
  useRecordContext,
  type Validator,
} from 'react-admin';
import { ActiveReferenceSelect } from '../common/ActiveReferenceSelect';
import { refId } from '../providers/records';
import { useAppIdentity } from '../common/useAppIdentity';
import { agenceRequired, roleChoices, userPhoneError, type RoleChoice } from './userRules';
import { readSession, sessionActor } from '../providers/session';

const v = 'resources.user.validation';
const f = 'resources.user.form';

/** The chosen record of a reference field (country, role), or undefined. */
function useChosen(source: string, resource: string) {
  const id = refId(useWatch({ name: source }));
  const { data } = useGetOne(resource, { id: id ?? '' }, { enabled: !!id });
  return id ? data : undefined;
}

/** The role select inside its ReferenceInput: SUPERADMIN left out, CLIENT (and ADMIN for a non-SUPERADMIN) disabled. */
const RoleChoices = ({ currentId }: { currentId?: string }) => {
  const { allChoices } = useChoicesContext<RoleChoice>();
  const identity = useAppIdentity();
  const choices = useMemo(
    () => roleChoices(allChoices ?? [], sessionActor(identity ? readSession() : null), currentId),
    [allChoices, identity, currentId],
  );
  return (
    <SelectInput
      source="roleID"
      label="resources.user.fields.roleID"
      choices={choices}
      optionText="libelle"
      translateChoice={false}
      disableValue="disabled"
      validate={required(`${v}.roleID`)}
    />
  );
};

/** Takes `edit` (email and telephone read-only); returns the inputs on a two-column grid. */
export const UserInputs = ({ edit = false }: { edit?: boolean }) => {
  const record = useRecordContext();
  const currentRoleId = edit ? refId(record?.roleID) : undefined;
  const pays = useChosen('paysID', 'pays');
  const role = useChosen('roleID', 'role');
  // Required until a role that sees every agency (ADMIN) is chosen.
  const needsAgence = !role || agenceRequired(role);
  const phoneValidator: Validator = (value) => (value ? userPhoneError(value, pays) : undefined);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
      <ActiveReferenceSelect source="paysID" reference="pays" label="resources.user.fields.paysID" validate={required(`${v}.paysID`)} />
      <ActiveReferenceSelect
        source="agenceID"
        reference="agence"
        label="resources.user.fields.agenceID"
        validate={needsAgence ? required(`${v}.agenceID`) : undefined}
        parentSource="paysID"
        parentHint={`${f}.pays_first`}
        helperText={needsAgence ? false : `${f}.agence_optional`}
      />
      <ReferenceInput source="roleID" reference="role" filter={{ isActive: true }} sort={{ field: 'libelle', order: 'ASC' }} perPage={500}>
        <RoleChoices currentId={currentRoleId} />
      </ReferenceInput>
      <Box />
      <TextInput source="nom" label="resources.user.fields.nom" validate={required(`${v}.nom`)} />
      <TextInput source="prenoms" label="resources.user.fields.prenoms" validate={required(`${v}.prenoms`)} />
      <TextInput
        source="email"
        type="email"
        label="resources.user.fields.email"
        validate={edit ? undefined : [required(`${v}.email`), email(`${v}.email_invalid`)]}
        readOnly={edit}
        helperText={edit ? `${f}.read_only` : false}
      />
      {edit ? (
        <TextInput source="telephoneComplet" label="resources.user.fields.telephone" readOnly helperText={`${f}.read_only`} />
      ) : (
        <TextInput
          source="telephone"
          label="resources.user.fields.telephone"
          validate={[required(`${v}.telephone`), phoneValidator]}
          helperText={`${f}.telephone_help`}
          slotProps={{
            input: {
              startAdornment: pays?.indicatif ? <InputAdornment position="start">{String(pays.indicatif)}</InputAdornment> : undefined,
            },
          }}
        />
      )}
      <TextInput
        source="adresse"
        label="resources.user.fields.adresse"
        validate={required(`${v}.adresse`)}
        sx={{ gridColumn: { md: '1 / -1' } }}
      />
    </Box>
  );
};
