/** Nature group add screen (spec 001 §2 /addGroupeNatureColis; §8 'Groupe Nature de colis enregistré avec succès'; back to the list). */
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { GroupeNatureColisInputs } from './GroupeNatureColisInputs';
import { codeLibelleOptionalSchema } from '../../common/schemas/reference';

/** The nature group add page (no props). */
const GroupeNatureColisCreate = () => (
  <ReferenceCreatePage
    schema={codeLibelleOptionalSchema}
    title="resources.groupeNatureColis.page.create"
    errorMessage="resources.groupeNatureColis.notifications.create_error"
  >
    <GroupeNatureColisInputs />
  </ReferenceCreatePage>
);

export default GroupeNatureColisCreate;
