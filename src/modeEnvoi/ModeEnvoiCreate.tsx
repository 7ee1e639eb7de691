/** Add a sending mode (spec 001 §2 /addmodeEnvoi; §5 libelle, code, description required, save disabled while empty or loading). */
import { ReferenceCreatePage } from '../kit/ReferenceFormPages';
import { CodeLibelleInputs } from '../kit/CodeLibelleInputs';
import { RequiredFieldsToolbar } from '../kit/RequiredFieldsToolbar';
import { codeLibelleRequiredSchema } from '../../common/schemas/reference';

/** The fields without which 'Enregistrer' stays disabled. */
const REQUIRED = ['code', 'libelle', 'description'] as const;

/** The create page (no props). */
const ModeEnvoiCreate = () => (
  <ReferenceCreatePage
    schema={codeLibelleRequiredSchema}
    title="resources.modeEnvoi.page.create"
    errorMessage="resources.modeEnvoi.notifications.create_error"
    toolbar={<RequiredFieldsToolbar fields={REQUIRED} />}
  >
    <CodeLibelleInputs />
  </ReferenceCreatePage>
);

export default ModeEnvoiCreate;
