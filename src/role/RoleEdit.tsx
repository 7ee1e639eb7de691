/** Edit a role (spec 001 §2 /roleUpdate?id=; §8 'Mise à jour du role réussie !' / 'Erreur lors de la mise à jour du role'). */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { RoleInputs } from './RoleInputs';
import { roleSchema } from '../../common/schemas/reference';

/** The edit page (no props). */
const RoleEdit = () => (
  <ReferenceEditPage schema={roleSchema} title="resources.role.page.edit" errorMessage="resources.role.notifications.update_error">
    <RoleInputs />
  </ReferenceEditPage>
);

export default RoleEdit;
