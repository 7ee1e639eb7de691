/**
 * Moving parcels still EN_ATTENTE to another departure of the same route (docs/decisions/departure-ships-received.md):
 * the body of POST colis/transferer (server/colis/transfertRoutes.ts) and of the departure status dialog's move
 * (src/departs/EnvoiStatutButtons.tsx), with the French messages of its refusals, the same on both sides. What needs
 * the database (the route, the weight left, the agency) is checked by server/colis/transfert.ts.
 */
import { z } from 'zod';
import * as answer from './answer';
import { requiredId } from './fields';

/** Most parcels moved by one call. */
const TRANSFERT_MAX_COLIS = 500;

/** The French messages of a move (the dialog and the API show the same). */
export const TRANSFERT_MESSAGES = {
  colisRequis: 'Choisissez au moins un colis à transférer.',
  colisInvalide: 'Identifiant de colis invalide',
  colisDouble: 'Un colis est donné deux fois.',
  trop: `Au plus ${TRANSFERT_MAX_COLIS} colis par transfert.`,
  envoiRequis: 'Le départ de destination est obligatoire',
  envoiIntrouvable: 'Départ introuvable.',
  /** 403: a target departure that does not leave from the user's agency's country. */
  envoiHorsPortee: 'Vous ne pouvez transférer que vers un départ partant du pays de votre agence.',
  /** 409: the parcel is already on the target departure. */
  memeDepart: (reference: string, envoi: string) => `Le colis ${reference} est déjà sur le départ ${envoi}.`,
  /** 409: only a parcel never received at the counter may change departure. */
  pasEnAttente: (reference: string, statut: string) =>
    `Le colis ${reference} est « ${statut} » : seul un colis en attente peut changer de départ.`,
  /** 409: the target departure does not travel between the same countries by the same mode. */
  autreTrajet: (reference: string, envoi: string) =>
    `Le départ ${envoi} ne suit pas le même trajet que le colis ${reference} (même pays d'origine, même pays de destination et même mode d'envoi requis).`,
  /** 403: an agent moves only the parcels its agency registered. */
  autreAgence: "Seule l'agence émettrice peut transférer ce colis.",
  succes: (n: number, envoi: string) =>
    n === 1 ? `1 colis transféré vers le départ ${envoi}.` : `${n} colis transférés vers le départ ${envoi}.`,
} as const;

const M = TRANSFERT_MESSAGES;

/** Body of POST colis/transferer: the parcels to move (ids, each once) and the departure they go to. */
export const transfertBody = z.object({
  colisIDs: z
    .array(requiredId(M.colisInvalide), { error: M.colisRequis })
    .min(1, M.colisRequis)
    .max(TRANSFERT_MAX_COLIS, M.trop)
    .refine((ids) => new Set(ids).size === ids.length, M.colisDouble),
  envoiID: requiredId(M.envoiRequis),
});

/** A move as the dialog and the route take it. */
export type TransfertInput = z.infer<typeof transfertBody>;

// ---------------------------------------------------------------- answers (server/colis/transfertRoutes.ts)

/** The answer of colis/enAttente: the departure, its waiting parcels, and the departures they may go to. */
export const enAttenteAnswer = answer.envelope({
  envoi: z.looseObject({ id: answer.id, reference: z.string() }),
  datas: z.array(
    answer.record({
      reference: z.string(),
      poids: answer.kg,
      unite: z.string().describe('KG or M3'),
      montantTotal: answer.montant,
      reglement: answer.montant,
      resteAPayer: answer.montant.describe('due, in devise'),
      devise: answer.devise,
      agenceID: answer.id,
      expediteur: z.looseObject({ nom: z.string(), prenoms: z.string() }).nullable(),
      deplacable: z.boolean().describe('whether the user may move it (its agency registered it)'),
    }),
  ),
  departs: z.array(
    answer.record({
      reference: z.string(),
      dateDebut: answer.calendarDate,
      dateFin: answer.calendarDate,
      poids: answer.kg,
      poidsReel: answer.kg,
      poidsDisponible: answer.kg.describe('kg left'),
      devise: answer.devise,
    }),
  ),
});

/** The answer of colis/transferer: the message, the target departure with its weight left, the parcels moved. */
export const transfertAnswer = answer.envelope({
  message: z.string(),
  data: z.looseObject({
    envoi: z.looseObject({ id: answer.id, reference: z.string(), poidsDisponible: answer.kg }),
    colisDeplaces: z.number().int(),
  }),
});
