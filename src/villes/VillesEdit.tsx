/** MODIFIER VILLE (spec 001 §2 /villeUpdate?id=; §8 'Mise à jour de la ville réussie !', then route villes). */
import type { RaRecord } from 'react-admin';
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { refId } from '../providers/records';
import { VillesInputs } from './VillesInputs';
import { villeSchema } from '../../common/schemas/reference';

/** The loaded city with its populated country ({id, libelle…}) turned into the id the select holds. */
const formRecord = (record: RaRecord): RaRecord => ({ ...record, paysID: refId(record.paysID) ?? null });

/** The city edit page (no props). */
const VillesEdit = () => (
  <ReferenceEditPage
    schema={villeSchema}
    title="resources.villes.page.edit"
    errorMessage="resources.villes.notifications.update_error"
    prepareRecord={formRecord}
  >
    <VillesInputs />
  </ReferenceEditPage>
);

export default VillesEdit;
