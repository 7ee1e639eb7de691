/** Add a pickup mode (spec 001 §2 /addmodeLivraison; §5 code, libelle, description required; §8 'Mode de recuperation ajouté avec succès!'). */
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { CodeLibelleInputs } from '../kit/CodeLibelleInputs';
import { codeLibelleRequiredSchema } from '../../common/schemas/reference';

/** The create page (no props). */
const ModeLivraisonCreate = () => (
  <ReferenceCreatePage
    schema={codeLibelleRequiredSchema}
    title="resources.modeLivraison.page.create"
    errorMessage="resources.modeLivraison.notifications.create_error"
  >
    <CodeLibelleInputs />
  </ReferenceCreatePage>
);

export default ModeLivraisonCreate;
