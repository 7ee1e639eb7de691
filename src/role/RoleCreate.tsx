/** Add a role (spec 001 §2 /addRole; §5 code, libelle, description required; the Statut of §2, common/schemas/reference.ts roleSchema; §8 'Role ajouté avec succès !' / 'Erreur lors de l'enregistrement du role'). */
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { RoleInputs } from './RoleInputs';
import { roleSchema } from '../../common/schemas/reference';

/** The create page (no props). */
const RoleCreate = () => (
  <ReferenceCreatePage schema={roleSchema} title="resources.role.page.create" errorMessage="resources.role.notifications.create_error">
    <RoleInputs />
  </ReferenceCreatePage>
);

export default RoleCreate;
