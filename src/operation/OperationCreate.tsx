/**
 * 'Ajouter entrée/sortie' (spec 001 §2 addOperation, §5, §8 '{Entrée|Sortie} ajouté avec succès !', generic failure
 * "Erreur lors de l'enregistrement de l'ajout"): today and the signed-in user preset; the currency left empty, so the
 * server books the operation in its agency's country's currency — the agency of the staff member chosen, which may not
 * be the signed-in user's (docs/decisions/currencies.md, server/access/scopes.ts operationAgenceFor); back to the
 * dashboard after save.
 */
import { todayIso } from '../../common/dates';
import { operationCreatedMessage, type OperationType } from '../../common/operationRules';
import { operationForm } from '../../common/schemas/operation';
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { useAppIdentity } from '../kit/useAppIdentity';
import { OperationInputs, operationBody } from './OperationInputs';

/** The add page (no props); waits for the identity, which presets the user. */
const OperationCreate = () => {
  const identity = useAppIdentity();
  if (!identity) return null;
  return (
    <ReferenceCreatePage
      title="resources.operation.page.create"
      errorMessage="resources.operation.notifications.create_error"
      record={{ userID: String(identity.id), date: todayIso() }}
      transform={operationBody}
      schema={operationForm}
      successMessage={(saved) => operationCreatedMessage(saved.type as OperationType)}
    >
      <OperationInputs />
    </ReferenceCreatePage>
  );
};

export default OperationCreate;
