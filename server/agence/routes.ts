/**
 * Agencies (spec 001 §2 Agencies, §5 Agency add: country, city, name, latitude, longitude required; phone typed
 * without dial code, full phone = dial code + phone; §7 agence/…, getAgenceByVilleID, getAgenceByPaysID).
 * The country is the city's; the code, absent from the spec's form, is made from the city code when not given.
 */
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerReferenceResource } from '../crud/referenceResource';
import { optionalText, requiredId, requiredText, strictNumber } from '../crud/fields';
import type { Db, Tx } from '../db/client';
import { agences, pays, villes } from '../db/schema';
import { badRequest } from '../http/errors';
import { toApi } from '../http/serialize';
import { answers } from '../http/answer';

const coordinate = (name: string, max: number) =>
  strictNumber(`La ${name}`).pipe(
    z
      .number()
      .min(-max, `La ${name} doit être comprise entre -${max} et ${max}`)
      .max(max, `La ${name} doit être comprise entre -${max} et ${max}`),
  );

const agenceSchema = z.object({
  code: optionalText(20),
  libelle: requiredText("Le nom de l'agence est obligatoire", 100),
  latitude: coordinate('latitude', 90),
  longitude: coordinate('longitude', 180),
  villeID: requiredId('La ville est obligatoire'),
  paysID: z.uuid().optional(),
  telephone: z
    .string()
    .trim()
    .regex(/^[0-9 ]{0,15}$/, 'Le téléphone ne doit contenir que des chiffres')
    .optional(),
  telephoneComplet: z.string().optional(),
});

/** Agencies with city and country populated. */
export const selectAgences = (d: Db | Tx) =>
  d
    .select({
      id: agences.id,
      code: agences.code,
      libelle: agences.libelle,
      latitude: agences.latitude,
      longitude: agences.longitude,
      telephone: agences.telephone,
      telephoneComplet: agences.telephoneComplet,
      isActive: agences.isActive,
      createdAt: agences.createdAt,
      updatedAt: agences.updatedAt,
      villeID: { id: villes.id, code: villes.code, libelle: villes.libelle },
      paysID: { id: pays.id, code: pays.code, libelle: pays.libelle, indicatif: pays.indicatif },
    })
    .from(agences)
    .innerJoin(villes, eq(agences.villeID, villes.id))
    .innerJoin(pays, eq(agences.paysID, pays.id))
    .$dynamic();

/** Nests the agency's country inside its city too (spec 001 §3: villeID.paysID.libelle). */
const nestVillePays = (row: Record<string, unknown>) => {
  const ville = row.villeID as Record<string, unknown>;
  const p = row.paysID as Record<string, unknown>;
  return { ...row, villeID: { ...ville, paysID: { id: p.id, libelle: p.libelle } } };
};

/** Column values of an agency: country from its city, full phone = dial code + phone, a code when none given. */
async function agenceValues(tx: Tx, b: Record<string, unknown>, existing?: Record<string, unknown>) {
  const [ville] = await tx
    .select({ id: villes.id, code: villes.code, paysID: villes.paysID, indicatif: pays.indicatif })
    .from(villes)
    .innerJoin(pays, eq(villes.paysID, pays.id))
    .where(eq(villes.id, String(b.villeID)));
  if (!ville) throw badRequest('Ville introuvable.', { villeID: 'Ville introuvable.' });
  const telephone = String(b.telephone ?? '').replace(/\s+/g, '');
  let code = b.code ? String(b.code).toUpperCase() : (existing?.code as string | undefined);
  if (!code) {
    const taken = await tx
      .select({ code: agences.code })
      .from(agences)
      .where(like(agences.code, `${ville.code}%`));
    let n = taken.length + 1;
    const set = new Set(taken.map((t) => t.code));
    while (set.has(`${ville.code}${n}`)) n++;
    code = `${ville.code}${n}`;
  }
  return {
    code,
    libelle: b.libelle,
    latitude: String(b.latitude),
    longitude: String(b.longitude),
    villeID: ville.id,
    paysID: ville.paysID,
    telephone: telephone || null,
    telephoneComplet: telephone ? `${ville.indicatif}${telephone}` : null,
  };
}

/** Registers the agency calls. */
export function registerAgenceRoutes(app: FastifyInstance, db: Db) {
  registerReferenceResource(app, db, {
    path: 'agence',
    table: agences,
    select: selectAgences,
    createSchema: agenceSchema,
    updateSchema: agenceSchema,
    searchColumns: [agences.code, agences.libelle, villes.libelle, pays.libelle, agences.telephoneComplet],
    sortColumns: {
      code: agences.code,
      libelle: agences.libelle,
      villeID: villes.libelle,
      paysID: pays.libelle,
      isActive: agences.isActive,
      createdAt: agences.createdAt,
    },
    filters: { villeID: { column: agences.villeID, type: 'uuid' }, paysID: { column: agences.paysID, type: 'uuid' } },
    mapRow: nestVillePays,
    toValues: (b, { tx, existing }) => agenceValues(tx, b, existing),
    messages: {
      created: 'Agence ajouté avec succès !',
      updated: "Mise à jour de l'agence réussie !",
      notFound: 'Agence introuvable.',
      inUse: 'Cette agence a des utilisateurs ou des colis : suppression impossible.',
    },
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const byParam = (column: 'villeID' | 'paysID') => async (request: { params: { id: string } }) => {
    const rows = await selectAgences(db)
      .where(and(eq(agences[column], request.params.id), eq(agences.isActive, true)))
      .orderBy(asc(agences.libelle));
    return { success: true, agences: toApi(rows.map(nestVillePays)) };
  };
  const params = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
  r.get('/api/agence/getAgenceByVilleID/:id', { schema: { tags: ['agence'], params, response: answers } }, byParam('villeID'));
  r.get('/api/agence/getAgenceByPaysID/:id', { schema: { tags: ['agence'], params, response: answers } }, byParam('paysID'));
}
