/**
 * How the audit journal reads in French (docs/decisions/audit-journal.md): the entities and actions as labels, the
 * fields of a change with their French names, and the lines of one row's before → after (only the changed fields; the
 * whole record for a creation or a deletion). Pure functions, shared by the 'Journal d'audit' screen and the parcel's
 * card.
 */
import { journalEntity, RESOURCE_ROWS, type ResourceRow } from '../../common/resources';
import type { Answered } from '../../common/schemas/answer';
import type { auditRecord } from '../../common/schemas/audit';
import { fieldsOf } from '../providers/records';

/**
 * One row of GET audit/liste: `avant` the values before (only the changed fields of an edit), `apres` after, any JSON
 * (read through fieldsOf); `createdAt` ISO 8601.
 */
export type AuditJournalRow = Answered<typeof auditRecord>;

/** The journal's entities of some catalogue rows (the row's `journal` label, by its journalEntity), in their order. */
function auditEntitiesOf(rows: readonly ResourceRow[]): Record<string, string> {
  return Object.fromEntries(rows.flatMap((row) => (row.journal ? [[journalEntity(row), row.journal]] : [])));
}

/** The entities of the journal, French labels, in the filter's order (the resource catalogue's, common/resources.ts). */
export const AUDIT_ENTITIES: Readonly<Record<string, string>> = auditEntitiesOf(RESOURCE_ROWS);

/** The actions, French labels. */
const AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  create: 'Création',
  update: 'Modification',
  statut: 'Changement de statut',
  active: 'Activation / désactivation',
  delete: 'Suppression',
  grant: 'Permission accordée',
  revoke: 'Permission retirée',
  password: 'Mot de passe',
  superadmin: 'Compte SUPERADMIN (console du serveur)',
};

/** French names of the fields the journal keeps (others show under their own name). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  reference: 'Référence',
  statut: 'Statut',
  envoi: 'Départ',
  agence: 'Agence',
  ville: 'Ville',
  modeLivraison: 'Mode de récupération',
  expediteur: 'Expéditeur',
  nomDestinataire: 'Nom du destinataire',
  prenomsDestinataire: 'Prénoms du destinataire',
  telephoneDestinataire: 'Téléphone du destinataire',
  emailDestinataire: 'Email du destinataire',
  adresseDestinataire: 'Adresse du destinataire',
  detailsContenu: 'Contenu',
  contenu: 'Contenu',
  observation: 'Observation',
  poids: 'Poids (kg)',
  // Amounts in their record's currency (a parcel's, a payment's: not always the euro), which a creation or a deletion
  // row shows as 'Devise': no unit in the label.
  montantLivraison: 'Montant de livraison',
  montantExpedition: "Montant d'expédition",
  montantComplementaire: 'Montant complémentaire',
  montantTotal: 'Montant total',
  montantEncaisse: 'Montant encaissé',
  reglement: 'Réglé',
  resteAPayer: 'Reste à payer',
  paymentby: 'Payé par',
  colis: 'Colis',
  isActive: 'Actif',
  deletedAt: 'Supprimé le',
  permission: 'Permission utilisée',
  autorisation: 'Autorisation',
  motif: 'Motif',
  colisDeplaces: 'Colis déplacés',
  code: 'Code',
  libelle: 'Libellé',
  description: 'Description',
  nom: 'Nom',
  prenoms: 'Prénoms',
  email: 'Email',
  telephoneComplet: 'Téléphone',
  adresse: 'Adresse',
  pays: 'Pays',
  role: 'Rôle',
  privilege: 'Permission',
  dateDebut: 'Date de départ',
  dateArrive: "Date d'arrivée",
  dateFin: 'Date de clôture',
  indicatif: 'Indicatif',
  devise: 'Devise',
};

const FIELD_ORDER = Object.keys(FIELD_LABELS);

/** Ids are not for people to read: left out of the lines. */
const isIdField = (key: string) => key === 'id' || /ID$/.test(key) || key.endsWith('Id');

/** The label of an entity, an action or a field (its own name when unknown). */
export const entityLabel = (entite: string) => AUDIT_ENTITIES[entite] ?? entite;
export const actionLabel = (action: string) => AUDIT_ACTIONS[action] ?? action;
const fieldLabel = (key: string) => FIELD_LABELS[key] ?? key;

/** A value as shown: Oui/Non, dd/MM/yyyy HH:mm for an instant, '--' for empty, JSON for an object. */
export function shownValue(value: unknown, formatInstant: (iso: string) => string): string {
  if (value === null || value === undefined || value === '') return '--';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatInstant(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One line of a change: the field's French name, the value before (undefined for a creation) and after. */
export interface AuditChange {
  key: string;
  label: string;
  avant?: unknown;
  apres?: unknown;
}

/**
 * The lines of one row: each field whose value differs before and after (a creation lists its values after, a
 * deletion its values before, plus how it was authorised); ids left out.
 */
export function auditChanges(row: Pick<AuditJournalRow, 'avant' | 'apres'>): AuditChange[] {
  const avant = fieldsOf(row.avant);
  const apres = fieldsOf(row.apres);
  const keys = [...new Set([...Object.keys(avant), ...Object.keys(apres)])].filter((k) => !isIdField(k));
  const lines: AuditChange[] = [];
  for (const key of keys) {
    const inAvant = row.avant !== null && key in avant;
    const inApres = row.apres !== null && key in apres;
    if (inAvant && inApres && JSON.stringify(avant[key]) === JSON.stringify(apres[key])) continue;
    lines.push({ key, label: fieldLabel(key), ...(inAvant ? { avant: avant[key] } : {}), ...(inApres ? { apres: apres[key] } : {}) });
  }
  // In the order of FIELD_LABELS (a parcel reads reference, status, departure… as on its page); unknown fields last.
  const rank = (key: string) => (key in FIELD_LABELS ? FIELD_ORDER.indexOf(key) : FIELD_ORDER.length);
  return lines.sort((a, b) => rank(a.key) - rank(b.key));
}
