/**
 * The role form's inputs (spec 001 §2 /addRole, /roleUpdate; §5 code, libelle, description required), with the role's
 * reach (docs/decisions/role-identity.md): 'Voit toutes les agences' on or off, chosen by a SUPERADMIN only
 * (disabled otherwise, with the reason); a system role's code and reach are shown read-only. The server applies the same
 * rules (common/autorisationRules.ts roleRecordRefusal).
 */
import { Alert, Box } from '@mui/material';
import { BooleanInput, useRecordContext, useTranslate } from 'react-admin';
import { CodeLibelleInputs } from '../common/CodeLibelleInputs';
import { useAppIdentity } from '../common/useAppIdentity';
import { isSuperAdmin, readSession } from '../providers/session';

const T = 'resources.role';

/** Renders code, libellé, description and the reach (no props; reads the record and the signed-in user). */
export const RoleInputs = () => {
  const record = useRecordContext<{ systeme?: string | null }>();
  const translate = useTranslate();
  const identity = useAppIdentity();
  const superadmin = isSuperAdmin(identity ? readSession() : null);
  const systeme = !!record?.systeme;
  return (
    <Box sx={{ width: '100%', maxWidth: 800 }}>
      {systeme && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(`${T}.system_role`, { code: record?.systeme })}
        </Alert>
      )}
      <CodeLibelleInputs codeReadOnly={systeme} />
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
