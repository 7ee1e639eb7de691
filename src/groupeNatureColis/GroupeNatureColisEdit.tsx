/** Nature group edit screen (spec 001 §2 /groupeNatureColisUpdate?id=; back to /groupeNatureColis after the update). */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { GroupeNatureColisInputs } from './GroupeNatureColisInputs';
import { codeLibelleOptionalSchema } from '../../common/schemas/reference';

/** The nature group edit page (no props). */
const GroupeNatureColisEdit = () => (
  <ReferenceEditPage
    schema={codeLibelleOptionalSchema}
    title="resources.groupeNatureColis.page.edit"
    errorMessage="resources.groupeNatureColis.notifications.update_error"
  >
    <GroupeNatureColisInputs />
  </ReferenceEditPage>
);

export default GroupeNatureColisEdit;
