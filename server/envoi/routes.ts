/**
 * Departure calls (spec 000 §7): envoi/liste, ouvertActif, getBy/{id}, listeDepartParVille/{countryId}/{modeId},
 * checkEnvoiPoids/{id}, create, update/{id} (full body, {isActive} or {statutID}), delete/{id};
 * and the clients of a departure / shipments of a client: colis/ListClientsBy/{envoiId}, colis/ListEnvoisBy/{clientId}.
 */
import { and, asc, desc, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENVOI_MESSAGES } from '../../common/envoiRules';
import { runList, UNPAGED_LIMIT } from '../http/list';
import { requiredId, weightKg } from '../crud/fields';
import type { Db } from '../db/client';
import { colis, envois, modesEnvoi, statuts, users } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { currentUser } from '../auth/currentUser';
import { statutCodeFromValue, statutsByCode } from '../statut/service';
import { colisScope, envoiRegistrationScope, envoiScope, maySeeClient } from '../access/scopes';
import { openForRegistration, paysDest, paysOrig, selectEnvois } from './query';
import { changeEnvoiStatus, createEnvoi, deleteEnvoi, setEnvoiActive, updateEnvoi } from './service';
import { answers } from '../http/answer';

const calendarDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .transform((v) => v.slice(0, 10))
    .pipe(z.iso.date({ error: 'Date invalide (AAAA-MM-JJ)' }));

/** Body of envoi/create and the full envoi/update (spec 000 §5 Add departure; edit also needs contenu and poids). */
export const envoiBody = z.object({
  modeEnvoiID: requiredId("Le mode d'envoi est obligatoire"),
  paysID: requiredId('Le pays de destination est obligatoire'),
  paysEmetteurID: requiredId("Le pays d'origine est obligatoire"),
  dateDebut: calendarDate('La date de départ est obligatoire'),
  dateArrive: calendarDate("La date d'arrivée est obligatoire"),
  dateFin: calendarDate('La date de clôture est obligatoire'),
  contenu: z.string().trim().max(500, '500 caractères au maximum').optional(),
  poids: weightKg('Le poids global', 9_999_999),
});
const envoiUpdateBody = z.union([
  z.strictObject({ isActive: z.boolean() }),
  z.strictObject({ statutID: z.string().min(1, 'Statut obligatoire') }),
  envoiBody.extend({
    contenu: z.string({ error: 'Le contenu est obligatoire' }).trim().min(1, 'Le contenu est obligatoire').max(500),
  }),
]);

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** Registers the departure calls. */
export function registerEnvoiRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['envoi'];

  async function findEnvoi(id: string, scope: ReturnType<typeof envoiScope>) {
    const [row] = await selectEnvois(db)
      .where(and(eq(envois.id, id), scope))
      .limit(1);
    if (!row) throw notFound('Départ introuvable.');
    return row;
  }

  r.get('/api/envoi/liste', { schema: { tags, querystring: listQuerySchema, response: answers } }, async (request) => {
    const user = currentUser(request);
    const { rows, total } = await runList(
      db,
      {
        unpagedLimit: UNPAGED_LIMIT,
        table: envois,
        select: selectEnvois,
        scope: envoiScope(user),
        searchColumns: [envois.reference, envois.contenu, paysDest.libelle, paysOrig.libelle, modesEnvoi.libelle],
        sortColumns: {
          reference: envois.reference,
          createdAt: envois.createdAt,
          dateDebut: envois.dateDebut,
          dateArrive: envois.dateArrive,
          dateFin: envois.dateFin,
          poids: envois.poids,
          poidsReel: envois.poidsReel,
          isActive: envois.isActive,
          modeEnvoiID: modesEnvoi.libelle,
          paysID: paysDest.libelle,
          paysEmetteurID: paysOrig.libelle,
          statutID: statuts.libelle,
          contenu: envois.contenu,
        },
        filters: {
          isActive: { column: envois.isActive, type: 'boolean' },
          statutID: { column: envois.statutID, type: 'uuid' },
          modeEnvoiID: { column: envois.modeEnvoiID, type: 'uuid' },
          paysID: { column: envois.paysID, type: 'uuid' },
          paysEmetteurID: { column: envois.paysEmetteurID, type: 'uuid' },
          statut: { column: statuts.code, type: 'text' },
        },
      },
      request.query as Record<string, unknown>,
    );
    return { success: true, envois: toApi(rows), total };
  });

  r.get('/api/envoi/ouvertActif', { schema: { tags, response: answers } }, async (request) => {
    const user = currentUser(request);
    const ouvert = (await statutsByCode(db)).get('OUVERT')!;
    const rows = await selectEnvois(db)
      .where(and(openForRegistration(ouvert.id), envoiRegistrationScope(user)))
      .orderBy(desc(envois.dateFin), asc(envois.reference));
    return { success: true, data: toApi(rows) };
  });

  r.get('/api/envoi/getBy/:id', { schema: { tags, params: idParams, response: answers } }, async (request) => {
    const row = await findEnvoi(request.params.id, envoiScope(currentUser(request)));
    return { success: true, data: toApi(row) };
  });

  r.get(
    '/api/envoi/listeDepartParVille/:countryId/:modeId',
    { schema: { tags, params: z.object({ countryId: z.uuid(), modeId: z.uuid() }), response: answers } },
    async (request) => {
      const user = currentUser(request);
      const ouvert = (await statutsByCode(db)).get('OUVERT')!;
      const rows = await selectEnvois(db)
        .where(
          and(
            eq(envois.paysID, request.params.countryId),
            eq(envois.modeEnvoiID, request.params.modeId),
            openForRegistration(ouvert.id),
            envoiScope(user),
          ),
        )
        .orderBy(desc(envois.dateFin));
      return { success: true, datas: toApi(rows) };
    },
  );

  r.get(
    '/api/envoi/checkEnvoiPoids/:id',
    { schema: { tags, params: idParams, querystring: z.object({ poids: z.coerce.number().min(0).optional() }), response: answers } },
    async (request) => {
      const row = await findEnvoi(request.params.id, envoiScope(currentUser(request)));
      const disponible = Number(row.poidsDisponible);
      const poids = request.query.poids ?? 0;
      const ok = poids <= disponible && disponible > 0;
      return {
        success: ok,
        poidsDisponible: disponible,
        message: ok ? 'opération terminée avec succès' : ENVOI_MESSAGES.poidsInsuffisant(row.reference, disponible, poids),
      };
    },
  );

  r.post('/api/envoi/create', { schema: { tags, body: envoiBody, response: answers } }, async (request) => {
    const user = currentUser(request);
    const id = await createEnvoi(db, request.body, user);
    return { success: true, message: 'départ ajouté avec succès', data: toApi(await findEnvoi(id, undefined)) };
  });

  r.put('/api/envoi/update/:id', { schema: { tags, params: idParams, body: envoiUpdateBody, response: answers } }, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    let message = 'Mise à jour du départ réussie !';
    let colisMoved: number | undefined;
    if ('isActive' in body) {
      await setEnvoiActive(db, request.params.id, body.isActive, user);
      message = 'Statut mis à jour avec succès !';
    } else if ('statutID' in body) {
      colisMoved = await changeEnvoiStatus(db, request.params.id, (await statutCodeFromValue(db, body.statutID)) ?? body.statutID, user);
      message = 'Statut de départ mis à jour avec succès !';
    } else {
      await updateEnvoi(db, request.params.id, body, user);
    }
    return { success: true, message, colisMoved, data: toApi(await findEnvoi(request.params.id, undefined)) };
  });

  r.delete('/api/envoi/delete/:id', { schema: { tags, params: idParams, response: answers } }, async (request) => {
    await deleteEnvoi(db, request.params.id, currentUser(request));
    return { success: true, message: 'suppression effectuée' };
  });

  // Clients of a departure (spec 000 §2): its senders, each with its parcels' references and statuses.
  r.get(
    '/api/colis/ListClientsBy/:envoiId',
    { schema: { tags, params: z.object({ envoiId: z.uuid({ error: 'Identifiant invalide' }) }), response: answers } },
    async (request) => {
      const user = currentUser(request);
      const envoi = await findEnvoi(request.params.envoiId, envoiScope(user));
      const rows = await db
        .select({
          clientId: users.id,
          nom: users.nom,
          prenoms: users.prenoms,
          telephone: users.telephone,
          telephoneComplet: users.telephoneComplet,
          email: users.email,
          adresse: users.adresse,
          colisId: colis.id,
          reference: colis.reference,
          statutID: { id: statuts.id, code: statuts.code, libelle: statuts.libelle },
        })
        .from(colis)
        .innerJoin(users, eq(colis.expediteurID, users.id))
        .innerJoin(statuts, eq(colis.statutID, statuts.id))
        // Only the parcels the user may see: an agent never receives another agency's senders.
        .where(and(eq(colis.envoiID, envoi.id), colisScope(user)))
        .orderBy(asc(users.nom), asc(users.prenoms), asc(colis.reference));
      const clients = new Map<string, Record<string, unknown> & { colis: unknown[] }>();
      for (const row of rows) {
        const { colisId, reference, statutID, clientId, ...client } = row;
        if (!clients.has(clientId)) clients.set(clientId, { id: clientId, ...client, colis: [] });
        clients.get(clientId)!.colis.push({ id: colisId, reference, statutID });
      }
      return { success: true, datas: toApi([...clients.values()]), envoi: { id: envoi.id, reference: envoi.reference } };
    },
  );

  // Shipments of a client (spec 000 §2): parcels it sent or receives, newest first.
  r.get(
    '/api/colis/ListEnvoisBy/:clientId',
    { schema: { tags, params: z.object({ clientId: z.uuid({ error: 'Identifiant invalide' }) }), response: answers } },
    async (request) => {
      const user = currentUser(request);
      const [client] = await db
        .select({ id: users.id, nom: users.nom, prenoms: users.prenoms, telephoneComplet: users.telephoneComplet })
        .from(users)
        .where(eq(users.id, request.params.clientId));
      if (!client) throw notFound('Client introuvable.');
      const rows = await db
        .select({
          id: colis.id,
          reference: colis.reference,
          createdAt: colis.createdAt,
          detailsContenu: colis.detailsContenu,
          contenu: colis.contenu,
          poids: colis.poids,
          unite: colis.unite,
          montantTotal: colis.montantTotal,
          resteAPayer: colis.resteAPayer,
          agenceID: colis.agenceID,
          envoiID: { id: envois.id, reference: envois.reference, dateArrive: envois.dateArrive },
          statutID: { id: statuts.id, code: statuts.code, libelle: statuts.libelle },
        })
        .from(colis)
        .innerJoin(envois, eq(colis.envoiID, envois.id))
        .innerJoin(statuts, eq(colis.statutID, statuts.id))
        .where(and(or(eq(colis.expediteurID, client.id), eq(colis.destinataireID, client.id)), colisScope(user)))
        .orderBy(desc(colis.createdAt))
        .limit(500);
      if (!maySeeClient(user, rows.length)) throw forbidden("Ce client n'a pas de colis dans votre agence.");
      return { success: true, datas: toApi(rows), client: toApi(client) };
    },
  );
}
