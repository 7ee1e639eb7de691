/**
 * Nature add screen (spec 001 §2 "/addNatureColis?groupeId={id}", "After saving goes to the group details with query
 * id = the group"; §8 'nature de colis enregistrée avec succès'). Reached from a group (?groupeId=) the group is
 * preset and read-only; from the natures list it is chosen.
 */
import { useSearchParams } from 'react-router-dom';
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { NatureColisInputs } from './NatureColisInputs';
import { natureBody, natureRedirect } from './natureColisRules';
import { natureColisCreateSchema } from '../../common/schemas/reference';

/** The nature add page (no props; reads ?groupeId=). */
const NatureColisCreate = () => {
  const [params] = useSearchParams();
  const groupeId = params.get('groupeId') || undefined;
  return (
    <ReferenceCreatePage
      schema={natureColisCreateSchema}
      title="resources.natureColis.page.create"
      errorMessage="resources.natureColis.notifications.create_error"
      transform={natureBody}
      redirect={natureRedirect}
      record={groupeId ? { groupeNatureColisID: groupeId } : undefined}
    >
      <NatureColisInputs mode="create" groupeId={groupeId} />
    </ReferenceCreatePage>
  );
};

export default NatureColisCreate;
