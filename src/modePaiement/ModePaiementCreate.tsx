/** Add a payment mode (shaped as the other modes, spec 001 §5: code, libelle, description required). */
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { CodeLibelleInputs } from '../kit/CodeLibelleInputs';
import { codeLibelleRequiredSchema } from '../../common/schemas/reference';

/** The create page (no props). */
const ModePaiementCreate = () => (
  <ReferenceCreatePage
    schema={codeLibelleRequiredSchema}
    title="resources.modePaiement.page.create"
    errorMessage="resources.modePaiement.notifications.create_error"
  >
    <CodeLibelleInputs />
  </ReferenceCreatePage>
);

export default ModePaiementCreate;
