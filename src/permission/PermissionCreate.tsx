/** Add a permission (spec 001 §2 /addPermission; §5 libelle and description required). */
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { PermissionInputs } from './PermissionInputs';
import { permissionBody } from './permissionRules';
import { permissionSchema } from '../../common/schemas/reference';

/** The permission add page (no props). */
const PermissionCreate = () => (
  <ReferenceCreatePage
    schema={permissionSchema}
    title="resources.permission.page.create"
    errorMessage="resources.permission.notifications.create_error"
    transform={permissionBody}
  >
    <PermissionInputs />
  </ReferenceCreatePage>
);

export default PermissionCreate;
