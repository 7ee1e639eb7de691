/**
 * No layer blocks the page, whatever the window's width (spec 000 §2 "Main layout and sidebar", the template's
 * auto-collapse below 992 px; docs/decisions/sidebar-search.md). Right after signing in on a window 700–991 px wide, an
 * invisible drawer layer used to cover the page until a reload: the temporary drawer of src/layout/AppSidebar.tsx was
 * mounted open (react-admin's sidebar starts open from 600 px) and folded before its transition was mounted, so MUI's
 * modal never saw an exit and stayed visible, empty, at z-index 1200. Each journey signs in at one width (and on a
 * touch tablet), clicks the menu button and a dashboard tile, and checks that each click had its effect; one more
 * signs in wide and sweeps the window from 1 920 down to 320 px and back, checking what is under the pointer.
 */
import { expect, test, type Page } from '@playwright/test';
import { AGENT, signIn } from './helpers';

/** Fails when a modal layer with nothing open covers the point (x, y) of the page. */
async function expectNoCoveringLayer(page: Page, where: string) {
  const covering = await page.evaluate(() => {
    const points = [
      [window.innerWidth / 2, window.innerHeight / 2],
      [window.innerWidth - 10, window.innerHeight - 10],
      [10, window.innerHeight / 2],
    ];
    return points
      .map(([x, y]) => document.elementFromPoint(x, y))
      .filter((el) => el?.closest('.MuiModal-root') && !el.closest('.MuiDrawer-paper'))
      .map((el) => el?.className);
  });
  expect(covering, `a layer covers the page at ${where}`).toEqual([]);
}

/** Clicks the app bar's menu button: below 992 px it opens the drawer (then Escape closes it), above it folds the sidebar. */
async function clickMenuButton(page: Page, width: number) {
  if (width < 992) {
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = page.getByTestId('sidebar-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('menuitem', { name: 'Départs', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  } else {
    await page.getByRole('button', { name: 'Fermer le menu' }).click();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toBeVisible();
  }
}

/** Clicks the dashboard's Départs tile and checks the departures list opened. */
async function clickDepartsTile(page: Page) {
  await page.getByTestId('tile-envois').getByRole('link').click();
  await expect(page).toHaveURL(/\/depart/);
  await expect(page.getByText('LISTE DES DÉPARTS', { exact: false }).first()).toBeVisible();
}

for (const width of [390, 800, 950, 1024]) {
  test.describe(`signed in at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the menu button and a tile answer the first click', async ({ page }) => {
      await signIn(page, AGENT);
      await expectNoCoveringLayer(page, `${width} px after sign-in`);
      await page.screenshot({ path: `test-results/narrow-layout-${width}-signed-in.png` });
      await clickMenuButton(page, width);
      await clickDepartsTile(page);
    });
  });
}

test.describe('on a 820×1180 touch tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });

  test('a tap on the menu button and on a tile work right after sign-in', async ({ page }) => {
    await signIn(page, AGENT);
    await expectNoCoveringLayer(page, 'the tablet after sign-in');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).tap();
    await expect(page.getByTestId('sidebar-drawer')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sidebar-drawer')).toBeHidden();
    await page.getByTestId('tile-envois').getByRole('link').tap();
    await expect(page).toHaveURL(/\/depart/);
  });
});

test.describe('resized after sign-in', () => {
  test.use({ viewport: { width: 1920, height: 900 } });

  test('from 1 920 down to 320 px and back, nothing covers the page and the menu button answers', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, AGENT);
    const widths = [1920, 1440, 1280, 1024, 992, 991, 950, 820, 800, 700, 600, 599, 480, 390, 320, 800, 1280];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      // The fold and the drawer's transition (MUI's leavingScreen, 195 ms) have run.
      await page.waitForTimeout(400);
      await expectNoCoveringLayer(page, `${width} px`);
    }
    await clickMenuButton(page, 1280);
    await page.setViewportSize({ width: 800, height: 900 });
    await page.waitForTimeout(400);
    await clickMenuButton(page, 800);
    await clickDepartsTile(page);
  });
});
