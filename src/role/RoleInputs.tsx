/**
 * The role form's inputs (spec 001 §2 /addRole, /roleUpdate, "Roles form fields: Code, Libelle, Statut"; §5 code,
 * libelle, description required): the Statut switch (docs/decisions/role-statut.md: enabled with roleUpdateStatut only,
 * never for a system role), and the role's reach (docs/decisions/role-identity.md): 'Voit toutes les agences' on or off, chosen by a SUPERADMIN only
 * (disabled otherwise, with the reason); a system role's code and reach are shown read-only. The server applies the same
 * rules (common/autorisationRules.ts roleRecordRefusal).
 */
import { Alert, Box, FormLabel } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { BooleanInput, useRecordContext, useTranslate } from 'react-admin';
import { CodeLibelleInputs } from '../kit/CodeLibelleInputs';
import { useSessionActor } from '../kit/useAppIdentity';
import { useHasPermission } from '../kit/useHasPermission';

const T = 'resources.role';

/**
 * The Statut of the role (spec 001 §2): a switch labelled 'Actif' or 'Inactif' as it stands, under the label 'Statut'.
 * Disabled without the status key (with the spec's sentence) and for a system role (always active).
 */
const StatutInput = ({ systeme }: { systeme: boolean }) => {
  const translate = useTranslate();
  const has = useHasPermission();
  const active = useWatch({ name: 'isActive' }) !== false;
  const allowed = has('roleUpdateStatut');
  return (
    <Box sx={{ mb: 1 }}>
      <FormLabel component="div" sx={{ fontSize: '0.8rem' }}>
        {translate(`${T}.fields.isActive`)}
      </FormLabel>
      <BooleanInput
        source="isActive"
        label={active ? `${T}.statut.actif` : `${T}.statut.inactif`}
        defaultValue
        disabled={!allowed || systeme}
        helperText={!allowed ? 'app.status.no_permission' : systeme ? `${T}.statut.system` : `${T}.statut.helper`}
      />
    </Box>
  );
};

/** Renders code, libellé, description and the reach (no props; reads the record and the signed-in user). */
export const RoleInputs = () => {
  const record = useRecordContext<{ systeme?: string | null }>();
  const translate = useTranslate();
  const superadmin = useSessionActor().isSuperadmin;
  const systeme = !!record?.systeme;
  return (
    <Box sx={{ width: '100%', maxWidth: 800 }}>
      {systeme && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(`${T}.system_role`, { code: record?.systeme })}
        </Alert>
      )}
      <CodeLibelleInputs codeReadOnly={systeme} />
      <StatutInput systeme={systeme} />
      <BooleanInput
        source="toutesAgences"
        label={`${T}.reach_input`}
        defaultValue={false}
        disabled={!superadmin || systeme}
        helperText={!superadmin ? `${T}.reach_superadmin_only` : `${T}.reach_helper`}
      />
    </Box>
  );
};
