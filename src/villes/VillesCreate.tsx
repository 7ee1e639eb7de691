/** AJOUTER VILLE (spec 001 §2 /addVille; §8 'ville enregistrée avec succès', then route villes). */
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { VillesInputs } from './VillesInputs';
import { villeSchema } from '../../common/schemas/reference';

/** The city add page (no props). */
const VillesCreate = () => (
  <ReferenceCreatePage schema={villeSchema} title="resources.villes.page.create" errorMessage="resources.villes.notifications.create_error">
    <VillesInputs />
  </ReferenceCreatePage>
);

export default VillesCreate;
