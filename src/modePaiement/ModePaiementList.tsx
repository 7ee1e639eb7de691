/** Payment modes list (payment modes of spec 000 §3, shaped as the other modes of 001 §2): Code, Libellé, Description, Statut, Actions; keys addModePaiement, modePaiementUpdate, modePaiementDelete, modePaiementUpdateStatut. */
import { DataTable } from 'react-admin';
import { ReferenceListPage } from '../kit/ReferenceListPage';

/** The list page (no props). */
const ModePaiementList = () => (
  <ReferenceListPage title="resources.modePaiement.page.list" createLabel="resources.modePaiement.action.add">
    <DataTable.Col source="code" />
    <DataTable.Col source="libelle" />
    <DataTable.Col source="description" />
  </ReferenceListPage>
);

export default ModePaiementList;
