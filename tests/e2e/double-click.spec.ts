/**
 * One action, one write (docs/decisions/idempotent-writes.md "Browser"): at a busy counter an agent double-clicks. Each
 * write that moves money or registers a parcel is clicked twice, fast, three ways — Playwright's `dblclick()`, two
 * `click()` sent without awaiting between them, and two `el.click()` in the same tick (before React draws the button
 * disabled) — and the database holds ONE new row, read back through the API; the page sent ONE request. Covered:
 * registration (ENREGISTRER, with an advance), payment (ENCAISSER), refund, hand-over ('Retiré' collecting the
 * remainder), cash operation (Ajouter entrée/sortie) and cash closing (Clôturer la caisse).
 * The e2e database is shared by the journeys of a shard: the operations written here are deleted at the end (the
 * operations journey expects empty cards), the Bamako agency's closings are reopened (no other journey uses it).
 */
import { expect, test, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { todayIso } from '../../common/dates';
import { ADMIN, AGENT, proveRelease, searchOne, signIn } from './helpers';
import { apiLogin, openEnvoiFranceSenegal } from './apiSeed';

/** The seeded Dakar agent (agency DKR1): the destination counter of the parcels handed over here. */
const AGENT_DAKAR = { email: 'agent.dakar@colis.local', password: AGENT.password };
/** The seeded Bamako agent (agency BKO1): its cash is closed and reopened here only. */
const AGENT_BAMAKO = { email: 'agent.bamako@colis.local', password: AGENT.password };

/** The three ways of clicking twice, fast. */
const HOWS = ['dblclick', 'two clicks', 'same tick'] as const;
type How = (typeof HOWS)[number];

/**
 * Clicks `button` twice, fast, the way `how` says. 'two clicks': two Playwright clicks started together (forced: the
 * second lands on the button even when it was drawn disabled meanwhile, which then ignores it; it may also find the
 * button gone once the answer closed its dialog). 'same tick': two DOM clicks in one script, before any re-render.
 */
async function clickTwice(button: Locator, how: How) {
  await expect(button).toBeEnabled();
  if (how === 'dblclick') {
    await button.dblclick();
  } else if (how === 'same tick') {
    await button.evaluate((el: HTMLElement) => {
      el.click();
      el.click();
    });
  } else {
    const handle = (await button.elementHandle())!;
    await Promise.allSettled([handle.click({ force: true }), handle.click({ force: true })]);
  }
}

/**
 * Counts the POST requests of `page` whose path ends with `path` (a text or a pattern), and waits for their answers:
 * `settled()` resolves once every one seen has its answer (or failed), and gives how many were sent.
 */
function watchPosts(page: Page, path: RegExp) {
  const seen: Request[] = [];
  const onRequest = (r: Request) => {
    if (r.method() === 'POST' && path.test(new URL(r.url()).pathname)) seen.push(r);
  };
  page.on('request', onRequest);
  return {
    settled: async () => {
      await Promise.all(seen.map((r) => r.response().catch(() => null)));
      page.off('request', onRequest);
      return seen.length;
    },
  };
}

/** Picks an option of a react-admin SelectInput (in `scope`) by its label. */
async function pick(page: Page, scope: Page | Locator, label: string | RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0); // closed, its fade-out over
}

/** A phone number of 9 digits for Sénégal, new at each call. */
let phoneSeq = 0;
const newPhone = () => `77${String(Date.now() + phoneSeq++).slice(-7)}`;

/** What the journeys read back through the API, as the administrator. */
async function reader(request: APIRequestContext) {
  const res = await request.post('/api/auth/loginAD', { data: { ...ADMIN, type: 'ADMIN' } });
  expect(res.ok()).toBeTruthy();
  const login = await res.json();
  const headers = { Authorization: `Bearer ${login.token}` };
  const adminId = login.data.id as string;
  const get = async (path: string) => {
    const answer = await request.get(`/api/${path}`, { headers });
    expect(answer.ok(), await answer.text()).toBeTruthy();
    return answer.json();
  };
  return {
    headers,
    /** The parcels whose recipient has this phone. */
    colisOf: async (phone: string) =>
      (await get(`colis/liste/${adminId}?q=${phone}&_page=1&_perPage=10`)).datas as {
        id: string;
        reference: string;
        statutID: { code: string };
      }[],
    /** The payments of a parcel, refunds included (negative amounts). */
    paymentsOf: async (colisId: string) =>
      (await get(`encaissement/getByColisID/${colisId}`)).encaissements as { montantEncaisse: string | number }[],
    /** The operations whose description holds `text` (this year: the list's default period). */
    operationsOf: async (text: string) =>
      (await get(`operation/liste/${adminId}?q=${encodeURIComponent(text)}&_page=1&_perPage=10`)).datas as { id: string }[],
    /** The closings of an agency's day that are not reopened. */
    closingsOf: async (agenceID: string, day: string) =>
      (
        (await get(`caisse/liste?agenceID=${agenceID}&du=${day}&au=${day}&_page=1&_perPage=20`)).datas as {
          id: string;
          rouverte: boolean;
        }[]
      ).filter((c) => !c.rouverte),
    get,
  };
}

/** Registers a parcel for Dakar on `envoi` with a cash advance of `reglement` €; returns its reference and phone. */
async function registerWithAdvance(
  seed: Awaited<ReturnType<typeof openEnvoiFranceSenegal>>,
  especesID: string,
  poids: number,
  reglement: number,
  label: string,
) {
  const phone = newPhone();
  const reference = await seed.registerColis(seed.agent, poids, {
    detailsContenu: `Colis double clic ${label}`,
    expediteurNom: 'Camara',
    expediteurPrenom: 'Ismaël',
    NumeroSaisi: '+33611223344',
    nomDestinataire: 'Sow',
    prenomsDestinataire: 'Khady',
    telephoneDestinataire: `+221${phone}`,
    reglement,
    encaissement: { modePaiementID: especesID, paymentby: 'expediteur' },
  });
  return { reference, phone };
}

test.describe('a double click writes once', () => {
  test.describe.configure({ timeout: 120_000 });

  test('registration: ENREGISTRER double-clicked registers one parcel with one advance', async ({ page, request }) => {
    const seed = await openEnvoiFranceSenegal(request, 'Fret e2e double clic enregistrement');
    const api = await reader(request);
    await signIn(page, AGENT);
    for (const how of HOWS) {
      await page.goto('/colis/create');
      await expect(page.getByText('CHOIX DU DEPART')).toBeVisible();
      await page.getByTestId('depart-card').filter({ hasText: seed.envoi.reference }).getByRole('button').click();
      await page.getByRole('button', { name: 'Suivant' }).click();
      await page.locator('input[name="detailsContenu"]').fill(`Double clic ${how}`);
      await pick(page, page, 'Ville de destination', 'Dakar');
      await pick(page, page, 'Nature', 'Vêtements adulte');
      await page.locator('input[name="naturesColis.0.poids"]').fill('2');
      await pick(page, page, 'Mode de récupération', 'Récupération en Agence');
      await page.locator('input[name="reglement"]').fill('10');
      await pick(page, page, 'Mode de paiement', 'Espèces');
      await page.getByRole('button', { name: 'Suivant' }).click();
      const phone = newPhone();
      await expect(page.getByText('INFO DESTINATAIRE').first()).toBeVisible();
      await page.locator('input[name="destinataireNumero"]').fill(phone);
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(page.getByText('Aucun client trouvé pour ce numéro')).toBeVisible();
      await page.locator('input[name="nomDestinataire"]').fill('Ba');
      await page.locator('input[name="prenomsDestinataire"]').fill('Aminata');
      await page.locator('input[name="adresseDestinataire"]').fill('Rue 12, Dakar');
      await page.getByLabel("Saisir l'expéditeur").check();
      await page.locator('input[name="expediteurNom"]').fill('Martin');
      await page.locator('input[name="expediteurPrenom"]').fill('Paul');
      await page.locator('input[name="expediteurNumero"]').fill('06 11 22 33 44');

      const posts = watchPosts(page, /\/api\/colis\/create$/);
      await clickTwice(page.getByRole('button', { name: 'Enregistrer' }), how);
      await expect(page.getByText('colis ajouté avec succès')).toBeVisible();
      const sent = await posts.settled();
      const colis = await api.colisOf(phone);
      const advances = (await Promise.all(colis.map((c) => api.paymentsOf(c.id)))).flat();
      console.log(`registration (${how}): ${sent} POST colis/create, ${colis.length} parcel(s), ${advances.length} advance(s)`);
      expect.soft(colis, `parcels registered (${how})`).toHaveLength(1);
      expect.soft(advances, `advances recorded (${how})`).toHaveLength(1);
      expect.soft(sent, `POST colis/create sent (${how})`).toBe(1);
    }
  });

  test('payment: ENCAISSER double-clicked records one payment', async ({ page, request }) => {
    const seed = await openEnvoiFranceSenegal(request, 'Fret e2e double clic encaissement');
    const especes = seed.id(await seed.list('modePaiement/liste'), 'ESPECES');
    const api = await reader(request);
    await signIn(page, AGENT);
    for (const how of HOWS) {
      const { phone } = await registerWithAdvance(seed, especes, 2, 1, `encaissement ${how}`);
      await page.goto('/colis');
      await expect(page.getByRole('heading', { name: 'LISTE DES COLIS' })).toBeVisible();
      await searchOne(page, phone);
      await page.getByRole('row').filter({ hasText: phone }).getByRole('button', { name: 'Faire un encaissement' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[name="montant"]').fill('1');
      await pick(page, dialog, /mode de paiement/i, 'Espèces');

      const posts = watchPosts(page, /\/api\/encaissement\/create$/);
      await clickTwice(dialog.getByRole('button', { name: 'Encaisser' }), how);
      await expect(page.getByText('encaissement effectué avec succès')).toBeVisible();
      const sent = await posts.settled();
      const [colis] = await api.colisOf(phone);
      const payments = await api.paymentsOf(colis.id);
      console.log(`payment (${how}): ${sent} POST encaissement/create, ${payments.length - 1} payment(s) after the advance`);
      expect.soft(payments, `advance + payments (${how})`).toHaveLength(2);
      expect.soft(sent, `POST encaissement/create sent (${how})`).toBe(1);
    }
  });

  test('refund: Rembourser double-clicked records one refund', async ({ page, request }) => {
    const seed = await openEnvoiFranceSenegal(request, 'Fret e2e double clic remboursement');
    const especes = seed.id(await seed.list('modePaiement/liste'), 'ESPECES');
    const api = await reader(request);
    await signIn(page, ADMIN);
    for (const how of HOWS) {
      const { reference, phone } = await registerWithAdvance(seed, especes, 2, 5, `remboursement ${how}`);
      await page.goto('/encaissements');
      await expect(page.getByRole('heading', { name: 'LISTE DES ENCAISSEMENTS' })).toBeVisible();
      await searchOne(page, reference);
      await page.getByRole('row').filter({ hasText: reference }).getByRole('button', { name: 'Rembourser' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[name="montant"]').fill('1');
      await pick(page, dialog, /mode de paiement/i, 'Espèces');
      await dialog.locator('textarea[name="motif"]').fill(`Geste commercial (${how})`);

      const posts = watchPosts(page, /\/api\/encaissement\/rembourser\/[^/]+$/);
      await clickTwice(dialog.getByRole('button', { name: 'Rembourser' }), how);
      await expect(page.getByText('Remboursement enregistré.')).toBeVisible();
      const sent = await posts.settled();
      const [colis] = await api.colisOf(phone);
      const refunds = (await api.paymentsOf(colis.id)).filter((p) => Number(p.montantEncaisse) < 0);
      console.log(`refund (${how}): ${sent} POST encaissement/rembourser, ${refunds.length} refund(s)`);
      expect.soft(refunds, `refunds (${how})`).toHaveLength(1);
      expect.soft(sent, `POST encaissement/rembourser sent (${how})`).toBe(1);
    }
  });

  test("hand-over: 'Retiré' double-clicked collects the remainder once", async ({ page, request }) => {
    const seed = await openEnvoiFranceSenegal(request, 'Fret e2e double clic retrait');
    const especes = seed.id(await seed.list('modePaiement/liste'), 'ESPECES');
    const api = await reader(request);
    const parcels = [];
    for (const how of HOWS) parcels.push({ how, ...(await registerWithAdvance(seed, especes, 2, 1, `retrait ${how}`)) });
    // Shipped, then arrived: its parcels received at the counter (an advance) become EXPEDIE, ready to be handed over.
    for (const statutID of ['EN_COURS_ENVOI', 'ARRIVE']) {
      const moved = await request.put(`/api/envoi/update/${seed.envoi.id}`, { headers: seed.admin, data: { statutID } });
      expect(moved.ok(), await moved.text()).toBeTruthy();
    }
    // Handed over at the destination, Dakar (docs/decisions/release-proof.md).
    await signIn(page, AGENT_DAKAR);
    for (const { how, phone } of parcels) {
      await page.goto('/colis');
      await expect(page.getByRole('heading', { name: 'LISTE DES COLIS' })).toBeVisible();
      await searchOne(page, phone);
      await page.getByRole('row').filter({ hasText: phone }).getByRole('button', { name: 'Retiré' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(/Reste à payer/)).toBeVisible();
      // The Dakar counter takes the remainder in F CFA, as its drawer does (money.spec.ts counts that drawer's lines).
      await pick(page, dialog, /^Devise/, /^XOF/);
      await pick(page, dialog, /mode de paiement/i, 'Espèces');
      await proveRelease(page, dialog);

      const posts = watchPosts(page, /\/api\/colis\/retirer\/[^/]+$/);
      await clickTwice(dialog.getByRole('button', { name: 'Oui' }), how);
      await expect(dialog).toHaveCount(0);
      const sent = await posts.settled();
      const [colis] = await api.colisOf(phone);
      const payments = await api.paymentsOf(colis.id);
      console.log(`hand-over (${how}): ${sent} POST colis/retirer, ${payments.length - 1} collection(s) after the advance`);
      expect(colis.statutID.code).toBe('RETIRE');
      expect.soft(payments, `advance + collections (${how})`).toHaveLength(2);
      expect.soft(sent, `POST colis/retirer sent (${how})`).toBe(1);
    }
  });

  test('cash operation: Enregistrer double-clicked adds one operation', async ({ page, request }) => {
    const api = await reader(request);
    const marker = `Double clic opération ${Date.now()}`;
    await signIn(page, ADMIN);
    try {
      for (const how of HOWS) {
        await page.goto('/operation/create');
        await expect(page.getByRole('heading', { name: 'Ajouter entrée/sortie' })).toBeVisible();
        await expect(page.getByRole('combobox', { name: /Utilisateur/ })).toContainText('Administrateur');
        await page.locator('input[name="montant"]').fill('12');
        await pick(page, page, /Motif/, 'Commissions');
        await page.getByRole('radio', { name: 'Entrée' }).check();
        await page.locator('textarea[name="description"]').fill(`${marker} ${how}`);

        const posts = watchPosts(page, /\/api\/operation\/create$/);
        await clickTwice(page.getByRole('button', { name: /enregistrer/i }), how);
        await expect(page.getByText('Entrée ajouté avec succès !')).toBeVisible();
        const sent = await posts.settled();
        const rows = await api.operationsOf(`${marker} ${how}`);
        console.log(`cash operation (${how}): ${sent} POST operation/create, ${rows.length} operation(s)`);
        expect.soft(rows, `operations (${how})`).toHaveLength(1);
        expect.soft(sent, `POST operation/create sent (${how})`).toBe(1);
      }
    } finally {
      for (const row of await api.operationsOf(marker)) {
        const gone = await request.delete(`/api/operation/delete/${row.id}`, { headers: api.headers });
        expect(gone.ok(), await gone.text()).toBeTruthy();
      }
    }
  });

  test('cash closing: Clôturer la caisse double-clicked closes the day once', async ({ page, request }) => {
    const api = await reader(request);
    const admin = await apiLogin(request, ADMIN);
    const agences = (await api.get('agence/liste?_page=1&_perPage=100')).datas as { id: string; code: string }[];
    const bamako = agences.find((a) => a.code === 'BKO1')!.id;
    const day = todayIso();
    const reopenAll = async () => {
      for (const c of await api.closingsOf(bamako, day)) {
        const res = await request.post(`/api/caisse/rouvrir/${c.id}`, { headers: admin, data: { motif: 'Parcours double clic' } });
        expect(res.ok(), await res.text()).toBeTruthy();
      }
    };
    await reopenAll();
    await signIn(page, AGENT_BAMAKO);
    try {
      for (const how of HOWS) {
        await page.goto('/caisse');
        await expect(page.getByRole('heading', { name: 'ARRÊTÉ DE CAISSE' })).toBeVisible();
        await page.getByTestId('commentaire').fill(`Clôture double clic (${how})`);
        await page.getByRole('button', { name: 'Clôturer la caisse' }).click();
        const confirm = page.getByRole('dialog');

        const posts = watchPosts(page, /\/api\/caisse\/cloture$/);
        await clickTwice(confirm.getByRole('button', { name: 'Clôturer la caisse' }), how);
        await expect(page.getByText('Caisse clôturée avec succès !')).toBeVisible();
        const sent = await posts.settled();
        const closings = await api.closingsOf(bamako, day);
        console.log(`cash closing (${how}): ${sent} POST caisse/cloture, ${closings.length} closing(s)`);
        expect.soft(closings, `closings (${how})`).toHaveLength(1);
        expect.soft(sent, `POST caisse/cloture sent (${how})`).toBe(1);
        await reopenAll();
      }
    } finally {
      await reopenAll();
    }
  });
});
