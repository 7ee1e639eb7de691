/**
 * Client edit screen (spec 000 §2 route clientUpdate, §6 key clientUpdate): GET user/getBy/{id}, then PUT
 * user/update/{id} with {nom, prenoms, adresse} only (clientUpdateBody); back to the list with 'Mise à jour du client
 * réussie !'. Below the inputs, the client's preferred channel, SMS opt-out and notices sent (ClientCanalPanel, saved on
 * its own: docs/decisions/sms-channel.md).
 */
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { ClientsInputs } from './ClientsInputs';
import { ClientCanalPanel } from './ClientCanalPanel';
import { clientUpdateBody } from './clientRules';
import { profilBody } from '../../common/schemas/user';

/** The client edit page (no props). */
const ClientsEdit = () => (
  <ReferenceEditPage
    schema={profilBody}
    title="resources.clients.page.edit"
    errorMessage="resources.clients.notifications.update_error"
    transform={clientUpdateBody}
  >
    <ClientsInputs />
    <ClientCanalPanel />
  </ReferenceEditPage>
);

export default ClientsEdit;
