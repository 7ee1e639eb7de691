/**
 * SMS on the screens (docs/decisions/sms-channel.md): the 'Nouveau message' form announces the SMS parts of the text
 * (common/sms.ts, the count the server sends) and the recipients per channel (notification/contactClients with
 * `apercu`) before sending, and sends the chosen channel; the client's form shows the STOP opt-out and the notices
 * sent, and saves the preferred channel on its own.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { MessageCreate } from '../../src/messagerie/MessageCreate';
import ClientsEdit from '../../src/clients/ClientsEdit';
import { ADMIN_ROLE, renderAdmin, sessionWith, setupUser, typeText } from './renderAdmin';

describe("'Nouveau message': parts and recipients per channel before sending", () => {
  it('shows the parts of an accented text and the server’s counts, then sends with the channel', async () => {
    const contactClients = vi.fn(async (body: { apercu?: boolean }) =>
      body.apercu
        ? { smsEnFile: 12, emailsEnFile: 4, injoignables: 1 }
        : { message: "Message envoyé : 4 e-mails et 12 SMS en file d'envoi.", smsEnFile: 12, emailsEnFile: 4 },
    );
    renderAdmin(<MessageCreate />, { session: sessionWith(['messagerie', 'addMessage'], ADMIN_ROLE), dataProvider: { contactClients } });
    const user = setupUser();
    await screen.findByText('Nouveau message');
    // 'Tous les clients' is chosen by default: the counts are asked at once (after 400 ms), as a preview.
    await waitFor(() =>
      expect(screen.getByTestId('message-apercu').textContent).toContain('Destinataires : 12 par SMS, 4 par e-mail, 1 injoignable(s)'),
    );
    expect(contactClients).toHaveBeenCalledWith(expect.objectContaining({ typeDestinataire: 'tous', canal: 'auto', apercu: true }));
    await typeText(user, screen.getByRole('textbox', { name: /^Objet/ }), 'Arrivée');
    await typeText(user, screen.getByRole('textbox', { name: /^Message/ }), 'Reçu : '.repeat(12)); // 84 UCS-2 units
    await waitFor(() =>
      expect(screen.getByTestId('message-apercu').textContent).toContain('SMS : 84 caractère(s), 2 parties (UCS-2, caractères spéciaux)'),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /^Message/ }), { target: { value: 'Bonjour' } });
    await waitFor(() =>
      expect(screen.getByTestId('message-apercu').textContent).toContain('SMS : 7 caractère(s), 1 partie (alphabet GSM 7 bits)'),
    );
    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    await waitFor(() => expect(contactClients).toHaveBeenCalledWith(expect.objectContaining({ canal: 'sms', apercu: true })));
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(contactClients).toHaveBeenCalledWith({
        typeDestinataire: 'tous',
        destinataires: 'tous',
        sujet: 'Arrivée',
        message: 'Bonjour',
        canal: 'sms',
      }),
    );
    expect(await screen.findByText("Message envoyé : 4 e-mails et 12 SMS en file d'envoi.")).toBeTruthy();
  });

  it('an e-mail-only message shows no SMS parts', async () => {
    const contactClients = vi.fn(async () => ({ smsEnFile: 0, emailsEnFile: 3, injoignables: 2 }));
    renderAdmin(<MessageCreate />, { session: sessionWith(['messagerie', 'addMessage'], ADMIN_ROLE), dataProvider: { contactClients } });
    const user = setupUser();
    await screen.findByText('Nouveau message');
    await user.click(screen.getByRole('radio', { name: 'E-mail' }));
    await waitFor(() => expect(screen.getByTestId('message-apercu').textContent).toContain('0 par SMS, 3 par e-mail, 2 injoignable(s)'));
    expect(screen.getByTestId('message-apercu').textContent).not.toContain('partie');
  });
});

const CLIENT_ID = 'c5555555-5555-4555-8555-000000000001';

describe("the client's form: channel, STOP and notices", () => {
  it('shows the opt-out and the notices, and saves the preferred channel', async () => {
    const clientCanal = vi.fn(async () => ({
      canalPrefere: 'auto',
      smsStopAt: '2026-11-26T10:00:00.000Z',
      notices: [
        {
          id: 'n1',
          createdAt: '2026-11-26T09:00:00.000Z',
          canal: 'sms',
          to: '+221770000001',
          subject: 'Colis AB-1',
          status: 'SENT',
          delivery: 'DELIVERED',
          sentAt: '2026-11-26T09:00:01.000Z',
        },
        {
          id: 'n2',
          createdAt: '2026-11-25T09:00:00.000Z',
          canal: 'email',
          to: 'awa@client.test',
          subject: 'Départ',
          status: 'PENDING',
          delivery: null,
          sentAt: null,
        },
      ],
    }));
    const setClientCanal = vi.fn(async () => 'Canal préféré enregistré.');
    renderAdmin(
      <Routes>
        <Route path="/clients/:id" element={<ClientsEdit />} />
      </Routes>,
      {
        session: sessionWith(['clients', 'clientUpdate'], ADMIN_ROLE),
        dataProvider: {
          getOne: vi.fn(async () => ({
            data: { id: CLIENT_ID, nom: 'Diop', prenoms: 'Awa', telephoneComplet: '+221770000001', email: 'awa@client.test', adresse: '' },
          })),
          clientCanal,
          setClientCanal,
        },
        resource: 'clients',
        path: `/clients/${CLIENT_ID}`,
      },
    );
    expect(await screen.findByText(/Désinscrit des SMS depuis le 26\/11\/2026/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Avis et messages envoyés' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('SMS');
    expect(rows[1]!.textContent).toContain('Remis');
    expect(rows[2]!.textContent).toContain('E-mail');
    expect(rows[2]!.textContent).toContain('En attente');
    const user = setupUser();
    await user.click(screen.getByRole('combobox', { name: 'Canal préféré' }));
    await user.click(await screen.findByRole('option', { name: 'E-mail' }));
    // Saved as soon as it is chosen: the form keeps one save button, its own.
    expect(screen.queryByRole('button', { name: /canal/i })).toBeNull();
    await waitFor(() => expect(setClientCanal).toHaveBeenCalledWith(CLIENT_ID, 'email'));
    expect(clientCanal).toHaveBeenCalledTimes(2);
  });
});
