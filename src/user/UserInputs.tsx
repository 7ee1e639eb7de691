/**
 * Inputs of the user add and edit forms (spec 001 §2 'AJOUTER UN UTILISATEUR': country, agency, role, nom, prenoms,
 * email, adresse, telephone, hidden user type; §4 only active countries, roles and agencies, choosing a country reloads
 * the agencies (emptied when none chosen); §5 all required; on edit email and telephone are read-only and the country
 * is required 'Le pays est requis !'). The agency is required for an agency role, not for ADMIN
 * (docs/decisions/staff-accounts.md). The rules are the shared schema's (common/schemas/user.ts userFormSchema), given
 * to the page's form by useUserFormResolver; the inputs only show the required marks.
 */
import { useEffect, useMemo, useState } from 'react';
import { Box, InputAdornment } from '@mui/material';
import { useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { ReferenceInput, SelectInput, TextInput, useChoicesContext, useGetOne, useRecordContext } from 'react-admin';
import { userFormSchema, type UserFormContext } from '../../common/schemas/user';
import { ActiveReferenceSelect } from '../kit/ActiveReferenceSelect';
import { formResolver } from '../kit/formResolver';
import { refId } from '../providers/records';
import { useSessionActor } from '../kit/useAppIdentity';
import { agenceRequired, roleChoices, type RoleChoice } from './userRules';

const f = 'resources.user.form';

/** The chosen country and role as the form's rules read them (common/schemas/user.ts UserFormContext). */
export type UserFormChoices = Pick<UserFormContext, 'pays' | 'role'>;

/**
 * The resolver of the user add or edit form: common/schemas/user.ts userFormSchema for the chosen country and role,
 * which UserInputs reports through `onChoices` once they are loaded.
 * @param edit true for the edit form
 * @returns `resolver` for the page's form, `onChoices` for UserInputs
 */
export function useUserFormResolver(edit: boolean): { resolver: Resolver<FieldValues>; onChoices: (choices: UserFormChoices) => void } {
  const [choices, onChoices] = useState<UserFormChoices>({});
  const resolver = useMemo(() => formResolver(userFormSchema({ ...choices, edit })), [choices, edit]);
  return { resolver, onChoices };
}

/** The chosen record of a reference field (country, role), or undefined. */
function useChosen(source: string, resource: string) {
  const id = refId(useWatch({ name: source }));
  const { data } = useGetOne(resource, { id: id ?? '' }, { enabled: !!id });
  return id ? data : undefined;
}

/** The role select inside its ReferenceInput: SUPERADMIN left out, CLIENT (and ADMIN for a non-SUPERADMIN) disabled. */
const RoleChoices = ({ currentId }: { currentId?: string }) => {
  const { allChoices } = useChoicesContext<RoleChoice>();
  const actor = useSessionActor();
  const choices = useMemo(() => roleChoices(allChoices ?? [], actor, currentId), [allChoices, actor, currentId]);
  return (
    <SelectInput
      source="roleID"
      label="resources.user.fields.roleID"
      choices={choices}
      optionText="libelle"
      translateChoice={false}
      disableValue="disabled"
      isRequired
    />
  );
};

/**
 * Takes `edit` (email and telephone read-only) and `onChoices`, told the chosen country and role (their loaded records,
 * null while none) for the form's rules (useUserFormResolver); returns the inputs on a two-column grid.
 */
export const UserInputs = ({ edit = false, onChoices }: { edit?: boolean; onChoices?: (choices: UserFormChoices) => void }) => {
  const record = useRecordContext();
  const currentRoleId = edit ? refId(record?.roleID) : undefined;
  const pays = useChosen('paysID', 'pays');
  const role = useChosen('roleID', 'role');
  useEffect(() => {
    onChoices?.({
      pays: pays ? { indicatif: pays.indicatif, longueurNumero: pays.longueurNumero } : null,
      role: role ? { toutesAgences: !!role.toutesAgences } : null,
    });
  }, [pays, role, onChoices]);
  // Required until a role that sees every agency (ADMIN) is chosen.
  const needsAgence = !role || agenceRequired(role);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
      <ActiveReferenceSelect source="paysID" reference="pays" label="resources.user.fields.paysID" isRequired />
      <ActiveReferenceSelect
        source="agenceID"
        reference="agence"
        label="resources.user.fields.agenceID"
        isRequired={needsAgence}
        parentSource="paysID"
        parentHint={`${f}.pays_first`}
        helperText={needsAgence ? false : `${f}.agence_optional`}
      />
      <ReferenceInput source="roleID" reference="role" filter={{ isActive: true }} sort={{ field: 'libelle', order: 'ASC' }} perPage={500}>
        <RoleChoices currentId={currentRoleId} />
      </ReferenceInput>
      <Box />
      <TextInput source="nom" label="resources.user.fields.nom" isRequired />
      <TextInput source="prenoms" label="resources.user.fields.prenoms" isRequired />
      <TextInput
        source="email"
        type="email"
        label="resources.user.fields.email"
        isRequired={!edit}
        readOnly={edit}
        helperText={edit ? `${f}.read_only` : false}
      />
      {edit ? (
        <TextInput source="telephoneComplet" label="resources.user.fields.telephone" readOnly helperText={`${f}.read_only`} />
      ) : (
        <TextInput
          source="telephone"
          label="resources.user.fields.telephone"
          isRequired
          helperText={`${f}.telephone_help`}
          slotProps={{
            input: {
              startAdornment: pays?.indicatif ? <InputAdornment position="start">{String(pays.indicatif)}</InputAdornment> : undefined,
            },
          }}
        />
      )}
      <TextInput source="adresse" label="resources.user.fields.adresse" isRequired sx={{ gridColumn: { md: '1 / -1' } }} />
    </Box>
  );
};
