/**
 * Inputs of the reference resources made of a code, a libellé and a description (spec 001 §3 Role, Mode livraison,
 * Mode envoi, Operation type; §5 "Role, pickup mode: code, libelle, description all required", "Operation type:
 * libelle and code required"). Validation texts are `resources.<resource>.validation.{code,libelle,description}`.
 */
import { Box } from '@mui/material';
import { TextInput, required, useResourceContext } from 'react-admin';

/** Props of CodeLibelleInputs. */
export interface CodeLibelleInputsProps {
  /** 'required' (roles, modes), 'optional', or 'none' (operation types: the spec's entity has no description). */
  description?: 'required' | 'optional' | 'none';
  /** The code cannot be changed (a system role's: the server refuses it too). */
  codeReadOnly?: boolean;
}

/** Renders code and libellé side by side, then the description on its own line when it exists. */
export const CodeLibelleInputs = ({ description = 'required', codeReadOnly = false }: CodeLibelleInputsProps) => {
  const resource = useResourceContext();
  const v = `resources.${resource}.validation`;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
      <TextInput source="code" validate={required(`${v}.code`)} readOnly={codeReadOnly} />
      <TextInput source="libelle" validate={required(`${v}.libelle`)} />
      {description !== 'none' && (
        <TextInput
          source="description"
          multiline
          minRows={2}
          sx={{ gridColumn: '1 / -1' }}
          validate={description === 'required' ? required(`${v}.description`) : undefined}
        />
      )}
    </Box>
  );
};
