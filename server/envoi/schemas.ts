/**
 * Request schemas of the departure routes (envoi/routes.ts): the bodies a client sends to envoi/create and
 * envoi/update, as zod validates them, and the input type envoi/service.ts takes. The answers' schemas stay in
 * routes.ts.
 */
import { z } from 'zod';
import { requiredId, poidsKg } from '../crud/fields';

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
  poids: poidsKg('Le poids global', 9_999_999),
});
/** Body of envoi/update: the active toggle `{isActive}`, a status move `{statutID}`, or a full edit. */
export const envoiUpdateBody = z.union([
  z.strictObject({ isActive: z.boolean() }),
  z.strictObject({ statutID: z.string().min(1, 'Statut obligatoire') }),
  envoiBody.extend({
    contenu: z.string({ error: 'Le contenu est obligatoire' }).trim().min(1, 'Le contenu est obligatoire').max(500),
  }),
]);

/** What a client sends to create or fully edit a departure (dates 'YYYY-MM-DD', poids in kg). */
export type EnvoiInput = z.infer<typeof envoiBody>;
