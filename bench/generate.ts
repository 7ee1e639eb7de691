/**
 * Scale data generator (bench/): fills a PostgreSQL database with the reference seed, N clients, M departures and
 * P parcels (default 100 000 clients, 2 000 departures, 1 000 000 parcels) spread over 12 months and every agency, one
 * payment for each parcel settled at registration (two in three),
 * using set-based SQL (generate_series) so a million rows take seconds, not hours.
 *
 * Usage: BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/colis_bench npx tsx bench/generate.ts [--colis=1000000]
 * The database must exist and be empty (the script migrates it).
 */
import { sql } from 'drizzle-orm';
import { createDatabase } from '../server/db/client';
import { seedReference } from '../server/db/seed/reference';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const nColis = arg('colis', 1_000_000);
const nClients = arg('clients', 100_000);
const nEnvois = arg('envois', 2_000);
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL manquant');

// First names of the clients and of the parcels' free-text recipients, drawn in turn (about 2 000 clients each of
// 100 000): a search by a first name or by a full name matches a realistic share of the people.
const PRENOMS = (
  'Aminata Moussa Fatou Ibrahima Awa Mamadou Mariama Oumar Aïssatou Abdoulaye Khady Cheikh Adama Seydou Kadiatou Boubacar ' +
  'Ramatoulaye Souleymane Bineta Alassane Ndèye Lamine Coumba Youssouf Hawa Modou Astou Issa Salimata Amadou Marie Jean ' +
  'Sophie Pierre Léa Lucas Camille Hélène Nicolas Claire Thomas Julie Koffi Akissi Yao Adjoua Kouamé Affoué'
).split(' ');
const prenomsSql = `(ARRAY[${PRENOMS.map((p) => `'${p}'`).join(',')}])`;

const database = await createDatabase({ databaseUrl: url });
const db = database.db;
const t0 = Date.now();
await database.migrate();
const [{ n }] = ((await db.execute(sql`select count(*)::int as n from statuts`)) as unknown as { rows: { n: number }[] }).rows;
if (n === 0) await db.transaction((tx) => seedReference(tx, { adminEmail: 'admin@colis.local', adminPassword: 'Admin123!' }));
const log = (what: string) => console.log(`${what} — ${((Date.now() - t0) / 1000).toFixed(1)} s`);
log('référence');

await db.execute(sql`
  INSERT INTO users (id, nom, prenoms, telephone, telephone_complet, adresse, type_user_id, created_at, updated_at)
  SELECT gen_random_uuid(), 'Client' || g, ${sql.raw(prenomsSql)}[1 + g % ${PRENOMS.length}], lpad(g::text, 9, '0'), '+221' || lpad(g::text, 9, '0'), 'Adresse ' || g,
         (SELECT id FROM type_users WHERE code = 'CLIENT'), now() - (g % 365) * interval '1 day', now()
  FROM generate_series(1, ${nClients}::int) g`);
log(`${nClients} clients`);

await db.execute(sql`
  INSERT INTO envois (id, reference, mode_envoi_id, pays_id, pays_emetteur_id, date_debut, date_arrive, date_fin, contenu,
                      poids, poids_reel, statut_id, created_at, updated_at)
  SELECT gen_random_uuid(), 'BENCH-' || lpad(g::text, 6, '0'),
         (SELECT id FROM modes_envoi ORDER BY code OFFSET (g % 2) LIMIT 1),
         (SELECT id FROM pays WHERE code = (ARRAY['SN','CI','ML'])[1 + g % 3]),
         (SELECT id FROM pays WHERE code = 'FR'),
         current_date - (g % 360) + 2, current_date - (g % 360) + 5, current_date - (g % 360),
         'Fret bench', 100000, 0,
         (SELECT id FROM statuts WHERE code = (ARRAY['CLOTURE','ARRIVE','EN_COURS_ENVOI','OUVERT'])[1 + g % 4]),
         now() - (g % 360) * interval '1 day', now()
  FROM generate_series(1, ${nEnvois}::int) g`);
log(`${nEnvois} départs`);
// Statistics of the new clients and departures: without them the parcels' insert may join them by nested loops.
await db.execute(sql`ANALYZE users, envois, agences, statuts`);

const batch = 200_000;
for (let from = 1; from <= nColis; from += batch) {
  const to = Math.min(nColis, from + batch - 1);
  await db.execute(sql`
    WITH e AS (SELECT id, row_number() OVER (ORDER BY reference) AS rn FROM envois WHERE reference LIKE 'BENCH-%'),
         a AS (SELECT id, code, row_number() OVER (ORDER BY code) AS rn FROM agences),
         c AS (SELECT id, row_number() OVER (ORDER BY telephone_complet) AS rn FROM users WHERE adresse LIKE 'Adresse %'),
         s AS (SELECT id, row_number() OVER (ORDER BY code) AS rn FROM statuts WHERE code IN ('EN_ATTENTE','RECEPTIONNE','EN_COURS_ENVOI','EXPEDIE','RETIRE','LIVRE'))
    INSERT INTO colis (id, reference, envoi_id, agence_id, statut_id, expediteur_id, destinataire_id, nom_destinataire,
                       prenoms_destinataire, telephone_destinataire, details_contenu, contenu, poids, montant, montant_total, reglement,
                       reste_a_payer, date_depot, created_at, updated_at)
    SELECT gen_random_uuid(), a.code || '-B-' || lpad(g::text, 7, '0'), e.id, a.id, s.id, c1.id, c2.id,
           'Destinataire' || (g % ${nClients}), ${sql.raw(prenomsSql)}[1 + (g % ${nClients}) % ${PRENOMS.length}], '+221' || lpad((g % ${nClients})::text, 9, '0'),
           'Vêtements et divers ' || (g % 97), 'Divers', 1 + (g % 30), 9 * (1 + (g % 30)), 9 * (1 + (g % 30)) + 5,
           CASE WHEN g % 3 = 0 THEN 0 ELSE 9 * (1 + (g % 30)) + 5 END,
           CASE WHEN g % 3 = 0 THEN 9 * (1 + (g % 30)) + 5 ELSE 0 END,
           now() - (g % 365) * interval '1 day', now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute', now()
    FROM generate_series(${from}::int, ${to}::int) g
    JOIN e ON e.rn = 1 + g % ${nEnvois}
    JOIN a ON a.rn = 1 + g % (SELECT count(*) FROM agences)
    JOIN s ON s.rn = 1 + g % 6
    JOIN c c1 ON c1.rn = 1 + g % ${nClients}
    JOIN c c2 ON c2.rn = 1 + (g * 7) % ${nClients}`);
  log(`colis ${to}`);
}
// One payment for each parcel settled at registration (two parcels in three): the collections list's rows.
await db.execute(sql`
  INSERT INTO encaissements (id, colis_id, agence_id, montant_encaisse, montant_restant, mode_paiement_id, auteur_id,
                             created_at, updated_at)
  SELECT gen_random_uuid(), c.id, c.agence_id, c.reglement, 0, (SELECT id FROM modes_paiement ORDER BY code LIMIT 1),
         (SELECT id FROM users WHERE email = 'admin@colis.local'), c.created_at + interval '5 minutes', now()
  FROM colis c WHERE c.reglement > 0 AND c.reference LIKE '%-B-%'`);
log('encaissements');
await db.execute(
  sql`UPDATE envois e SET poids_reel = x.p FROM (SELECT envoi_id, sum(poids) p FROM colis GROUP BY envoi_id) x WHERE x.envoi_id = e.id`,
);
// VACUUM: the visibility map that lets the lists read their covering indexes without the table (index-only scans).
await db.execute(sql`VACUUM ANALYZE`);
log('poids réels et statistiques');
await database.close();
