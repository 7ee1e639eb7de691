/** MODIFIER DÉPART (spec 000 §2 /departUpdate?id=, §5, §8 'Mise à jour du départ réussie !'). */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { DepartInputs, departFormResolver } from './DepartInputs';
import { DepartSaveToolbar } from './DepartSaveToolbar';
import { departBody, departFormRecord } from './departRules';

/** The form's checks: common/schemas/envoi.ts envoiFormSchema, edit mode (unchanged past dates accepted). */
const resolver = departFormResolver('edit');

/**
 * The edit-departure page (no props): prefilled from GET envoi/getBy/{id}, sends the full PUT envoi/update/{id}. A load
 * that fails (not a missing departure) says 'Erreur lors de la récupération des données du départ' (spec 001 §8) with the
 * server's message and goes back to the list.
 */
const DepartEdit = () => (
  <ReferenceEditPage
    title="resources.depart.page.edit"
    errorMessage="resources.depart.notifications.save_error"
    loadErrorMessage="resources.depart.notifications.load_error"
    transform={departBody}
    prepareRecord={departFormRecord}
    toolbar={<DepartSaveToolbar mode="edit" />}
    resolver={resolver}
  >
    <DepartInputs mode="edit" />
  </ReferenceEditPage>
);

export default DepartEdit;
