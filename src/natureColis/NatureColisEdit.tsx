/**
 * Nature edit screen (spec 001 §2 "/natureColisUpdate?id=", "the group select is disabled", "After saving goes to the
 * group details of its group"; §8 'Mise à jour de la nature de colis réussie !').
 */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { NatureColisInputs } from './NatureColisInputs';
import { natureBody, natureFormRecord, natureRedirect } from './natureColisRules';
import { natureColisUpdateSchema } from '../../common/schemas/reference';

/** The nature edit page (no props). */
const NatureColisEdit = () => (
  <ReferenceEditPage
    schema={natureColisUpdateSchema}
    title="resources.natureColis.page.edit"
    errorMessage="resources.natureColis.notifications.update_error"
    // spec 001 §8 "failed nature load 'Erreur lors de la récupération des données du départ'" (the spec's own words).
    loadErrorMessage="resources.depart.notifications.load_error"
    transform={natureBody}
    prepareRecord={natureFormRecord}
    redirect={natureRedirect}
  >
    <NatureColisInputs mode="edit" />
  </ReferenceEditPage>
);

export default NatureColisEdit;
