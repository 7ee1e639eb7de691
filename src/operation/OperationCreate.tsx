/**
 * 'Ajouter entrée/sortie' (spec 001 §2 addOperation, §5, §8 '{Entrée|Sortie} ajouté avec succès !', generic failure
 * "Erreur lors de l'enregistrement de l'ajout"): today, the signed-in user and its agency's country's currency preset
 * (docs/decisions/currencies.md; none without an agency: the server then takes the operation's agency's); back to the
 * dashboard after save.
 */
import { todayIso } from '../../common/dates';
import { operationCreatedMessage, type OperationType } from '../../common/operationRules';
import { operationForm } from '../../common/schemas/operation';
import { refId } from '../providers/records';
import { ReferenceCreatePage } from '../common/ReferenceFormPages';
import { useAppIdentity } from '../common/useAppIdentity';
import { OperationInputs, operationBody } from './OperationInputs';
import { useAgenceDevise } from './useAgenceDevise';

/** The add page (no props); waits for the identity, which presets the user, and for its agency's currency. */
const OperationCreate = () => {
  const identity = useAppIdentity();
  const { devise, isPending } = useAgenceDevise(refId(identity?.agenceID));
  if (!identity || isPending) return null;
  return (
    <ReferenceCreatePage
      title="resources.operation.page.create"
      errorMessage="resources.operation.notifications.create_error"
      record={{ userID: String(identity.id), date: todayIso(), ...(devise ? { devise } : {}) }}
      transform={operationBody}
      schema={operationForm}
      successMessage={(saved) => operationCreatedMessage(saved.type as OperationType)}
    >
      <OperationInputs />
    </ReferenceCreatePage>
  );
};

export default OperationCreate;
