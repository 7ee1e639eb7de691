/**
 * A call started by a click, read or download, goes through a mutation (src/kit/useWrite.ts, docs/frontend.md "One
 * action, one write"), not a hand-toggled flag: its button is disabled from the click until the answer, two clicks in
 * one tick start one call, and once the answer came (here a refusal, shown) the button works again. The receipt PDF,
 * the list export, the recipient lookup of the parcel wizard and the sign-in.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { Form, ListContextProvider, type ListControllerResult } from 'react-admin';
import { HttpError } from '../../src/providers/httpError';
import { ReceiptButton } from '../../src/colis/ReceiptButton';
import { StepDestinataire } from '../../src/colis/wizard/StepDestinataire';
import type { Envoi } from '../../src/colis/model/types';
import { ExportListButton } from '../../src/kit/ExportListButton';
import LoginPage from '../../src/auth/LoginPage';
import { renderAdmin, sessionWith, setupUser, typeText } from './renderAdmin';

/** A spy whose every call waits until the test refuses it: `refuse(i, error)` rejects the i-th call. */
function heldSpy() {
  const calls: { reject: (error: unknown) => void }[] = [];
  const spy = vi.fn(
    () =>
      new Promise<never>((_resolve, reject) => {
        calls.push({ reject });
      }),
  );
  return { spy, refuse: (i: number, error: unknown) => calls[i].reject(error) };
}

/** A fetch stand-in whose every request waits until the test answers it with `status` and a JSON body. */
function heldFetch() {
  const requests: { url: string; answer: (status: number, body: unknown) => void }[] = [];
  const fetch = vi.fn(
    (url: string) =>
      new Promise<Response>((resolve) => {
        requests.push({
          url,
          answer: (status, body) =>
            resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
        });
      }),
  );
  return { fetch, requests };
}

/** Two clicks on `element` in one tick: nothing is drawn between them. */
function clickTwiceInOneTick(element: HTMLElement) {
  act(() => {
    element.click();
    element.click();
  });
}

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('the receipt PDF', () => {
  it('loads the parcel once and keeps its button disabled until the answer', async () => {
    const load = heldSpy();
    renderAdmin(<ReceiptButton reference="PAR1-2612-000101" />, {
      session: sessionWith([]),
      dataProvider: { getColisByReference: load.spy },
    });
    const button = await screen.findByRole('button', { name: 'Générer le reçu (PDF)' });
    clickTwiceInOneTick(button);
    await waitFor(() => expect(disabled(button)).toBe(true));
    expect(load.spy).toHaveBeenCalledTimes(1);
    expect(load.spy).toHaveBeenCalledWith('PAR1-2612-000101');

    load.refuse(0, new HttpError('Colis introuvable', 404, { message: 'Colis introuvable' }));
    expect(await screen.findByText('Colis introuvable')).toBeTruthy();
    await waitFor(() => expect(disabled(button)).toBe(false));
    act(() => button.click());
    await waitFor(() => expect(load.spy).toHaveBeenCalledTimes(2));
  });
});

describe("the list's export", () => {
  it('asks the server once and keeps Exporter disabled until the answer', async () => {
    const server = heldFetch();
    vi.stubGlobal('fetch', server.fetch);
    try {
      const list = {
        resource: 'pays',
        filterValues: {},
        sort: { field: 'libelle', order: 'ASC' },
        total: 3,
      } as unknown as ListControllerResult;
      renderAdmin(
        <ListContextProvider value={list}>
          <ExportListButton />
        </ListContextProvider>,
      );
      const user = setupUser();
      const button = await screen.findByRole('button', { name: 'Exporter' });
      await user.click(button);
      clickTwiceInOneTick(await screen.findByRole('menuitem', { name: 'CSV (Excel)' }));
      await waitFor(() => expect(disabled(button)).toBe(true));
      expect(server.fetch).toHaveBeenCalledTimes(1);
      expect(server.requests[0].url).toMatch(/pays\/liste\?.*format=csv/);

      server.requests[0].answer(403, { success: false, message: 'Accès refusé' });
      expect(await screen.findByText('Accès refusé')).toBeTruthy();
      await waitFor(() => expect(disabled(button)).toBe(false));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("the wizard's recipient lookup", () => {
  it("looks the phone up once and keeps 'Rechercher' disabled until the answer", async () => {
    const lookup = heldSpy();
    const envoi = { id: 'envoi-1', paysID: { id: 'pays-ci' }, paysEmetteurID: { id: 'pays-fr' } } as unknown as Envoi;
    renderAdmin(
      <Form defaultValues={{ expediteurMode: 'saisie' }}>
        <StepDestinataire envoi={envoi} />
      </Form>,
      {
        dataProvider: {
          getOne: vi.fn(async (_resource: string, { id }: { id: string }) => ({
            data: { id, indicatif: id === 'pays-ci' ? '+225' : '+33', longueurNumero: id === 'pays-ci' ? 10 : 9 },
          })),
          findClientByPhone: lookup.spy,
        },
      },
    );
    const user = setupUser();
    const numero = await screen.findByRole('textbox', { name: /^Téléphone du destinataire/ });
    await waitFor(() => expect((screen.getAllByRole('textbox', { name: /^Indicatif/ })[0] as HTMLInputElement).value).toBe('+225'));
    await typeText(user, numero, '0701020304');
    const button = screen.getByRole('button', { name: 'Rechercher' });
    clickTwiceInOneTick(button);
    await waitFor(() => expect(disabled(button)).toBe(true));
    expect(lookup.spy).toHaveBeenCalledTimes(1);
    expect(lookup.spy).toHaveBeenCalledWith('+2250701020304');

    lookup.refuse(0, new HttpError('Service indisponible', 503, { message: 'Service indisponible' }));
    expect(await screen.findByText('Service indisponible')).toBeTruthy();
    await waitFor(() => expect(disabled(button)).toBe(false));
  });
});

describe('the sign-in', () => {
  it("signs in once and keeps 'Je me connecte' disabled until the server's refusal, then shows it", async () => {
    const server = heldFetch();
    vi.stubGlobal('fetch', server.fetch);
    try {
      // A session whose token has expired: the page stays on the form (checkAuth refuses it).
      const expired = `e30.${btoa(JSON.stringify({ exp: 1 }))}.signature`;
      renderAdmin(<LoginPage />, { path: '/login', session: { ...sessionWith([]), token: expired } });
      const user = setupUser();
      const email = await screen.findByRole('textbox', { name: /Email/ });
      const button = screen.getByRole('button', { name: 'Je me connecte' });
      // An empty form is refused on the page (its rules load on the submit) and sends nothing.
      await user.click(button);
      await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
      expect(server.fetch).not.toHaveBeenCalled();
      await typeText(user, email, 'awa.kone@example.com');
      await typeText(user, screen.getByLabelText(/Mot de passe/, { selector: 'input' }), 'Secret-2026');
      clickTwiceInOneTick(button);
      await waitFor(() => expect(disabled(button)).toBe(true));
      expect(server.fetch).toHaveBeenCalledTimes(1);
      expect(server.requests[0].url).toMatch(/auth\/loginAD$/);

      server.requests[0].answer(401, { success: false, message: 'Email ou mot de passe incorrect.' });
      expect((await screen.findByTestId('login-error')).textContent).toBe('Email ou mot de passe incorrect.');
      await waitFor(() => expect(disabled(screen.getByRole('button', { name: 'Je me connecte' }))).toBe(false));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
