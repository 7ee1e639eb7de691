/** Inputs of AJOUTER VILLE and MODIFIER VILLE (spec 001 §2 Add city: country, code, label; §5 "code, libelle and country required"). */
import { Box } from '@mui/material';
import { TextInput, required } from 'react-admin';
import { ActiveReferenceSelect } from '../common/ActiveReferenceSelect';

const v = 'resources.villes.validation';

/** The country select (active countries, French order), then code and name (no props). */
export const VillesInputs = () => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
    <Box sx={{ gridColumn: '1 / -1' }}>
      <ActiveReferenceSelect source="paysID" reference="pays" label="resources.villes.fields.paysID" validate={required(`${v}.paysID`)} />
    </Box>
    <TextInput source="code" validate={required(`${v}.code`)} />
    <TextInput source="libelle" validate={required(`${v}.libelle`)} />
  </Box>
);
