/** MODIFIER DÉPART (spec 000 §2 /departUpdate?id=, §5, §8 'Mise à jour du départ réussie !'). */
import { ReferenceEditPage } from '../common/ReferenceFormPages';
import { DepartInputs } from './DepartInputs';
import { DepartSaveToolbar } from './DepartSaveToolbar';
import { departBody, departFormRecord } from './departRules';

/** The edit-departure page (no props): prefilled from GET envoi/getBy/{id}, sends the full PUT envoi/update/{id}. */
const DepartEdit = () => (
  <ReferenceEditPage
    title="resources.depart.page.edit"
    errorMessage="resources.depart.notifications.save_error"
    transform={departBody}
    prepareRecord={departFormRecord}
    toolbar={<DepartSaveToolbar mode="edit" />}
  >
    <DepartInputs mode="edit" />
  </ReferenceEditPage>
);

export default DepartEdit;
