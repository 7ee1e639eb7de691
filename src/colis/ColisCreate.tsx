/**
 * AJOUTER COLIS at /colis/create (spec 000 §2 Add parcel; key addColis; the spec's /addColis redirects here):
 * breadcrumb to the parcel list and the three-step wizard inside react-admin's <Create>, starting on the departure
 * remembered in localStorage when it is still open. The wizard saves through this Create (dataProvider.create
 * 'colis' → POST colis/create); success shows 'colis ajouté avec succès' and goes to the list.
 */
import { useMemo } from 'react';
import { Create, useTranslate } from 'react-admin';
import { PageHeader } from '../kit/PageHeader';
import { ColisInputs } from './ColisInputs';
import { CHOSEN_ENVOI_KEY, emptyColisValues } from './model/wizardRules';

/** The departure chosen last, if any. */
function rememberedEnvoi(): string | null {
  try {
    return globalThis.localStorage?.getItem(CHOSEN_ENVOI_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The add page (no props). */
const ColisCreate = () => {
  const translate = useTranslate();
  const values = useMemo(() => emptyColisValues(rememberedEnvoi()), []);
  return (
    <>
      <PageHeader
        title="resources.colis.page.create"
        steps={[{ label: 'resources.colis.page.list', to: '/colis' }, { label: 'resources.colis.page.create' }]}
      />
      <Create title={translate('resources.colis.page.create')} redirect="list" actions={false}>
        <ColisInputs mode="create" values={values} />
      </Create>
    </>
  );
};

export default ColisCreate;
