/** Agency add screen (spec 001 §2 /addAgence, breadcrumb /agence; §5 Agency add; §8 'Agence ajouté avec succès !'). */
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { AgenceInputs } from './AgenceInputs';
import { agenceBody } from './agenceRules';
import { agenceFormSchema } from '../../common/schemas/reference';

/** The agency add page (no props). */
const AgenceCreate = () => (
  <ReferenceCreatePage
    schema={agenceFormSchema}
    title="resources.agence.page.create"
    errorMessage="resources.agence.notifications.create_error"
    transform={agenceBody}
  >
    <AgenceInputs />
  </ReferenceCreatePage>
);

export default AgenceCreate;
