/** Edit an operation type (spec 001 §2 /typeOperationUpdate?id=; §8 'Erreur lors de la mise à jour de la typeoperation'). */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { CodeLibelleInputs } from '../kit/CodeLibelleInputs';
import { codeLibelleOptionalSchema } from '../../common/schemas/reference';

/** The edit page (no props). */
const TypeOperationEdit = () => (
  <ReferenceEditPage
    schema={codeLibelleOptionalSchema}
    title="resources.typeOperation.page.edit"
    errorMessage="resources.typeOperation.notifications.update_error"
  >
    <CodeLibelleInputs description="none" />
  </ReferenceEditPage>
);

export default TypeOperationEdit;
