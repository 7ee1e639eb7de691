/** Country add screen (spec 001 §2 /addPays, §5, §8 'Pays ajouté avec succès!' / "Erreur lors de l'ajout  du pays"). */
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { PaysInputs } from './PaysInputs';
import { paysCreateSchema } from '../../common/schemas/reference';

/** The country add page (no props). */
const PaysCreate = () => (
  <ReferenceCreatePage
    schema={paysCreateSchema}
    title="resources.pays.page.create"
    errorMessage="resources.pays.notifications.create_error"
  >
    <PaysInputs mode="create" />
  </ReferenceCreatePage>
);

export default PaysCreate;
