/**
 * Client look-ups of the parcel wizard and the clients list (spec 000 §7): user/getByTelephone/{indicatif+phone}
 * (200 with success false when unknown: the wizard then offers a new recipient; 400 with the French message of
 * common/phone.ts when the number is not a full number '+…') and user/listeClients (paged,
 * searched by name, first names or phone).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runList, UNPAGED_LIMIT } from '../http/list';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { clientPhone, clientTypeId } from './service';
import { answers } from '../http/answer';

const clientColumns = {
  id: users.id,
  nom: users.nom,
  prenoms: users.prenoms,
  telephone: users.telephone,
  telephoneComplet: users.telephoneComplet,
  email: users.email,
  adresse: users.adresse,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

/** Registers the client look-ups. */
export function registerClientRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  r.get(
    '/api/user/getByTelephone/:telephone',
    { schema: { tags, params: z.object({ telephone: z.string().min(4).max(25) }), response: answers } },
    async (request) => {
      const typeId = await clientTypeId(db);
      const [row] = await db
        .select(clientColumns)
        .from(users)
        .where(and(eq(users.typeUserID, typeId), eq(users.telephoneComplet, clientPhone(request.params.telephone, null, 'telephone'))));
      return row ? { success: true, data: toApi(row) } : { success: false, data: null, message: 'Aucun client trouvé pour ce numéro.' };
    },
  );

  r.get('/api/user/listeClients', { schema: { tags, querystring: listQuerySchema, response: answers } }, async (request) => {
    const typeId = await clientTypeId(db);
    const { rows, total } = await runList(
      db,
      {
        unpagedLimit: UNPAGED_LIMIT,
        table: users,
        select: (d) => d.select(clientColumns).from(users).$dynamic(),
        scope: eq(users.typeUserID, typeId),
        searchColumns: [users.nom, users.prenoms, users.telephoneComplet],
        sortColumns: { nom: users.nom, prenoms: users.prenoms, telephoneComplet: users.telephoneComplet, createdAt: users.createdAt },
        filters: { isActive: { column: users.isActive, type: 'boolean' } },
      },
      request.query as Record<string, unknown>,
    );
    return { success: true, clients: toApi(rows), total };
  });
}
