/**
 * Inputs of the reference resources made of a code, a libellé and a description (spec 001 §3 Role, Mode livraison,
 * Mode envoi, Operation type; §5 "Role, pickup mode: code, libelle, description all required", "Operation type:
 * libelle and code required"). The rules are the server's (common/schemas/reference.ts codeLibelleSchema), given by the page.
 */
import { Box } from '@mui/material';
import { TextInput } from 'react-admin';

/** Props of CodeLibelleInputs. */
export interface CodeLibelleInputsProps {
  /** 'required' (roles, modes), 'optional', or 'none' (operation types: the spec's entity has no description). */
  description?: 'required' | 'optional' | 'none';
  /** The code cannot be changed (a system role's: the server refuses it too). */
  codeReadOnly?: boolean;
}

/** Renders code and libellé side by side, then the description on its own line when it exists. */
export const CodeLibelleInputs = ({ description = 'required', codeReadOnly = false }: CodeLibelleInputsProps) => {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
      <TextInput source="code" isRequired readOnly={codeReadOnly} />
      <TextInput source="libelle" isRequired />
      {description !== 'none' && (
        <TextInput source="description" multiline minRows={2} sx={{ gridColumn: '1 / -1' }} isRequired={description === 'required'} />
      )}
    </Box>
  );
};
