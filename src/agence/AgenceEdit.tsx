/** Agency edit screen (spec 001 §2 /agenceUpdate?id=; §8 "Mise à jour de l'agence réussie !" / "Erreur lors de la mise à jour de l'agence"). */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { AgenceInputs } from './AgenceInputs';
import { agenceBody, agenceFormRecord } from './agenceRules';
import { agenceFormSchema } from '../../common/schemas/reference';

/** The agency edit page (no props): country and city preset from the loaded agency. */
const AgenceEdit = () => (
  <ReferenceEditPage
    schema={agenceFormSchema}
    title="resources.agence.page.edit"
    errorMessage="resources.agence.notifications.update_error"
    transform={agenceBody}
    prepareRecord={agenceFormRecord}
  >
    <AgenceInputs />
  </ReferenceEditPage>
);

export default AgenceEdit;
