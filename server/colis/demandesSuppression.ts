/**
 * The deletion requests of processed parcels as the API reads them (docs/decisions/deletion-requests.md; spec 000 §4
 * Parcel deletion): the list of GET colis/demandesSuppression, within demandeSuppressionScope (access/scopes.ts), with
 * the parcel, the requester and its agency, and who decided. The writes (the request made on a 202, its approval and
 * its refusal) are in colis/deletion.ts.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEMANDE_ETATS, type DemandeEtat } from '../../common/schemas/demandeSuppression';
import { demandeSuppressionScope } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { codeLibelleColumns } from '../db/refSelect';
import { agences, colis, demandesSuppression, statuts, users } from '../db/schema';
import type { AnyRow, ListDef } from '../http/list';

const demandeur = alias(users, 'demande_demandeur');
const decideur = alias(users, 'demande_decideur');
const agenceDemandeur = alias(agences, 'demande_agence');
const agenceColis = alias(agences, 'demande_colis_agence');

/** Requests with their parcel (reference, status, registering agency, deletion), requester, agency and decider. */
export const selectDemandes = (db: Db | Tx) =>
  db
    .select({
      id: demandesSuppression.id,
      createdAt: demandesSuppression.createdAt,
      etat: demandesSuppression.etat,
      motif: demandesSuppression.motif,
      decideAt: demandesSuppression.decideAt,
      motifRefus: demandesSuppression.motifRefus,
      colisID: { id: colis.id, reference: colis.reference, deletedAt: colis.deletedAt },
      colisStatut: codeLibelleColumns(statuts),
      colisAgence: codeLibelleColumns(agenceColis),
      demandeur: { id: demandeur.id, nom: demandeur.nom, prenoms: demandeur.prenoms },
      agenceID: codeLibelleColumns(agenceDemandeur),
      decideur: { id: decideur.id, nom: decideur.nom, prenoms: decideur.prenoms },
    })
    .from(demandesSuppression)
    .innerJoin(colis, eq(demandesSuppression.colisID, colis.id))
    .innerJoin(statuts, eq(colis.statutID, statuts.id))
    .innerJoin(agenceColis, eq(colis.agenceID, agenceColis.id))
    .innerJoin(demandeur, eq(demandesSuppression.demandeurID, demandeur.id))
    .leftJoin(agenceDemandeur, eq(demandesSuppression.agenceID, agenceDemandeur.id))
    .leftJoin(decideur, eq(demandesSuppression.decideurID, decideur.id))
    .$dynamic();

/** A reference as the list answers it. */
type Ref = { id: string; code: string; libelle: string };
/** A person of a request. */
type Personne = { id: string; nom: string; prenoms: string };

/** A request as the list answers it (mapDemande's row). */
export interface DemandeRow {
  id: string;
  createdAt: Date;
  etat: DemandeEtat;
  motif: string | null;
  decideAt: Date | null;
  motifRefus: string | null;
  colisID: { id: string; reference: string; deletedAt: Date | null; statutID: Ref; agenceID: Ref };
  demandeur: Personne;
  agenceID: Ref | null;
  decideur: Personne | null;
}

/**
 * A row as answered: the parcel's status and agency inside `colisID` (a select nests one level), null instead of an
 * object of nulls for a requester without agency and an undecided request.
 */
function mapDemande(row: AnyRow): AnyRow {
  const { colisStatut, colisAgence, ...rest } = row;
  const present = (ref: unknown) => (ref && (ref as { id: unknown }).id ? ref : null);
  return {
    ...rest,
    colisID: { ...(row.colisID as object), statutID: colisStatut, agenceID: colisAgence },
    agenceID: present(row.agenceID),
    decideur: present(row.decideur),
  };
}

/** The `etat` filter (one state or several, comma-separated, checked by the route); undefined: every state. */
function etatCondition(raw: string | undefined): SQL | undefined {
  if (!raw) return undefined;
  const etats = raw.split(',').filter((e): e is DemandeEtat => (DEMANDE_ETATS as readonly string[]).includes(e));
  return inArray(demandesSuppression.etat, etats);
}

/**
 * The requests' list of a user (GET colis/demandesSuppression): paged, newest first by default, sorted (`createdAt`,
 * `decideAt`, `etat`, `reference`), filtered (`etat`, `colisID`, `agenceID`: the parcel's registering agency), `q` on
 * the parcel's reference and the requester's name; within demandeSuppressionScope (an agent reads its agency's, to
 * see the state of its own requests; an administrator bound to an agency the same; a role that sees every agency,
 * every one).
 */
export const demandesSuppressionList = (user: CurrentUser): ListDef<typeof selectDemandes> => ({
  table: demandesSuppression,
  select: selectDemandes,
  scope: demandeSuppressionScope(user),
  mapRow: mapDemande,
  searchColumns: [colis.reference, demandeur.nom, demandeur.prenoms],
  sortColumns: {
    createdAt: demandesSuppression.createdAt,
    decideAt: demandesSuppression.decideAt,
    etat: demandesSuppression.etat,
    reference: colis.reference,
  },
  filters: {
    colisID: { column: demandesSuppression.colisID, type: 'uuid' },
    agenceID: { column: colis.agenceID, type: 'uuid' },
  },
  filterHook: (filters) => and(etatCondition(filters.etat)),
});
