/** Country edit screen (spec 001 §2 /paysUpdate?id=, §5, §8 'Mise à jour du Pays réussie!'). */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { PaysInputs } from './PaysInputs';
import { paysUpdateSchema } from '../../common/schemas/reference';

/** The country edit page (no props). */
const PaysEdit = () => (
  <ReferenceEditPage schema={paysUpdateSchema} title="resources.pays.page.edit">
    <PaysInputs mode="edit" />
  </ReferenceEditPage>
);

export default PaysEdit;
