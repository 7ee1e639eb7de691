/**
 * LISTE DES CLIENTS (spec 000 §2 route clients, §6 clientUpdate / clientUpdateStatut; 001 §3 client list entries):
 * Nom, Prénoms, Téléphone (full number), Email, Adresse, Statut, Actions (edit with clientUpdate, the client's
 * shipments with listeEnvoiParClient). GET user/listeClients pages, sorts and searches (name, first names, phone,
 * e-mail) on the server, which gives a non-ADMIN role only the clients of the parcels of its agency scope. No add
 * button: clients are created by the parcel wizard.
 */
import { DataTable, type RaRecord } from 'react-admin';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { useHasPermission } from '../kit/useHasPermission';
import { ClientEnvoisButton } from './ClientEnvoisButton';

/** A text cell that shows '--' when empty. */
const orDash = (source: string) => (record: RaRecord) => (record[source] as string | null | undefined) || '--';

/** The clients list page (no props). */
const ClientsList = () => {
  const has = useHasPermission();
  return (
    <ReferenceListPage
      title="resources.clients.page.list"
      extraRowActions={has('listeEnvoiParClient') ? <ClientEnvoisButton /> : undefined}
    >
      <DataTable.Col source="nom" cellSx={() => ({ fontWeight: 600 })} />
      <DataTable.Col source="prenoms" />
      <DataTable.Col source="telephoneComplet" cellSx={() => ({ whiteSpace: 'nowrap' })} />
      <DataTable.Col source="email" render={orDash('email')} />
      <DataTable.Col source="adresse" render={orDash('adresse')} />
    </ReferenceListPage>
  );
};

export default ClientsList;
