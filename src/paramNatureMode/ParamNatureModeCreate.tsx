/** Unit-price add screen (spec 001 §2 /addParamNatureMode; §5 Unit-price form; §7 POST paramNatureMode/create with villeDorigineID / villeID). */
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { ParamNatureModeInputs } from './ParamNatureModeInputs';
import { paramCreateBody } from './paramNatureModeRules';
import { paramNatureModeFormSchema } from '../../common/schemas/reference';

/** The unit-price add page (no props). */
const ParamNatureModeCreate = () => (
  <ReferenceCreatePage
    schema={paramNatureModeFormSchema}
    title="resources.paramNatureMode.page.create"
    errorMessage="resources.paramNatureMode.notifications.create_error"
    transform={paramCreateBody}
  >
    <ParamNatureModeInputs />
  </ReferenceCreatePage>
);

export default ParamNatureModeCreate;
