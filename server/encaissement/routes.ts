/**
 * Payment calls (spec 000 §7, 001 §7): encaissement/create, encaissement/getByColisID/{id},
 * encaissement/liste/{userId} (collections list, agency-scoped), encaissement/update/{id} ({isActive}),
 * encaissement/delete/{id}; and notification/create.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COLIS_MESSAGES, COLLECTION_PAYER, PAYMENT_BY, isColisPayable } from '../../common/colisRules';
import { moneyEuros, requiredId, requiredText } from '../crud/fields';
import { runList, UNPAGED_LIMIT } from '../http/list';
import type { Db } from '../db/client';
import { agences, colis, encaissements, modesPaiement, users } from '../db/schema';
import { alias } from 'drizzle-orm/pg-core';
import { conflict, forbidden, notFound } from '../http/errors';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { currentUser } from '../auth/currentUser';
import { colisScope, encaissementScope, mayDeleteEncaissement } from '../access/scopes';
import { lockColis } from '../access/locks';
import { notifyColis } from '../notification/service';
import { statutCodeFromValue } from '../statut/service';
import { recordPayment } from './service';
import type { CurrentUser } from '../auth/currentUser';
import { answers } from '../http/answer';

const auteur = alias(users, 'encaisseur');

/** Payments with mode, author and parcel populated. */
const selectEncaissements = (db: Db) =>
  db
    .select({
      id: encaissements.id,
      createdAt: encaissements.createdAt,
      paymentby: encaissements.paymentby,
      montantEncaisse: encaissements.montantEncaisse,
      montantRestant: encaissements.montantRestant,
      isActive: encaissements.isActive,
      modePaiementID: { id: modesPaiement.id, libelle: modesPaiement.libelle },
      auteurID: { id: auteur.id, nom: auteur.nom, prenoms: auteur.prenoms },
      agenceID: { id: agences.id, libelle: agences.libelle },
      colisID: {
        id: colis.id,
        reference: colis.reference,
        montantTotal: colis.montantTotal,
        reglement: colis.reglement,
        resteAPayer: colis.resteAPayer,
        deletedAt: colis.deletedAt,
      },
    })
    .from(encaissements)
    .innerJoin(modesPaiement, eq(encaissements.modePaiementID, modesPaiement.id))
    .innerJoin(colis, eq(encaissements.colisID, colis.id))
    .leftJoin(auteur, eq(encaissements.auteurID, auteur.id))
    .leftJoin(agences, eq(encaissements.agenceID, agences.id))
    .$dynamic();

/** Payments joined to what the list counts, scopes (the parcel's) and searches (mode, author) need. */
const countEncaissements = (db: Db) =>
  db
    .select({ id: encaissements.id })
    .from(encaissements)
    .innerJoin(colis, eq(encaissements.colisID, colis.id))
    .innerJoin(modesPaiement, eq(encaissements.modePaiementID, modesPaiement.id))
    .leftJoin(auteur, eq(encaissements.auteurID, auteur.id))
    .$dynamic();

/** Registers the payment and notification calls. */
export function registerEncaissementRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['encaissement'];

  r.post(
    '/api/encaissement/create',
    {
      schema: {
        tags,
        body: z.object({
          colisID: requiredId('Le colis est obligatoire'),
          modePaiementID: requiredId('Veuillez remplir tous les champs obligatoire.'),
          paymentby: z.enum(PAYMENT_BY).default(COLLECTION_PAYER),
          montantEncaisse: moneyEuros('Le montant encaissé', { positive: true }).optional(),
          montantRestant: z.unknown().optional(),
        }),
        response: answers,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const result = await db.transaction(async (tx) => {
        const row = await lockColis(tx, { id: request.body.colisID }, user);
        if (!isColisPayable(await statutCodeFromValue(db, row.statutID))) throw conflict(COLIS_MESSAGES.notPayable);
        // The spec's make-payment dialog collects the whole remaining amount.
        const montant = request.body.montantEncaisse ?? Number(row.resteAPayer);
        return recordPayment(
          tx,
          { ...row },
          {
            montant,
            modePaiementID: request.body.modePaiementID,
            paymentby: request.body.paymentby,
            authorId: user.id,
            agenceID: user.agenceID ?? row.agenceID,
            history: true,
          },
        );
      });
      return {
        success: true,
        message: 'encaissement effectué avec succès',
        data: { id: result.id, reglement: Number(result.reglement), resteAPayer: Number(result.resteAPayer) },
      };
    },
  );

  r.get(
    '/api/encaissement/getByColisID/:id',
    { schema: { tags, params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }) }), response: answers } },
    async (request) => {
      const user = currentUser(request);
      const [parcel] = await db
        .select({
          id: colis.id,
          reference: colis.reference,
          montantTotal: colis.montantTotal,
          reglement: colis.reglement,
          resteAPayer: colis.resteAPayer,
        })
        .from(colis)
        .where(and(eq(colis.id, request.params.id), colisScope(user)));
      if (!parcel) throw notFound('Colis non trouvé');
      const rows = await selectEncaissements(db)
        .where(and(eq(encaissements.colisID, parcel.id), isNull(encaissements.deletedAt)))
        .orderBy(asc(encaissements.createdAt));
      return { success: true, encaissements: toApi(rows), colis: toApi(parcel) };
    },
  );

  r.get(
    '/api/encaissement/liste/:userId',
    { schema: { tags, params: z.object({ userId: z.string().max(60) }), querystring: listQuerySchema, response: answers } },
    async (request) => {
      const user = currentUser(request);
      const { rows, total } = await runList(
        db,
        {
          unpagedLimit: UNPAGED_LIMIT,
          table: encaissements,
          select: selectEncaissements,
          scope: encaissementScope(user),
          countFrom: countEncaissements,
          searchColumns: [colis.reference, modesPaiement.libelle, auteur.nom],
          sortColumns: {
            createdAt: encaissements.createdAt,
            montantEncaisse: encaissements.montantEncaisse,
            montantRestant: encaissements.montantRestant,
            modePaiementID: modesPaiement.libelle,
          },
          filters: {
            isActive: { column: encaissements.isActive, type: 'boolean' },
            agenceID: { column: encaissements.agenceID, type: 'uuid' },
            colisID: { column: encaissements.colisID, type: 'uuid' },
          },
        },
        request.query as Record<string, unknown>,
      );
      return { success: true, datas: toApi(rows), total };
    },
  );

  const scoped = async (id: string, user: CurrentUser) => {
    const [row] = await countEncaissements(db).where(and(eq(encaissements.id, id), encaissementScope(user)));
    if (!row) throw notFound('Encaissement introuvable.');
  };
  r.put(
    '/api/encaissement/update/:id',
    { schema: { tags, params: z.object({ id: z.uuid() }), body: z.strictObject({ isActive: z.boolean() }), response: answers } },
    async (request) => {
      await scoped(request.params.id, currentUser(request));
      await db.update(encaissements).set({ isActive: request.body.isActive }).where(eq(encaissements.id, request.params.id));
      return { success: true, message: 'Statut mis à jour avec succès !' };
    },
  );
  r.delete('/api/encaissement/delete/:id', { schema: { tags, params: z.object({ id: z.uuid() }), response: answers } }, async (request) => {
    const user = currentUser(request);
    if (!mayDeleteEncaissement(user)) throw forbidden('Seul un administrateur peut supprimer un encaissement.');
    await db.transaction(async (tx) => {
      const [p] = await tx
        .select()
        .from(encaissements)
        .where(and(eq(encaissements.id, request.params.id), isNull(encaissements.deletedAt)))
        .for('update');
      if (!p) throw notFound('Encaissement introuvable.');
      // Give the amount back to the parcel: settled and remaining stay consistent with the payments left.
      await tx
        .update(colis)
        .set({
          reglement: sql`${colis.reglement} - ${p.montantEncaisse}::numeric`,
          resteAPayer: sql`${colis.resteAPayer} + ${p.montantEncaisse}::numeric`,
        })
        .where(eq(colis.id, p.colisID));
      // Cancelled, never deleted: the row stays with who cancelled it (docs/architecture.md §4).
      await tx
        .update(encaissements)
        .set({ deletedAt: new Date(), deletedByID: user.id, isActive: false })
        .where(eq(encaissements.id, p.id));
    });
    return { success: true, message: 'suppression effectuée' };
  });

  r.post(
    '/api/notification/create',
    {
      schema: {
        tags: ['notification'],
        body: z.object({
          message: requiredText('Le message est obligatoire', 1000),
          receiverID: requiredId('Le destinataire est obligatoire'),
          colisID: requiredId('Le colis est obligatoire'),
        }),
        response: answers,
      },
    },
    async (request) => {
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const row = await lockColis(tx, { id: request.body.colisID }, user);
        if (request.body.receiverID !== row.expediteurID && request.body.receiverID !== row.destinataireID) {
          throw forbidden("Le destinataire n'est ni l'expéditeur ni le destinataire de ce colis.");
        }
        await notifyColis(
          tx,
          [{ ...row, expediteurID: request.body.receiverID, destinataireID: null, emailDestinataire: null }],
          request.body.message,
        );
      });
      return { success: true, message: 'Notification envoyée' };
    },
  );
}
