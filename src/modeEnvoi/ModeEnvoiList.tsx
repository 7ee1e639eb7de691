/** Sending modes list (spec 001 §2): Code, Libellé, Description, Statut, Actions; keys addmodeEnvoi, modeEnvoiUpdate, modeEnvoiDelete, modeEnvoiUpdateStatut. */
import { DataTable } from 'react-admin';
import { ReferenceListPage } from '../kit/ReferenceListPage';

/** The list page (no props). */
const ModeEnvoiList = () => (
  <ReferenceListPage title="resources.modeEnvoi.page.list" createLabel="resources.modeEnvoi.action.add">
    <DataTable.Col source="code" />
    <DataTable.Col source="libelle" />
    <DataTable.Col source="description" />
  </ReferenceListPage>
);

export default ModeEnvoiList;
