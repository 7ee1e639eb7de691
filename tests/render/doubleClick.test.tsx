/**
 * One action, one write (docs/decisions/idempotent-writes.md "Browser"; audit 000 B1, B2): the guard every write button
 * uses (src/kit/useWrite.ts) and the main buttons that move money, clicked twice fast. "Same tick": two DOM clicks
 * inside one act(), so React draws nothing between them (as two clicks before the button is drawn disabled); "double
 * click": Testing Library's dblClick. Each time the dataProvider gets ONE call; while it runs the button is disabled;
 * once it answered (success or refusal) a new click is a new call.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Button } from '@mui/material';
import { HttpError } from '../../src/providers/httpError';
import type { CreateParams, GetListParams, GetOneParams, UpdateParams } from 'react-admin';
import { useWrite } from '../../src/kit/useWrite';
import { MakeEncaissementDialog } from '../../src/encaissements/MakeEncaissementDialog';
import { RembourserButton } from '../../src/encaissements/RembourserButton';
import { paymentFixture } from './paymentFixture';
import { FinishColisButton } from '../../src/colis/FinishColisButton';
import type { ColisRecord } from '../../src/colis/model/types';
import OperationCreate from '../../src/operation/OperationCreate';
import CaissePage from '../../src/caisse/CaissePage';
import { EnvoiStatutButtons } from '../../src/departs/EnvoiStatutButtons';
import { ActiveToggleField } from '../../src/kit/ActiveToggleField';
import { DeleteWithConfirm } from '../../src/kit/DeleteWithConfirm';
import { MessageCreate } from '../../src/messagerie/MessageCreate';
import { ResetPasswordButton } from '../../src/user/ResetPasswordButton';
import { todayIso } from '../../common/dates';
import { dataProvider as appDataProvider } from '../../src/appDataProvider';
import { ADMIN_ROLE, AGENT_ROLE, renderAdmin, sessionWith, setupUser, typeText, waitForAuth, type User } from './renderAdmin';
import { drawSignature, stubCanvas } from './signaturePad';

const COLIS_ID = '6f1c2a4e-7b3d-4c5e-9a8f-0b1c2d3e4f70';
const PAYMENT_ID = '6f1c2a4e-7b3d-4c5e-9a8f-0b1c2d3e4f71';
const ESPECES = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c22';
const MODES = [{ id: ESPECES, libelle: 'Espèces' }];

/** A promise the test settles: `settle()` answers `value`, `fail(error)` refuses. */
function deferred<T>(value: T) {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, settle: () => resolve(value), fail: (error: unknown) => reject(error) };
}

/** A spy whose every call waits for the test: `answers` gives the deferred answer of each call, in order. */
function heldSpy<T>(value: T) {
  const answers: ReturnType<typeof deferred<T>>[] = [];
  const spy = vi.fn(() => {
    const d = deferred(value);
    answers.push(d);
    return d.promise;
  });
  return { spy, answers };
}

/** Two clicks on `button` in one tick: nothing is drawn between them. */
function clickTwiceInOneTick(button: HTMLElement) {
  act(() => {
    button.click();
    button.click();
  });
}

/** Picks the payment mode 'Espèces' in `scope`. */
async function chooseEspeces(user: User, scope: HTMLElement) {
  await user.click(within(scope).getByRole('combobox', { name: /Mode de paiement/ }));
  await user.click(await screen.findByRole('option', { name: 'Espèces' }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** A button writing through useWrite: what the shared guard gives every write button. */
const WriteButton = ({ write }: { write: (n: number) => Promise<string> }) => {
  const { run, pending } = useWrite({ mutationFn: write });
  return (
    <Button disabled={pending} onClick={() => run(1)}>
      Écrire
    </Button>
  );
};

describe('useWrite: one write at a time', () => {
  it('starts one write for two clicks in the same tick, disables the button until the answer, then starts anew', async () => {
    const { spy, answers } = heldSpy('écrit');
    renderAdmin(<WriteButton write={spy} />);
    const button = screen.getByRole('button', { name: 'Écrire' }) as HTMLButtonElement;
    clickTwiceInOneTick(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(spy).toHaveBeenCalledTimes(1);
    act(() => answers[0].settle());
    await waitFor(() => expect(button.disabled).toBe(false));
    act(() => button.click());
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
  });

  it('lets a refused write be sent again', async () => {
    const { spy, answers } = heldSpy('écrit');
    renderAdmin(<WriteButton write={spy} />);
    const button = screen.getByRole('button', { name: 'Écrire' }) as HTMLButtonElement;
    clickTwiceInOneTick(button);
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    act(() => answers[0].fail(new HttpError('Refusé', 409)));
    await waitFor(() => expect(button.disabled).toBe(false));
    clickTwiceInOneTick(button);
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(spy).toHaveBeenCalledTimes(2);
  });
});

describe('ENCAISSER clicked twice (audit 000 B2)', () => {
  /** Opens the payment dialog on a parcel with 20 € left; the payment's answer waits for the test. */
  async function openPayment() {
    const created = heldSpy({ message: 'encaissement effectué avec succès' });
    renderAdmin(
      <MakeEncaissementDialog
        colis={{ id: COLIS_ID, reference: 'PAR1-2612-000606', montantTotal: 30, reglement: 10, resteAPayer: 20 }}
        onClose={vi.fn()}
        onPaid={vi.fn()}
      />,
      {
        session: sessionWith(['encaissementMake']),
        dataProvider: {
          createEncaissement: created.spy,
          getModesPaiement: async () => MODES,
          getEncaissementDevises: async () => ({ devise: 'EUR', devises: ['EUR'] }),
        },
      },
    );
    const user = setupUser();
    const dialog = await screen.findByRole('dialog');
    await chooseEspeces(user, dialog);
    return { ...created, user, submit: within(dialog).getByRole('button', { name: 'Encaisser' }) as HTMLButtonElement };
  }

  it('records one payment for two clicks in the same tick; the button is disabled, with a spinner, until the answer', async () => {
    const { spy, answers, submit } = await openPayment();
    clickTwiceInOneTick(submit);
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-busy')).toBe('true');
    expect(submit.querySelector('[role="progressbar"]')).toBeTruthy();
    act(() => answers[0].settle());
    expect(await screen.findByText('encaissement effectué avec succès')).toBeTruthy();
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('records one payment for a double click', async () => {
    const { spy, answers, user, submit } = await openPayment();
    await user.dblClick(submit);
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    act(() => answers[0].settle());
    expect(await screen.findByText('encaissement effectué avec succès')).toBeTruthy();
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('ENCAISSER through the real dataProvider, the server behind a stubbed fetch', () => {
  it("sends the same key again after a payment left without answer, and shows the first one's result, not an error", async () => {
    const posts: string[] = [];
    let outcomes: ('network' | 'running' | 'ok')[] = ['network', 'network', 'network'];
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url.includes('encaissement/devises/')) return json(200, { success: true, devise: 'EUR', devises: ['EUR'] });
        if (url.includes('modePaiement/liste')) return json(200, { success: true, datas: MODES, total: 1 });
        posts.push((init.headers as Record<string, string>)['Idempotency-Key']);
        const outcome = outcomes.shift() ?? 'ok';
        if (outcome === 'network') throw new TypeError('Failed to fetch');
        if (outcome === 'running') return json(409, { success: false, message: 'Requête en cours' }, { 'Retry-After': '1' });
        return json(200, { success: true, message: 'encaissement effectué avec succès', data: {} }, { 'Idempotency-Replayed': 'true' });
      }),
    );
    try {
      const { createEncaissement, getEncaissementDevises, getModesPaiement } = appDataProvider;
      renderAdmin(
        <MakeEncaissementDialog
          colis={{ id: COLIS_ID, reference: 'PAR1-2612-000606', montantTotal: 30, reglement: 10, resteAPayer: 20 }}
          onClose={vi.fn()}
          onPaid={vi.fn()}
        />,
        { session: sessionWith(['encaissementMake']), dataProvider: { createEncaissement, getEncaissementDevises, getModesPaiement } },
      );
      const user = setupUser();
      const dialog = await screen.findByRole('dialog');
      await chooseEspeces(user, dialog);
      const submit = within(dialog).getByRole('button', { name: 'Encaisser' });
      // The first click: no answer (the connection drops, twice retried); the agent clicks again.
      await user.click(submit);
      expect(await screen.findByText('Le serveur est injoignable. Vérifiez votre connexion.')).toBeTruthy();
      expect(posts).toHaveLength(3);
      // The server, which did get the first one, is still writing it: the copy waits, then gets its kept answer.
      outcomes = ['running', 'ok'];
      await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
      await user.click(submit);
      expect(await screen.findByText('encaissement effectué avec succès')).toBeTruthy();
      expect(posts).toHaveLength(5);
      expect(new Set(posts).size).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('Rembourser clicked twice', () => {
  it('records one refund', async () => {
    const refunded = heldSpy({ message: 'Remboursement enregistré.' });
    const payment = paymentFixture(PAYMENT_ID, 'PAR1-2611-000042');
    renderAdmin(<RembourserButton />, {
      session: sessionWith(['encaissements', 'encaissementRembourser']),
      record: payment,
      resource: 'encaissements',
      dataProvider: { rembourserEncaissement: refunded.spy, getModesPaiement: async () => MODES },
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Rembourser' }));
    const dialog = await screen.findByRole('dialog');
    await chooseEspeces(user, dialog);
    await typeText(user, within(dialog).getByRole('textbox', { name: /Motif du remboursement/ }), 'Colis abîmé');
    clickTwiceInOneTick(within(dialog).getByRole('button', { name: 'Rembourser' }));
    await waitFor(() => expect(refunded.spy).toHaveBeenCalledTimes(1));
    act(() => refunded.answers[0].settle());
    expect(await screen.findByText('Remboursement enregistré.')).toBeTruthy();
    expect(refunded.spy).toHaveBeenCalledTimes(1);
  });
});

describe("'Retiré' with a remainder clicked twice", () => {
  it('hands the parcel over and collects the remainder once', async () => {
    const finished = heldSpy('Colis marqué retiré');
    const colis = { id: COLIS_ID, reference: 'PAR1-2612-000606', resteAPayer: 8, devise: 'EUR' } as ColisRecord;
    stubCanvas();
    renderAdmin(<FinishColisButton colis={colis} to="retirer" />, {
      session: sessionWith(['retraitColis']),
      dataProvider: { finishColis: finished.spy, getModesPaiement: async () => MODES },
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Retiré' }));
    const dialog = await screen.findByRole('dialog');
    await chooseEspeces(user, dialog);
    await user.type(within(dialog).getByRole('textbox', { name: 'Code de retrait' }), '123456');
    drawSignature(within(dialog).getByTestId('signature-pad'));
    clickTwiceInOneTick(within(dialog).getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(finished.spy).toHaveBeenCalledTimes(1));
    act(() => finished.answers[0].settle());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(finished.spy).toHaveBeenCalledTimes(1);
  });
});

describe("'Enregistrer' of a form page (ReferenceCreatePage) clicked twice: the cash operation", () => {
  it('adds one operation, and none more while the page leaves', async () => {
    const carburant = { id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e01', code: 'CARBURANT', libelle: 'Carburant', isActive: true };
    const moi = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e02';
    const created = deferred({ data: { id: 'operation-1', type: 'sortie' } });
    const create = vi.fn((_resource: string, _params: CreateParams) => created.promise);
    renderAdmin(<OperationCreate />, {
      session: sessionWith(['operation', 'addOperation'], ADMIN_ROLE, { id: moi }),
      resource: 'operation',
      path: '/operation/create',
      dataProvider: {
        getStaffUsers: async () => [{ id: moi, nom: 'Koné', prenoms: 'Awa', agenceID: { id: 'agence-1' } }],
        getList: async (resource: string, _params: GetListParams) => {
          const data = resource === 'typeOperation' ? [carburant] : [];
          return { data, total: data.length };
        },
        getMany: async (resource: string) => ({ data: resource === 'typeOperation' ? [carburant] : [] }),
        getOne: async (resource: string, params: GetOneParams) => {
          throw new Error(`getOne ${resource} ${params.id}`);
        },
        create,
      },
    });
    const user = setupUser();
    await typeText(user, await screen.findByRole('textbox', { name: /^Montant/ }), '40');
    await user.click(await screen.findByRole('combobox', { name: /^Motif/ }));
    await user.click(await screen.findByRole('option', { name: 'Carburant' }));
    await user.click(screen.getByRole('radio', { name: 'Sortie' }));
    await typeText(user, screen.getByRole('textbox', { name: /^Description/ }), 'Plein du camion');
    const save = screen.getByRole('button', { name: /Enregistrer/ }) as HTMLButtonElement;
    clickTwiceInOneTick(save);
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(save.disabled).toBe(true);
    act(() => created.settle());
    expect(await screen.findByText('Sortie ajouté avec succès !')).toBeTruthy();
    // Saved, the page leaves for the list (here the form stays drawn, as while the list loads): nothing saves again.
    expect(save.disabled).toBe(true);
    act(() => save.click());
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(create).toHaveBeenCalledTimes(1);
  });
});

describe("'Clôturer la caisse' confirmed twice", () => {
  it('closes the day once, its button disabled until the day shows closed', async () => {
    const agence = { id: 'agence-1', code: 'DKR1', libelle: 'Agence Dakar Plateau' };
    const closed = heldSpy({ message: 'Caisse clôturée avec succès !', data: null });
    renderAdmin(<CaissePage />, {
      session: sessionWith(['caisse'], AGENT_ROLE, { agenceID: agence }),
      resource: 'caisse',
      dataProvider: {
        getCaisseAttendu: async () => ({ agence, date: todayIso(), lignes: [], cloture: null }),
        cloturerCaisse: closed.spy,
        getCaisseListe: async () => ({ datas: [], total: 0 }),
      },
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Clôturer la caisse' }));
    const dialog = await screen.findByRole('dialog');
    clickTwiceInOneTick(within(dialog).getByRole('button', { name: 'Clôturer la caisse' }));
    await waitFor(() => expect(closed.spy).toHaveBeenCalledTimes(1));
    act(() => closed.answers[0].settle());
    expect(await screen.findByText('Caisse clôturée avec succès !')).toBeTruthy();
    // Until the day shows closed, its closing button stays disabled.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('button', { name: 'Clôturer la caisse' }) as HTMLButtonElement).disabled).toBe(true);
    expect(closed.spy).toHaveBeenCalledTimes(1);
  });
});

describe('the other writes, confirmed twice in one tick: one call each', () => {
  /** Clicks 'Oui' of the open confirmation twice in one tick. */
  async function confirmTwice() {
    const dialog = await screen.findByRole('dialog');
    clickTwiceInOneTick(within(dialog).getByRole('button', { name: 'Oui' }));
  }

  it("a departure's status change", async () => {
    const changed = heldSpy({ data: { id: 'envoi-1' } });
    renderAdmin(<EnvoiStatutButtons />, {
      session: sessionWith(['clotureDepart']),
      resource: 'depart',
      record: { id: 'envoi-1', reference: 'DEP-2612-0001', statutID: { id: 's', code: 'OUVERT', libelle: 'Ouvert' } },
      dataProvider: { update: changed.spy },
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Clôturer' }));
    await confirmTwice();
    await waitFor(() => expect(changed.spy).toHaveBeenCalledTimes(1));
    act(() => changed.answers[0].settle());
    expect(await screen.findByText('Statut de départ mis à jour avec succès !')).toBeTruthy();
    expect(changed.spy).toHaveBeenCalledTimes(1);
  });

  it("a row's active flag", async () => {
    const update = vi.fn(async (_resource: string, params: UpdateParams) => ({ data: { ...params.previousData, ...params.data } }));
    renderAdmin(<ActiveToggleField />, {
      resource: 'pays',
      record: { id: 'pays-1', libelle: 'Mali', isActive: true },
      dataProvider: { update },
    });
    const user = setupUser();
    await waitForAuth();
    const toggle = await screen.findByRole('button', { name: 'Actif' });
    await waitFor(() => expect(toggle.getAttribute('aria-disabled')).toBe('false'));
    await user.click(toggle);
    await confirmTwice();
    expect(await screen.findByText('Statut mis à jour avec succès !')).toBeTruthy();
    expect(update).toHaveBeenCalledTimes(1);
  });

  it("a row's deletion", async () => {
    const deleted = vi.fn(async () => ({ data: { id: 'pays-1' } }));
    renderAdmin(<DeleteWithConfirm />, { resource: 'pays', record: { id: 'pays-1', libelle: 'Mali' }, dataProvider: { delete: deleted } });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await confirmTwice();
    expect(await screen.findByText('suppression effectuée')).toBeTruthy();
    expect(deleted).toHaveBeenCalledTimes(1);
  });

  it("a user's password reset", async () => {
    const reset = heldSpy('Mot de passe réinitialisé');
    renderAdmin(<ResetPasswordButton />, {
      session: sessionWith(['userUpdate']),
      resource: 'user',
      record: { id: 'user-autre', nom: 'Sow', prenoms: 'Fatou' },
      dataProvider: { resetUserPassword: reset.spy },
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: /Réinitialiser le mot de passe/ }));
    await confirmTwice();
    await waitFor(() => expect(reset.spy).toHaveBeenCalledTimes(1));
    act(() => reset.answers[0].settle());
    expect(await screen.findByText('Mot de passe réinitialisé')).toBeTruthy();
    expect(reset.spy).toHaveBeenCalledTimes(1);
  });

  it('a message to the clients', async () => {
    const sent = deferred({ message: "Message envoyé : 4 e-mails en file d'envoi." });
    const contactClients = vi.fn(async (body: { apercu?: boolean }) => (body.apercu ? { smsEnFile: 0, emailsEnFile: 4 } : sent.promise));
    renderAdmin(<MessageCreate />, { session: sessionWith(['messagerie', 'addMessage'], ADMIN_ROLE), dataProvider: { contactClients } });
    const user = setupUser();
    await screen.findByText('Nouveau message');
    await typeText(user, screen.getByRole('textbox', { name: /^Objet/ }), 'Arrivée');
    await typeText(user, screen.getByRole('textbox', { name: /^Message/ }), 'Votre colis est arrivé.');
    const sends = () => contactClients.mock.calls.filter(([body]) => !body.apercu);
    clickTwiceInOneTick(screen.getByRole('button', { name: /Envoyer/ }));
    await waitFor(() => expect(sends()).toHaveLength(1));
    act(() => sent.settle());
    expect(await screen.findByText("Message envoyé : 4 e-mails en file d'envoi.")).toBeTruthy();
    expect(sends()).toHaveLength(1);
  });
});
