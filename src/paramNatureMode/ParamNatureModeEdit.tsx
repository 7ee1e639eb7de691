/**
 * Unit-price edit screen (spec 001 §2 /paramNatureModeUpdate?id=; §7 PUT paramNatureMode/update/{id} with villeOrigineID /
 * villeDestinationID; §8 'Erreur lors de la mise à jour des parametres'): countries preset from the loaded cities.
 */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { ParamNatureModeInputs } from './ParamNatureModeInputs';
import { paramFormRecord, paramUpdateBody } from './paramNatureModeRules';
import { paramNatureModeFormSchema } from '../../common/schemas/reference';

/** The unit-price edit page (no props). */
const ParamNatureModeEdit = () => (
  <ReferenceEditPage
    schema={paramNatureModeFormSchema}
    title="resources.paramNatureMode.page.edit"
    errorMessage="resources.paramNatureMode.notifications.update_error"
    transform={paramUpdateBody}
    prepareRecord={paramFormRecord}
  >
    <ParamNatureModeInputs />
  </ReferenceEditPage>
);

export default ParamNatureModeEdit;
