/** Add an operation type (spec 001 §2 /addTypeOperation; §5 libelle and code required). */
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { CodeLibelleInputs } from '../kit/CodeLibelleInputs';
import { codeLibelleOptionalSchema } from '../../common/schemas/reference';

/** The create page (no props). */
const TypeOperationCreate = () => (
  <ReferenceCreatePage
    schema={codeLibelleOptionalSchema}
    title="resources.typeOperation.page.create"
    errorMessage="resources.typeOperation.notifications.create_error"
  >
    <CodeLibelleInputs description="none" />
  </ReferenceCreatePage>
);

export default TypeOperationCreate;
