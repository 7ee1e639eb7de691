/**
 * The parcel wizard with the keyboard only (spec 000 §2 Add parcel, "Enter key blocked inside the form";
 * docs/decisions/accessibility.md): the Paris agent registers a one-nature parcel with Tab, typing, the arrow keys and
 * Enter — Enter on a departure's card, on SUIVANT, RECHERCHER and ENREGISTRER activates it (it used to do nothing), Enter
 * in a one-line field sends nothing, and after each SUIVANT the focus is on the step's first field, not at the top of
 * the page. The journey counts its Tab presses (reported in its annotations: 77 before, by the audit of 2026-12-01).
 */
import { expect, test, type Page } from '@playwright/test';
import { AGENT, signIn } from './helpers';
import { openEnvoiFranceSenegal } from './apiSeed';

/** What the focus is to reach: a form input (or the select of it) by name, a button by its text, an element by its label. */
type Target = { field: string } | { button: string } | { label: string };

/** Presses Tab until the focused element is `target`; returns the presses. */
async function tabTo(page: Page, target: Target): Promise<number> {
  for (let presses = 0; presses <= 150; presses++) {
    const reached = await page.evaluate((t) => {
      const el = document.activeElement;
      if (!el) return false;
      if ('field' in t) {
        const select =
          el.getAttribute('role') === 'combobox' && el.closest('.MuiFormControl-root')?.querySelector(`input[name="${t.field}"]`);
        return el.getAttribute('name') === t.field || !!select;
      }
      if ('button' in t) return el.tagName === 'BUTTON' && (el.textContent ?? '').trim().toLowerCase() === t.button.toLowerCase();
      return (el.getAttribute('aria-label') ?? '').includes(t.label);
    }, target);
    if (reached) return presses;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab n'atteint pas ${JSON.stringify(target)}`);
}

test('a one-nature parcel registered with the keyboard only: Enter on buttons, focus on each step', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { envoi } = await openEnvoiFranceSenegal(request, 'Fret e2e clavier');
  await signIn(page, AGENT);
  await page.goto('/colis/create');
  await expect(page.getByRole('button', { name: new RegExp(envoi.reference) })).toBeVisible();
  let tabs = 0;
  const type = async (name: string, text: string) => {
    tabs += await tabTo(page, { field: name });
    await page.keyboard.type(text);
  };
  /** Picks in a select by keyboard: opens it, types the option's first letter (the menu's own search), Enter. */
  const pick = async (name: string, option: string) => {
    tabs += await tabTo(page, { field: name });
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.type(option[0]);
    await expect(page.getByRole('option', { name: option })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeHidden();
  };
  const press = async (text: string) => {
    tabs += await tabTo(page, { button: text });
    await page.keyboard.press('Enter');
  };

  // Step 1: the departure's card by Enter, then SUIVANT by Enter.
  tabs += await tabTo(page, { label: envoi.reference });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: new RegExp(envoi.reference) })).toHaveAttribute('aria-pressed', 'true');
  await press('Suivant');

  // Step 2: the focus is already on 'Contenu'; Enter there moves nothing.
  await expect(page.locator('input[name="detailsContenu"]')).toBeFocused();
  await type('detailsContenu', 'Vêtements au clavier');
  await page.keyboard.press('Enter');
  await expect(page.locator('input[name="detailsContenu"]')).toBeVisible();
  await pick('villeID', 'Dakar');
  await pick('naturesColis.0.natureColisID', 'Vêtements adulte');
  await type('naturesColis.0.poids', '2');
  await pick('modeLivraisonID', 'Récupération en Agence');
  await press('Suivant');

  // Step 3: the focus on its first field; RECHERCHER by Enter, the new recipient, the typed sender, ENREGISTRER.
  await expect(page.locator('input[name="destinataireIndicatif"]')).toBeFocused();
  await type('destinataireNumero', '771239876');
  await press('Rechercher');
  await expect(page.getByText('Aucun client trouvé pour ce numéro')).toBeVisible();
  await type('nomDestinataire', 'Ndiaye');
  await type('prenomsDestinataire', 'Astou');
  await type('adresseDestinataire', 'Médina, Dakar');
  // The sender's mode: the radio group takes the arrows.
  tabs += await tabTo(page, { field: 'expediteurMode' });
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: "Saisir l'expéditeur" })).toBeChecked();
  await type('expediteurNom', 'Martin');
  await type('expediteurPrenom', 'Claire');
  await type('expediteurNumero', '612349876');
  // Enter in the last field sends nothing.
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/colis\/create/);
  await press('Enregistrer');
  await expect(page.getByText('colis ajouté avec succès')).toBeVisible();
  await expect(page).toHaveURL(/\/colis$/);
  test.info().annotations.push({ type: 'Tab presses', description: String(tabs) });
  console.log(`Tab presses for a one-nature parcel: ${tabs}`);
});
