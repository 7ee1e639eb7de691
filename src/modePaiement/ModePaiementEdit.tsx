/** Edit a payment mode (shaped as the other modes, spec 001 §5). */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { CodeLibelleInputs } from '../kit/CodeLibelleInputs';
import { codeLibelleRequiredSchema } from '../../common/schemas/reference';

/** The edit page (no props). */
const ModePaiementEdit = () => (
  <ReferenceEditPage
    schema={codeLibelleRequiredSchema}
    title="resources.modePaiement.page.edit"
    errorMessage="resources.modePaiement.notifications.update_error"
  >
    <CodeLibelleInputs />
  </ReferenceEditPage>
);

export default ModePaiementEdit;
