/**
 * Request schemas of the parcel routes (colis/routes.ts): the bodies a client sends to register, edit and finish a
 * parcel and the query of the wizard's price look-up, as zod validates them, and the input types colis/registration.ts and edit.ts
 * takes. The answers' schemas stay in routes.ts.
 */
import { z } from 'zod';
import { PAYMENT_BY } from '../../common/colisRules';
import { UNITES } from '../../common/modes';
import { moneyEuros, optionalText, requiredId, requiredText, strictNumber, poidsKg } from '../crud/fields';

const money = (label: string) => moneyEuros(label);
const optionalId = z
  .uuid()
  .nullish()
  .or(z.literal('').transform(() => null));
/** Who pays (the spec's `paymentby` values). */
const payer = z.enum(PAYMENT_BY);

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
          poids: poidsKg('Le poids', 100_000),
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
    .object({ paymentby: payer.optional(), modePaiementID: z.uuid({ error: 'Le mode de paiement est obligatoire' }).optional() })
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

/** What a client sends to register or fully edit a parcel (amounts in euros, weights in kg), as validated. */
export type ColisInput = z.infer<typeof colisBody>;

/** Body of colis/update: the active toggle `{isActive}`, the spec client's amounts echo, or a full edit. */
export const colisUpdateBody = z.union([
  z.strictObject({ isActive: z.boolean() }),
  // The spec client's echo after a payment: accepted and ignored (amounts are never trusted).
  z.strictObject({ resteAPayer: strictNumber('Le reste à payer'), reglement: strictNumber('Le règlement') }),
  colisBody,
]);

/** Body of colis/retirer and colis/livrer: how the remaining amount is collected in the same step, if any. */
export const finishFields = z.object({
  modePaiementID: z.uuid({ error: 'Le mode de paiement est obligatoire' }).optional(),
  paymentby: payer.optional(),
});
export type FinishInput = z.infer<typeof finishFields>;

/** Query of colis/prixNature. */
export const prixNatureQuery = z.object({
  envoiID: z.uuid(),
  natureColisID: z.uuid(),
  villeID: z.uuid().optional(),
  agenceID: z.uuid().optional(),
});
export type PrixNatureQuery = z.infer<typeof prixNatureQuery>;
