/** AJOUTER DÉPART (spec 000 §2 /addDepart, §5, §8 'départ ajouté avec succès' / "Erreur lors de l'enregistrement de l'envoi :"). */
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { DepartInputs, departFormResolver } from './DepartInputs';
import { DepartSaveToolbar } from './DepartSaveToolbar';
import { departBody } from './departRules';

/** The form's checks: common/schemas/envoi.ts envoiFormSchema, add mode. */
const resolver = departFormResolver('create');

/** The add-departure page (no props); sends POST envoi/create then goes to the list. */
const DepartCreate = () => (
  <ReferenceCreatePage
    title="resources.depart.page.create"
    errorMessage="resources.depart.notifications.save_error"
    transform={departBody}
    toolbar={<DepartSaveToolbar mode="create" />}
    resolver={resolver}
  >
    <DepartInputs mode="create" />
  </ReferenceCreatePage>
);

export default DepartCreate;
