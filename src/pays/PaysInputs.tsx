/**
 * Inputs of the country add and edit forms (spec 001 §3 Pays, §5 "Country add: code, libelle, indicatif,
 * longueurNumero (number) and devise required. Country edit: code, libelle, indicatif, longueurNumero required").
 * The rules are the server's: common/schemas/reference.ts paysCreateSchema / paysUpdateSchema, given by the page.
 */
import { Box } from '@mui/material';
import { NumberInput, TextInput } from 'react-admin';

/** Takes the form mode ('create' needs devise too); returns the five inputs laid out on two rows. */
export const PaysInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
    <TextInput source="code" isRequired />
    <TextInput source="libelle" isRequired />
    <TextInput source="indicatif" isRequired helperText="ex. +33" />
    <NumberInput source="longueurNumero" isRequired />
    <TextInput source="devise" isRequired={mode === 'create'} />
  </Box>
);
