/**
 * Inputs of the nature group add and edit forms (spec 001 §5 "Nature group: code and libelle required, description
 * optional; code sent in upper case").
 */
import { Box } from '@mui/material';
import { TextInput } from 'react-admin';
import { upperCase } from '../kit/textParsers';

/** Takes no props; returns code, libelle and description. */
export const GroupeNatureColisInputs = () => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
    <TextInput source="code" isRequired parse={upperCase} />
    <TextInput source="libelle" isRequired />
    <TextInput source="description" multiline minRows={2} sx={{ gridColumn: { md: '1 / -1' } }} />
  </Box>
);
