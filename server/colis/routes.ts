/**
 * Parcel calls (spec 000 §7): colis/liste/{userId}, getBy/{id}, getByReference/{reference},
 * getHistoriqueByReference/{reference}, getColisByEnvoiId/{envoiId}, create, update/{id} (full edit, {isActive},
 * or the spec client's {resteAPayer, reglement} echo after a payment), delete/{id}/{roleCode}, delete/{reference},
 * deleteWithOtp, contactAdminForEnvoi/{envoiId}; the end of the journey colis/retirer/{id} and colis/livrer/{id}
 * (extension: spec 000 names RETIRE and LIVRE without their calls); colis/prixNature (extension: one line's price
 * for the wizard's live preview, with the server's own lookup).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_BY } from '../../common/colisRules';
import { UNITES } from '../../common/modes';
import { BUSINESS_TIME_ZONE } from '../../common/dates';
import { linePrice } from '../../common/pricing';
import { moneyEuros, optionalText, requiredId, requiredText, strictNumber, weightKg } from '../crud/fields';
import { runList, UNPAGED_LIMIT } from '../http/list';
import type { Db } from '../db/client';
import { agences, colis, colisNatures, envois, historiques, naturesColis, statuts, users } from '../db/schema';
import { alias } from 'drizzle-orm/pg-core';
import { notFound } from '../http/errors';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { enqueueMail, escapeHtml } from '../mail/outbox';
import { currentUser } from '../auth/currentUser';
import { colisAgenceFor, colisScope, envoiScope } from '../access/scopes';
import { priceNatures, selectDepartureRoute } from './pricing';
import { colisSearch, countColis, selectColis } from './query';
import {
  adminEmails,
  createColis,
  deleteColis,
  type DeleteOutcome,
  deleteColisWithOtp,
  finishColis,
  setColisActive,
  updateColis,
} from './service';
import { answers } from '../http/answer';

const money = (label: string) => moneyEuros(label);
const optionalId = z
  .uuid()
  .nullish()
  .or(z.literal('').transform(() => null));
const paymentBy = z.enum(PAYMENT_BY);

/** Body of colis/create and of the full colis/update (spec 000 §5 Parcel creation, §7 colis/create). */
export const colisBody = z.object({
  envoiID: requiredId('Le départ est obligatoire'),
  agenceID: optionalId,
  villeID: requiredId('La ville de destination est obligatoire'),
  modeLivraisonID: requiredId('Le mode de récupération est obligatoire'),
  modeEnvoiID: optionalId,
  naturesColis: z
    .array(
      z.preprocess(
        // The spec's client (000 §3) names only {natureColisID, unitePoid}: a number there is the line's weight.
        (raw) => {
          if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
          const { poids, unitePoid, ...line } = raw as Record<string, unknown>;
          if (poids === undefined && typeof unitePoid === 'number') return { ...line, poids: unitePoid };
          return { ...line, poids, unitePoid };
        },
        z.object({
          natureColisID: requiredId('La nature est obligatoire'),
          poids: weightKg('Le poids', 100_000),
          unitePoid: z.string().optional(),
        }),
      ),
      { error: 'Ajoutez au moins une nature' },
    )
    .min(1, 'Ajoutez au moins une nature')
    .max(50),
  unite: z.enum(UNITES, { error: "L'unité doit être KG ou M3" }).optional(),
  detailsContenu: requiredText('Le contenu est obligatoire', 500),
  contenu: optionalText(500),
  observation: optionalText(1000),
  adresseLivraison: optionalText(500),
  montantLivraison: money('Le montant de livraison').optional(),
  montantExpedition: money("Le montant d'expédition").optional(),
  montantComplementaire: money('Le montant complémentaire').optional(),
  reglement: money('Le montant réglé').optional(),
  expediteurID: optionalId,
  expediteurNom: optionalText(100),
  expediteurPrenom: optionalText(150),
  NumeroSaisi: optionalText(20),
  destinataireID: optionalId,
  nomDestinataire: optionalText(100),
  prenomsDestinataire: optionalText(150),
  emailDestinataire: z.union([z.literal(''), z.email('Email invalide !')]).optional(),
  adresseDestinataire: optionalText(500),
  telephoneDestinataire: optionalText(20),
  receptionneurID: optionalId,
  encaissement: z
    .object({ paymentby: paymentBy.optional(), modePaiementID: z.uuid({ error: 'Le mode de paiement est obligatoire' }).optional() })
    .passthrough()
    .optional(),
  // Amounts the spec's client computes: accepted and ignored, the server recomputes them.
  poids: z.unknown().optional(),
  prixUnitaire: z.unknown().optional(),
  montant: z.unknown().optional(),
  montantTotal: z.unknown().optional(),
  resteAPayer: z.unknown().optional(),
  expediteurTelephone: z.unknown().optional(),
});

const colisUpdateBody = z.union([
  z.strictObject({ isActive: z.boolean() }),
  // The spec client's echo after a payment: accepted and ignored (amounts are never trusted).
  z.strictObject({ resteAPayer: strictNumber('Le reste à payer'), reglement: strictNumber('Le règlement') }),
  colisBody,
]);

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
const refParams = z.object({ reference: z.string().min(1).max(60) });
const auteur = alias(users, 'auteur');
const avant = alias(statuts, 'statut_avant');
const apres = alias(statuts, 'statut_apres');

/** Registers the parcel calls. */
export function registerColisRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['colis'];

  async function findColis(where: ReturnType<typeof eq>, user: ReturnType<typeof currentUser>) {
    const [row] = await selectColis(db)
      .where(and(where, colisScope(user)))
      .limit(1);
    if (!row) throw notFound('Aucun colis trouvé');
    return row;
  }

  r.get(
    '/api/colis/liste/:userId',
    { schema: { tags, params: z.object({ userId: z.string().max(60) }), querystring: listQuerySchema, response: answers } },
    async (request) => {
      const user = currentUser(request);
      const { rows, total } = await runList(
        db,
        {
          unpagedLimit: UNPAGED_LIMIT,
          table: colis,
          select: selectColis,
          scope: colisScope(user),
          search: colisSearch,
          countFrom: countColis,
          sortColumns: {
            reference: colis.reference,
            createdAt: colis.createdAt,
            detailsContenu: colis.detailsContenu,
            poids: colis.poids,
            montantTotal: colis.montantTotal,
            resteAPayer: colis.resteAPayer,
            agenceID: agences.libelle,
            statutID: statuts.libelle,
            isActive: colis.isActive,
          },
          filters: {
            isActive: { column: colis.isActive, type: 'boolean' },
            agenceID: { column: colis.agenceID, type: 'uuid' },
            envoiID: { column: colis.envoiID, type: 'uuid' },
            statutID: { column: colis.statutID, type: 'uuid' },
          },
          filterHook: (f) => (f.statut ? sql`${colis.statutID} IN (SELECT id FROM statuts WHERE code = ${f.statut})` : undefined),
        },
        request.query as Record<string, unknown>,
      );
      return { success: true, datas: toApi(rows), total };
    },
  );

  r.get('/api/colis/getBy/:id', { schema: { tags, params: idParams, response: answers } }, async (request) => {
    const user = currentUser(request);
    const row = await findColis(eq(colis.id, request.params.id), user);
    const lines = await db.select().from(colisNatures).where(eq(colisNatures.colisID, row.id));
    return { success: true, colis: toApi({ ...row, naturesColis: lines }) };
  });

  r.get('/api/colis/getByReference/:reference', { schema: { tags, params: refParams, response: answers } }, async (request) => {
    const row = await findColis(eq(colis.reference, request.params.reference), currentUser(request));
    const natureColisDetails = await db
      .select({
        id: colisNatures.id,
        poids: colisNatures.poids,
        unitePoid: colisNatures.unitePoid,
        prixUnitaire: colisNatures.prixUnitaire,
        prixExceptionnel: colisNatures.prixExceptionnel,
        prixTotal: colisNatures.prixTotal,
        natureColisID: { id: naturesColis.id, code: naturesColis.code, libelle: naturesColis.libelle },
      })
      .from(colisNatures)
      .innerJoin(naturesColis, eq(colisNatures.natureColisID, naturesColis.id))
      .where(eq(colisNatures.colisID, row.id))
      .orderBy(asc(naturesColis.libelle));
    return { success: true, data: toApi(row), prixTotal: Number(row.montantTotal), natureColisDetails: toApi(natureColisDetails) };
  });

  r.get('/api/colis/getHistoriqueByReference/:reference', { schema: { tags, params: refParams, response: answers } }, async (request) => {
    const row = await findColis(eq(colis.reference, request.params.reference), currentUser(request));
    const entries = await db
      .select({
        id: historiques.id,
        dateAction: historiques.dateAction,
        statutAvantID: { id: avant.id, code: avant.code, libelle: avant.libelle },
        statutApresID: { id: apres.id, code: apres.code, libelle: apres.libelle },
        auteurID: { id: auteur.id, nom: auteur.nom, prenoms: auteur.prenoms },
      })
      .from(historiques)
      .leftJoin(avant, eq(historiques.statutAvantID, avant.id))
      .innerJoin(apres, eq(historiques.statutApresID, apres.id))
      .leftJoin(auteur, eq(historiques.auteurID, auteur.id))
      .where(eq(historiques.colisID, row.id))
      .orderBy(desc(historiques.dateAction), desc(historiques.id));
    return { success: true, datas: toApi(entries) };
  });

  r.get(
    '/api/colis/getColisByEnvoiId/:envoiId',
    { schema: { tags, params: z.object({ envoiId: z.uuid({ error: 'Identifiant invalide' }) }), response: answers } },
    async (request) => {
      const rows = await selectColis(db)
        .where(and(eq(colis.envoiID, request.params.envoiId), colisScope(currentUser(request))))
        .orderBy(asc(colis.reference));
      return { success: true, data: toApi(rows) };
    },
  );

  r.post('/api/colis/create', { schema: { tags, body: colisBody, response: answers } }, async (request) => {
    const user = currentUser(request);
    const created = await createColis(db, request.body, user);
    return { success: true, message: 'colis ajouté avec succès', data: toApi(await findColis(eq(colis.id, created.id), user)) };
  });

  r.put('/api/colis/update/:id', { schema: { tags, params: idParams, body: colisUpdateBody, response: answers } }, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    let message = 'colis modifié avec succès';
    if ('isActive' in body) {
      await setColisActive(db, request.params.id, body.isActive, user);
      message = 'Statut mis à jour avec succès !';
    } else if ('envoiID' in body) {
      await updateColis(db, request.params.id, body, user);
    } else {
      // The spec's client echoes the amounts after a payment; encaissement/create already recorded them.
      message = 'Montants à jour';
    }
    return { success: true, message, data: toApi(await findColis(eq(colis.id, request.params.id), user)) };
  });

  const deleteAnswer = (result: DeleteOutcome, accepted: () => void) => {
    if (result.outcome === 'deleted') return { success: true, message: 'suppression effectuée' };
    accepted();
    const until = result.expiresAt.toLocaleTimeString('fr-FR', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
    return {
      success: false,
      otpRequired: true,
      message: result.newCode
        ? 'Ce colis a déjà été traité : un code de confirmation à 4 chiffres a été envoyé aux administrateurs. Saisissez-le pour supprimer le colis.'
        : `Un code de confirmation a déjà été envoyé aux administrateurs pour ce colis ; il reste valable jusqu'à ${until}. Saisissez-le pour supprimer le colis.`,
    };
  };
  r.delete(
    '/api/colis/delete/:id/:roleCode',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }), roleCode: z.string().max(40) }),
        response: answers,
      },
    },
    async (request, reply) => deleteAnswer(await deleteColis(db, { id: request.params.id }, currentUser(request)), () => reply.code(202)),
  );
  r.delete('/api/colis/delete/:reference', { schema: { tags, params: refParams, response: answers } }, async (request, reply) =>
    deleteAnswer(await deleteColis(db, { reference: request.params.reference }, currentUser(request)), () => reply.code(202)),
  );
  r.post(
    '/api/colis/deleteWithOtp',
    {
      schema: {
        tags,
        body: z.object({
          colisId: z.uuid({ error: 'Identifiant invalide' }),
          codeOtp: z
            .string({ error: 'Le code OTP doit contenir 4 chiffres' })
            .trim()
            .regex(/^\d{4}$/, 'Le code OTP doit contenir 4 chiffres'),
        }),
        response: answers,
      },
    },
    async (request) => {
      await deleteColisWithOtp(db, request.body.colisId, request.body.codeOtp, currentUser(request));
      return { success: true, message: 'suppression effectuée' };
    },
  );

  const finishBody = z
    .object({ modePaiementID: z.uuid({ error: 'Le mode de paiement est obligatoire' }).optional(), paymentby: paymentBy.optional() })
    .optional();
  for (const [path, to] of [
    ['retirer', 'RETIRE'],
    ['livrer', 'LIVRE'],
  ] as const) {
    r.post(`/api/colis/${path}/:id`, { schema: { tags, params: idParams, body: finishBody, response: answers } }, async (request) => {
      const user = currentUser(request);
      await finishColis(db, request.params.id, to, request.body ?? undefined, user);
      return {
        success: true,
        message: to === 'RETIRE' ? 'Colis marqué retiré' : 'Colis marqué livré',
        data: toApi(await findColis(eq(colis.id, request.params.id), user)),
      };
    });
  }

  r.get(
    '/api/colis/contactAdminForEnvoi/:envoiId',
    { schema: { tags, params: z.object({ envoiId: z.uuid({ error: 'Identifiant invalide' }) }), response: answers } },
    async (request) => {
      const user = currentUser(request);
      const [e] = await db
        .select({ reference: envois.reference, poids: envois.poids, poidsReel: envois.poidsReel })
        .from(envois)
        .where(and(eq(envois.id, request.params.envoiId), envoiScope(user)));
      if (!e) throw notFound('Départ introuvable.');
      const [me] = await db
        .select({ nom: users.nom, prenoms: users.prenoms, agence: agences.libelle })
        .from(users)
        .leftJoin(agences, eq(users.agenceID, agences.id))
        .where(eq(users.id, user.id));
      await enqueueMail(
        db,
        (await adminEmails(db)).map((to) => ({
          to,
          subject: `Départ ${e.reference} : capacité atteinte`,
          html: `<p>${escapeHtml(`${me.prenoms} ${me.nom}`)} (${escapeHtml(me.agence ?? 'administration')}) signale que le départ <strong>${escapeHtml(e.reference)}</strong> n'a plus assez de poids disponible (${e.poidsReel} kg enregistrés sur ${e.poids} kg).</p>`,
        })),
      );
      return { success: true, message: 'opération terminée avec succès' };
    },
  );

  r.get(
    '/api/colis/prixNature',
    {
      schema: {
        tags,
        querystring: z.object({ envoiID: z.uuid(), natureColisID: z.uuid(), villeID: z.uuid().optional(), agenceID: z.uuid().optional() }),
        response: answers,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const q = request.query;
      const [e] = await selectDepartureRoute(db).where(and(eq(envois.id, q.envoiID), envoiScope(user)));
      if (!e) throw notFound('Départ introuvable.');
      const agenceID = colisAgenceFor(user, q.agenceID);
      const [agence] = agenceID ? await db.select({ villeID: agences.villeID }).from(agences).where(eq(agences.id, agenceID)) : [];
      const priced = (
        await priceNatures(db, { ...e, villeDestinationID: q.villeID, villeOrigineID: agence?.villeID }, [q.natureColisID])
      ).get(q.natureColisID)!;
      return {
        success: true,
        data: {
          ...priced,
          prixLigne: linePrice(priced.prixExceptionnel, priced.prixUnitaire),
          prixUnitaire: priced.prixUnitaire === null ? null : Number(priced.prixUnitaire),
          prixExceptionnel: priced.prixExceptionnel === null ? null : Number(priced.prixExceptionnel),
        },
      };
    },
  );
}
