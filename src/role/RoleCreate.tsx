/** Add a role (spec 001 §2 /addRole; §5 code, libelle, description required; §8 'Role ajouté avec succès !' / 'Erreur lors de l'enregistrement du role'). */
import { ReferenceCreatePage } from '../common/ReferenceFormPages';
import { RoleInputs } from './RoleInputs';
import { codeLibelleRequiredSchema } from '../../common/schemas/reference';

/** The create page (no props). */
const RoleCreate = () => (
  <ReferenceCreatePage
    schema={codeLibelleRequiredSchema}
    title="resources.role.page.create"
    errorMessage="resources.role.notifications.create_error"
  >
    <RoleInputs />
  </ReferenceCreatePage>
);

export default RoleCreate;
