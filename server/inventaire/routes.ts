/**
 * Stock inventories (spec 001 §2 'Etats de stocks' and Inventory detail, §3 Inventory, §7 GET inventaire/liste;
 * docs/api-contract.md "Inventories"): the statements list and one statement (`&id=`), and, for taking an inventory in
 * the back-office (the spec leaves it to a mobile app), the parcels expected at the agency, the check of one scanned
 * reference and the creation of a statement. Rules in inventaire/service.ts, selects in inventaire/query.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COLIS_STATUT_CODES } from '../../common/colisRules';
import { INVENTAIRE_MAX_REFERENCES, INVENTAIRE_MESSAGES, INVENTAIRE_REFERENCE_MAX } from '../../common/inventaireRules';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers, codeLibelleRef, devise, envelope, id, instant, kg, montant, record } from '../../common/schemas/answer';
import { badRequest } from '../http/errors';
import { sendListExport, wantsExport } from '../http/export';
import { runList } from '../http/list';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { statutsByCode } from '../statut/query';
import { inventaireExport } from './exportColumns';
import { inventaireList } from './query';
import { createInventaire, getInventaire, listAttendus, verifierReference } from './service';

const agenceQuery = z.uuid({ error: 'Agence invalide' }).optional();

/** Query of GET inventaire/liste: the spec's `auteur` (not read: the token decides), `id` for one statement, `statut`. */
const listeQuery = listQuerySchema.extend({
  auteur: z.string().max(60).optional(),
  id: z.uuid({ error: 'Identifiant invalide' }).optional(),
  statut: z.enum(COLIS_STATUT_CODES as [string, ...string[]], { error: 'Statut inconnu' }).optional(),
  agenceID: z.string().max(2000).optional(),
});

/** Body of POST inventaire/create. */
const createBody = z.strictObject({
  id: z.uuid({ error: 'Identifiant invalide' }).optional(),
  agenceID: z.uuid({ error: 'Agence invalide' }).optional(),
  references: z
    .array(z.string({ error: 'Référence invalide' }).max(INVENTAIRE_REFERENCE_MAX, 'Référence trop longue'), {
      error: 'La liste des références est obligatoire',
    })
    .max(INVENTAIRE_MAX_REFERENCES, `${INVENTAIRE_MAX_REFERENCES} références au maximum`),
});

/** The author of a statement: `prenom` (the spec's name) and `prenoms` carry the same first names. */
const auteurRecord = record({ nom: z.string(), prenom: z.string(), prenoms: z.string() });
const agenceRef = record({ code: z.string(), libelle: z.string() }).nullable();

/** A statement in the list: parcel ids found, expected and expected-not-found. */
const inventaireRow = record({
  dateInventaire: instant,
  createdAt: instant,
  auteur: auteurRecord,
  agenceID: agenceRef,
  colisId: z.array(id).describe('parcels found'),
  colisAttendus: z.array(id).describe('parcels expected'),
  colisNonTrouve: z.array(id).describe('parcels expected and not found'),
});

/** A parcel of a statement or of the expected list: its total amount in its currency `devise`. */
const inventaireColisRecord = record({
  reference: z.string(),
  createdAt: instant,
  detailsContenu: z.string(),
  contenu: z.string(),
  poids: kg,
  unite: z.string().describe('KG or M3'),
  montantTotal: montant,
  devise,
  nomDestinataire: z.string().nullable(),
  prenomsDestinataire: z.string().nullable(),
  telephoneDestinataire: z.string().nullable(),
  destinataireID: record({ nom: z.string(), prenoms: z.string(), telephoneComplet: z.string().nullable() }).nullable(),
  statutID: codeLibelleRef,
});

const flaggedColis = inventaireColisRecord.extend({ attendu: z.boolean(), trouve: z.boolean() });

/** One statement (`&id=`): its parcels populated (those of the reader's scope), and its unknown references. */
/** A scanned parcel of another agency of the same country: its reference and that agency's name (null: inactive). */
const horsAgenceRecord = z.strictObject({ reference: z.string(), agence: z.string().nullable() });

const inventaireDetail = inventaireRow.extend({
  colisId: z.array(flaggedColis),
  colisAttendus: z.array(flaggedColis),
  colisNonTrouve: z.array(flaggedColis),
  referencesInconnues: z
    .array(z.string())
    .describe('scanned references matching no parcel the author could see, as typed (normalised), sorted'),
  referencesHorsAgence: z.array(horsAgenceRecord).describe("scanned parcels of another agency of the statement's country"),
});

/** Reads the list's `id` parameter: GET inventaire/liste?id=x (the spec) answers one statement. */
const isOne = (query: { id?: string }) => !!query.id;

/** The inventory routes. */
export async function inventaireRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventaire'];

  r.get(
    '/api/inventaire/liste',
    {
      schema: {
        tags,
        querystring: listeQuery,
        response: answers({
          200: envelope({
            data: z.union([z.array(inventaireRow), inventaireDetail]).describe('the statements; with id, the statement'),
            colisNonTrouve: z.array(flaggedColis).optional().describe('with id: parcels expected and not found'),
            total: z.number().int().optional().describe('without id: statements matching, all pages'),
          }),
        }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const query = request.query;
      if (isOne(query)) {
        const one = toApi(await getInventaire(db, query.id!, user));
        return { success: true, data: one, colisNonTrouve: one.colisNonTrouve };
      }
      const statutId = query.statut ? (await statutsByCode(db)).get(query.statut)?.id : undefined;
      if (query.statut && !statutId) throw badRequest('Statut inconnu', { statut: 'Statut inconnu' });
      const list = inventaireList(user, statutId);
      if (wantsExport(query)) return sendListExport(reply, db, list, query, inventaireExport);
      const { rows, total } = await runList(db, list, query as Record<string, unknown>);
      return { success: true, data: toApi(rows), total };
    },
  );

  r.get(
    '/api/inventaire/attendus',
    {
      schema: {
        tags,
        querystring: z.object({ agenceID: agenceQuery }),
        response: answers({
          200: envelope({
            agence: record({ code: z.string(), libelle: z.string(), villeID: id, paysID: id }),
            datas: z.array(inventaireColisRecord).describe('parcels the agency should hold now, by reference'),
            total: z.number().int(),
          }),
        }),
      },
    },
    async (request) => {
      const { agence, datas } = await listAttendus(db, currentUser(request), request.query.agenceID);
      return { success: true, agence: toApi(agence), datas: toApi(datas), total: datas.length };
    },
  );

  r.get(
    '/api/inventaire/verifier',
    {
      schema: {
        tags,
        querystring: z.object({
          agenceID: agenceQuery,
          reference: z
            .string({ error: 'La référence est obligatoire' })
            .trim()
            .min(1, 'La référence est obligatoire')
            .max(INVENTAIRE_REFERENCE_MAX),
        }),
        response: answers({
          200: envelope({
            data: z.looseObject({
              reference: z.string(),
              etat: z.enum(['TROUVE', 'NON_ATTENDU', 'HORS_AGENCE', 'INCONNU']),
              colis: z
                .strictObject({ reference: z.string(), statut: z.string() })
                .nullable()
                .describe("a parcel of the caller's scope: its reference and status code, never its id"),
              agence: z
                .string()
                .nullable()
                .optional()
                .describe("HORS_AGENCE: the name of the parcel's agency (another of the same country), null when inactive"),
            }),
          }),
        }),
      },
    },
    async (request) => {
      const data = await verifierReference(db, currentUser(request), request.query.agenceID, request.query.reference);
      return { success: true, data };
    },
  );

  r.post(
    '/api/inventaire/create',
    {
      schema: {
        tags,
        body: createBody,
        response: answers({
          200: envelope({
            message: z.string(),
            data: z.looseObject({
              id,
              dejaEnregistre: z.boolean().describe('a retried send: the statement was already stored'),
              nbColisTrouves: z.number().int(),
              nbColisAttendus: z.number().int(),
              nbColisNonTrouves: z.number().int(),
              nbColisNonAttendus: z.number().int(),
              inconnues: z
                .array(z.string())
                .describe("references matching no parcel of the author's scope, normalised, stored with the statement"),
              horsAgence: z.array(horsAgenceRecord).describe("scanned parcels of another agency of the statement's country"),
            }),
          }),
        }),
      },
    },
    async (request) => {
      const data = await createInventaire(db, request.body, currentUser(request));
      return { success: true, message: INVENTAIRE_MESSAGES.created, data };
    },
  );
}
