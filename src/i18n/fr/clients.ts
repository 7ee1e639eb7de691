/**
 * French texts of the clients screens (spec 000 §2 route names clients and clientUpdate, §6; 001 §3 "Client list
 * entries: nom, prenoms, telephone, telephoneComplet"). The spec gives no title nor message of its own for them:
 * these follow the users' ('Mise à jour de l'utilisateur réussie !', 001 §8) and the lists' ('LISTE DES …').
 * Merged into `resources.clients` by src/i18n/fr.ts.
 */
export default {
  name: 'Client |||| Clients',
  fields: {
    nom: 'Nom',
    prenoms: 'Prénoms',
    telephoneComplet: 'Téléphone',
    email: 'Email',
    adresse: 'Adresse',
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: 'LISTE DES CLIENTS',
    edit: 'MODIFIER CLIENT',
  },
  action: {
    envois: 'Envois du client',
  },
  notifications: {
    updated: 'Mise à jour du client réussie !',
    update_error: 'Erreur lors de la mise à jour du client',
  },
  help: {
    telephone: 'Identifie le client : non modifiable',
    email: 'Non modifiable',
  },
  canal: {
    title: 'Canal de contact et avis envoyés',
    label: 'Canal préféré',
    help: 'Enregistré dès le choix',
    saved: 'Canal préféré enregistré.',
    error: "Erreur lors de l'enregistrement du canal.",
    stop: 'Désinscrit des SMS depuis le %{date} (réponse STOP) : aucun SMS ne lui est plus envoyé.',
    notices: 'Avis et messages envoyés',
    none: 'Aucun avis envoyé à ce client.',
    load_error: 'Impossible de charger les avis de ce client.',
  },
};
