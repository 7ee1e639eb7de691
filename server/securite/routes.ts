/**
 * What the throttles locked, for administrators (docs/decisions/security-hardening.md: lockout visible to
 * administrators): GET /api/securite/verrous lists the keys locked now (account e-mail from one address or from all,
 * client address, parcel of a deletion code, user of a code, a user's expensive calls), with their count and end of
 * lock; POST /api/securite/deverrouiller {key} lifts one lock at once (the count starts again from zero). Keys
 * securiteVerrous and securiteDeverrouiller.
 * Agency scope (securite/query.ts lockScope, docs/decisions/mail-and-lock-scope.md): a role that does not see every
 * agency sees, and lifts, only the locks of its own staff's accounts; any other key answers 404 to it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/currentUser';
import { settleAttempt } from '../auth/throttle';
import type { Db } from '../db/client';
import { answers, envelope, instant, messageAnswer } from '../../common/schemas/answer';
import { notFound } from '../http/errors';
import { releaseScopedLock, visibleLocks } from './query';

/** The locks as answered: key, its French description, attempts counted, end of lock. */
const locksAnswer = envelope({
  datas: z.array(z.object({ key: z.string(), libelle: z.string(), failures: z.number(), lockedUntil: instant, lastAttemptAt: instant })),
  total: z.number(),
});

/**
 * What a lock key counts, in French, from its prefix (the key names of server/auth/throttle.ts and its callers): e.g.
 * 'login:account:a@b.fr' → 'Connexion — compte a@b.fr'; a key of one subject from one address
 * ('login:account-ip:a@b.fr|203.0.113.9', throttle.ts pairKey) → 'Connexion — compte a@b.fr depuis l’adresse 203.0.113.9'.
 */
export function describeKey(key: string): string {
  const [scope, kind, ...rest] = key.split(':');
  let subject = rest.join(':');
  const what: Record<string, string> = {
    login: 'Connexion',
    recovery: 'Demande de code de réinitialisation',
    reset: 'Réinitialisation du mot de passe',
    otp: 'Code de suppression de colis',
    message: 'Envoi de messages',
    telephone: 'Recherche de client par téléphone',
    suivi: 'Suivi public',
    export: 'Exports de listes',
    manifest: 'Manifestes de départ',
    stats: 'Statistiques du tableau de bord',
    search: 'Recherches sur les grandes listes',
    inventaire: "Relevés d'inventaire",
  };
  const who: Record<string, string> = { account: 'compte', ip: 'adresse', colis: 'colis', user: 'utilisateur', ref: 'colis' };
  let kindName = kind;
  if (kind?.endsWith('-ip') && subject.includes('|')) {
    kindName = kind.slice(0, -3);
    const cut = subject.lastIndexOf('|');
    subject = `${subject.slice(0, cut)} depuis l’adresse ${subject.slice(cut + 1)}`;
  }
  return `${what[scope] ?? scope} — ${who[kindName] ?? kindName} ${subject}`;
}

/** Registers the lock view and release. */
export async function securiteRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['securite'];
  r.get('/api/securite/verrous', { schema: { tags, response: answers({ 200: locksAnswer }) } }, async (request) => {
    const locks = await visibleLocks(db, currentUser(request));
    return { success: true, datas: locks.map((l) => ({ ...l, libelle: describeKey(l.key) })), total: locks.length };
  });
  r.post(
    '/api/securite/deverrouiller',
    {
      schema: {
        tags,
        body: z.object({ key: z.string({ error: 'La clé est obligatoire' }).min(3).max(300) }),
        response: answers({ 200: messageAnswer }),
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (me.allAgences) await settleAttempt(db, { reset: [request.body.key] });
      else if (!(await releaseScopedLock(db, request.body.key, me))) throw notFound('Verrou introuvable.');
      return { success: true, message: 'Déblocage effectué' };
    },
  );
}
