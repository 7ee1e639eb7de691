/**
 * `npm run superadmin -- --email=adresse@exemple.fr [--nom=…] [--prenoms=…]`: creates or restores a SUPERADMIN account
 * on the server's database (DATABASE_URL, else PGlite in DATA_DIR: stop the server first, an embedded database has
 * one user at a time), after applying pending migrations and, on an empty database, the reference data
(server/db/seed/openReady.ts, as the server starts). The password is
 * asked on a terminal (hidden; empty: generated), read from SUPERADMIN_PASSWORD, or generated and printed once; a
 * generated password must be changed at the first sign-in. Nothing is mailed. Prints where to sign in.
 * Exit codes: 0 done, 2 bad arguments, 1 failure.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openReady } from '../db/seed/openReady';
import { generatePassword, hashPassword } from '../auth/passwords';
import { newPasswordSchema } from '../../common/schemas/auth';
import { ensureSuperadmin } from './superadmin';
import { cliArg as arg } from '../cliArgs';
import { backOfficeAddress, recordedBackOfficeAddress } from '../startBanner';

/** Asks a question on the terminal without echoing the answer (a password). */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _enc, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

/** The password to set: SUPERADMIN_PASSWORD, else asked on a terminal (empty: generated), else generated. */
async function choosePassword(): Promise<{ password: string; generated: boolean }> {
  const fromEnv = process.env.SUPERADMIN_PASSWORD;
  if (fromEnv) return { password: fromEnv, generated: false };
  if (process.stdin.isTTY) {
    const typed = await askHidden('Mot de passe du compte SUPERADMIN (laisser vide pour en générer un) : ');
    if (typed) {
      const again = await askHidden('Confirmez le mot de passe : ');
      if (again !== typed) throw new UsageError('Les deux mots de passe ne correspondent pas.');
      return { password: typed, generated: false };
    }
  }
  return { password: generatePassword(), generated: true };
}

/** A mistake of the operator (exit code 2). */
class UsageError extends Error {}

/** Runs the command; returns the process exit code. */
async function main(): Promise<number> {
  const email = z.email().safeParse(arg('email')?.trim().toLowerCase());
  if (!email.success) {
    throw new UsageError('Adresse e-mail manquante ou invalide. Usage : npm run superadmin -- --email=adresse@exemple.fr');
  }
  const { password, generated } = await choosePassword();
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success) throw new UsageError(checked.error.issues[0].message);
  const config = loadConfig();
  const { database } = await openReady(config, { demo: false });
  try {
    const result = await ensureSuperadmin(database.db, {
      email: email.data,
      passwordHash: await hashPassword(password),
      mustChangePassword: generated,
      nom: arg('nom'),
      prenoms: arg('prenoms'),
    });
    const where = database.kind === 'pglite' ? `base embarquée ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    // The server's own address (its last start recorded it): this shell may not have the server's PORT.
    const url = config.publicUrl
      ? backOfficeAddress(config)
      : ((await recordedBackOfficeAddress(database.db)) ?? backOfficeAddress(config));
    console.log(`Compte SUPERADMIN ${result.created ? 'créé' : 'rétabli'} : ${email.data} (${where}).`);
    if (generated) console.log(`Mot de passe provisoire (à changer à la première connexion) : ${password}`);
    console.log(`Connexion : ${url}/ — aucun e-mail n'a été envoyé.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof UsageError ? error.message : `Échec : ${(error as Error).message ?? String(error)}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
