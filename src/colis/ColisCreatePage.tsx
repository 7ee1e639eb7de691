/**
 * AJOUTER COLIS at /addColis (spec 000 §2 Add parcel; key addColis): breadcrumb to the parcel list and the three-step
 * wizard, starting on the departure remembered in localStorage when it is still open.
 */
import { PageHeader } from '../common/PageHeader';
import { ColisWizard } from './wizard/ColisWizard';
import { CHOSEN_DEPARTURE_KEY, emptyColisValues } from './wizardRules';

/** The departure chosen last, if any. */
function rememberedDeparture(): string | null {
  try {
    return globalThis.localStorage?.getItem(CHOSEN_DEPARTURE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The add page (no props). */
const ColisCreatePage = () => (
  <>
    <PageHeader
      title="resources.colis.page.create"
      steps={[{ label: 'resources.colis.page.list', to: '/colis' }, { label: 'resources.colis.page.create' }]}
    />
    <ColisWizard mode="create" defaultValues={emptyColisValues(rememberedDeparture())} />
  </>
);

export default ColisCreatePage;
