/** Inputs of AJOUTER VILLE and MODIFIER VILLE (spec 001 §2 Add city: country, code, label; §5 "code, libelle and country required"). */
import { Box } from '@mui/material';
import { TextInput } from 'react-admin';
import { ActiveReferenceSelect } from '../kit/ActiveReferenceSelect';

/** The country select (active countries, French order), then code and name (no props). */
export const VillesInputs = () => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
    <Box sx={{ gridColumn: '1 / -1' }}>
      <ActiveReferenceSelect source="paysID" reference="pays" label="resources.villes.fields.paysID" isRequired />
    </Box>
    <TextInput source="code" isRequired />
    <TextInput source="libelle" isRequired />
  </Box>
);
