/** Edit a sending mode (spec 001 §2 /modeEnvoiUpdate?id=; §5 save disabled while empty or loading; §8 "Mise à jour du mode d'envoi réussie !"). */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { CodeLibelleInputs } from '../kit/CodeLibelleInputs';
import { RequiredFieldsToolbar } from '../kit/RequiredFieldsToolbar';
import { codeLibelleRequiredSchema } from '../../common/schemas/reference';

/** The fields without which 'Enregistrer' stays disabled. */
const REQUIRED = ['code', 'libelle', 'description'] as const;

/** The edit page (no props). */
const ModeEnvoiEdit = () => (
  <ReferenceEditPage
    schema={codeLibelleRequiredSchema}
    title="resources.modeEnvoi.page.edit"
    errorMessage="resources.modeEnvoi.notifications.update_error"
    toolbar={<RequiredFieldsToolbar fields={REQUIRED} />}
  >
    <CodeLibelleInputs />
  </ReferenceEditPage>
);

export default ModeEnvoiEdit;
