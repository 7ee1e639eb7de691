/**
 * Inputs of the client edit form (spec 000 §2 clientUpdate; 001 §3 User "email (read-only in edit), telephone
 * (read-only in edit)", §5 "User edit: save disabled while nom, prenoms … empty"): nom and prénoms required, adresse;
 * the full phone and the e-mail shown read-only.
 */
import { Box } from '@mui/material';
import { TextInput } from 'react-admin';

/** The five inputs on two columns (no props). */
export const ClientsInputs = () => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
    <TextInput source="nom" isRequired />
    <TextInput source="prenoms" isRequired />
    <TextInput source="telephoneComplet" readOnly helperText="resources.clients.help.telephone" />
    <TextInput source="email" readOnly helperText="resources.clients.help.email" />
    <TextInput source="adresse" sx={{ gridColumn: { md: '1 / -1' } }} />
  </Box>
);
