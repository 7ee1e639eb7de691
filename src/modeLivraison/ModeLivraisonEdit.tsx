/** Edit a pickup mode (spec 001 §2 /ModelivraisonUpdate?id=; §8 'Mise à jour du Mode de recuperation réussie!'). */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { CodeLibelleInputs } from '../kit/CodeLibelleInputs';
import { codeLibelleRequiredSchema } from '../../common/schemas/reference';

/** The edit page (no props). */
const ModeLivraisonEdit = () => (
  <ReferenceEditPage
    schema={codeLibelleRequiredSchema}
    title="resources.modeLivraison.page.edit"
    errorMessage="resources.modeLivraison.notifications.update_error"
  >
    <CodeLibelleInputs />
  </ReferenceEditPage>
);

export default ModeLivraisonEdit;
