/** Nature groups list 'GROUPE NATURE DES COLIS' (spec 001 §2): Code, Libelle, Description, Statut, Actions (edit, view details, delete). */
import { DataTable } from 'react-admin';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { ShowIconButton } from '../kit/ShowIconButton';

/** The nature groups list page (no props). */
const GroupeNatureColisList = () => (
  <ReferenceListPage
    title="resources.groupeNatureColis.page.list"
    createLabel="resources.groupeNatureColis.action.add"
    extraRowActions={<ShowIconButton label="resources.groupeNatureColis.action.details" />}
  >
    <DataTable.Col source="code" />
    <DataTable.Col source="libelle" />
    <DataTable.Col source="description" render={(r) => (r.description as string) || '--'} />
  </ReferenceListPage>
);

export default GroupeNatureColisList;
