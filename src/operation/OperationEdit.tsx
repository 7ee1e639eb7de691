/**
 * Edit an operation (spec 001 §2 operationUpdate?id={id}, §8 failure 'Erreur lors de la mise à jour'): the same inputs
 * as the add form, the populated motif and user read as their ids; back to the dashboard after save.
 */
import { operationForm } from '../../common/schemas/operation';
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { OperationInputs, operationBody, operationFormRecord } from './OperationInputs';

/** The edit page (no props). */
const OperationEdit = () => (
  <ReferenceEditPage
    title="resources.operation.page.edit"
    errorMessage="resources.operation.notifications.update_error"
    prepareRecord={operationFormRecord}
    transform={operationBody}
    schema={operationForm}
  >
    <OperationInputs />
  </ReferenceEditPage>
);

export default OperationEdit;
