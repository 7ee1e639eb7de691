/**
 * Inputs of the country add and edit forms (spec 001 §3 Pays, §5 "Country add: code, libelle, indicatif,
 * longueurNumero (number) and devise required. Country edit: code, libelle, indicatif, longueurNumero required").
 */
import { Box } from '@mui/material';
import { NumberInput, TextInput, minValue, number, required } from 'react-admin';

/** Whole positive number check for longueurNumero. */
const integer = (message: string) => (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isInteger(Number(value)) ? undefined : message;

const v = 'resources.pays.validation';

/** Takes the form mode ('create' needs devise too); returns the five inputs laid out on two rows. */
export const PaysInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
    <TextInput source="code" validate={required(`${v}.code`)} />
    <TextInput source="libelle" validate={required(`${v}.libelle`)} />
    <TextInput source="indicatif" validate={required(`${v}.indicatif`)} helperText="ex. +33" />
    <NumberInput
      source="longueurNumero"
      validate={[
        required(`${v}.longueurNumero`),
        number(`${v}.longueurNumero_number`),
        integer(`${v}.longueurNumero_number`),
        minValue(1, `${v}.longueurNumero_number`),
      ]}
    />
    <TextInput source="devise" validate={mode === 'create' ? required(`${v}.devise`) : undefined} />
  </Box>
);
