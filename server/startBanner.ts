/**
 * What the start banner (server/main.ts) and `npm run superadmin` (server/user/superadminCli.ts) tell the operator
 * about signing in (part-001 audit 2026-12-01 B21; docs/decisions/default-admin-password.md):
 * - the administrator's line names the public default password only while it still opens the account (its hash is
 *   checked, once per start and only when ADMIN_PASSWORD is unset or the default): a changed password is never
 *   printed again, and a password given by ADMIN_PASSWORD is never printed;
 * - the back-office's address is recorded by each start in app_settings (`adresse_back_office`), so that the
 *   superadmin command, run in another shell without the server's PORT, names the address the server really uses.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_ADMIN_PASSWORD, type Config } from './config';
import { verifyPassword } from './auth/passwords';
import type { Db } from './db/client';
import { appSettings, users } from './db/schema';

/** The app_settings key of the address the last start served the back-office at. */
const ADDRESS_KEY = 'adresse_back_office';

/** The address of the back-office of this start: PUBLIC_URL, else http://localhost:PORT (no trailing slash). */
export const backOfficeAddress = (config: Pick<Config, 'publicUrl' | 'port'>): string =>
  (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');

/** Records the address this start serves the back-office at (backOfficeAddress), replacing the last one. */
export async function recordBackOfficeAddress(db: Db, address: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: ADDRESS_KEY, value: address })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: address } });
}

/** The address the last start of a server on this database recorded, or undefined (never started). */
export async function recordedBackOfficeAddress(db: Db): Promise<string | undefined> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, ADDRESS_KEY));
  return row?.value;
}

/**
 * The banner's sign-in line, after 'Connexion administrateur : ': the e-mail, with the default password when it still
 * opens the account ('à changer à la première connexion' when the account must change it), else no password.
 * @param config the administrator's e-mail and configured password (ADMIN_EMAIL, ADMIN_PASSWORD or the default)
 */
export async function adminLoginLine(db: Db, config: Pick<Config, 'adminEmail' | 'adminPassword'>): Promise<string> {
  const [account] = await db
    .select({ hash: users.passwordHash, mustChange: users.mustChangePassword })
    .from(users)
    .where(eq(users.email, config.adminEmail.toLowerCase()));
  if (!account) return `${config.adminEmail} (compte absent : npm run superadmin pour en créer un)`;
  if (config.adminPassword === DEFAULT_ADMIN_PASSWORD && (await verifyPassword(account.hash, DEFAULT_ADMIN_PASSWORD))) {
    return `${config.adminEmail} / ${DEFAULT_ADMIN_PASSWORD} (${account.mustChange ? 'à changer à la première connexion' : 'mot de passe par défaut : changez-le'})`;
  }
  return `${config.adminEmail} (avec son mot de passe : ADMIN_PASSWORD, ou celui choisi depuis)`;
}
