/** Edit a permission (spec 001 §2 /permissionUpdate?id=; §8 "Erreur lors de la mise à jour de la permission"). */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { PermissionInputs } from './PermissionInputs';
import { permissionBody } from './permissionRules';
import { permissionSchema } from '../../common/schemas/reference';

/** The permission edit page (no props). */
const PermissionEdit = () => (
  <ReferenceEditPage
    schema={permissionSchema}
    title="resources.permission.page.edit"
    errorMessage="resources.permission.notifications.update_error"
    transform={permissionBody}
  >
    <PermissionInputs />
  </ReferenceEditPage>
);

export default PermissionEdit;
