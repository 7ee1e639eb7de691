/**
 * The columns of the mail outbox export (docs/decisions/list-exports.md), as its list shows them
 * (src/messagerie/MailOutboxList.tsx).
 */
import { exportColumns, type ExportDef } from '../http/export';

/** emails-{date}.csv / .xlsx */
export const mailExport: ExportDef = {
  name: 'emails',
  sheet: 'E-mails',
  columns: exportColumns(
    ['Créé le', 'createdAt', 'date'],
    ['Destinataire', 'to'],
    ['Canal', 'canal'],
    ['Objet', 'subject'],
    ['Statut', 'status'],
    ['Tentatives', 'attempts', 'number'],
    ['Dernière erreur', 'lastError'],
    ['Envoyé le', 'sentAt', 'date'],
    ['Remise', 'delivery'],
  ),
};
