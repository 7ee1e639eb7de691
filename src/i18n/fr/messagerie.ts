/**
 * Texts of the messaging screen (spec 001 §2 'Nouveau message', §5, §8 messaging failure and loading dialog) and of
 * the outbox screen 'Boîte d'envoi' (key mailOutbox, docs/decisions/client-messaging.md).
 */
export const messagerieFr = {
  name: 'Message |||| Messages',
  fields: {
    createdAt: "Date d'envoi",
    auteurID: 'Auteur',
    typeDestinataire: 'Type de destinataire',
    destinataires: 'Destinataire',
    sujet: 'Objet',
    message: 'Message',
    livraison: 'Livraison des e-mails',
    canal: "Canal d'envoi",
  },
  canal: {
    auto: 'Selon le choix de chaque client',
    sms: 'SMS',
    email: 'E-mail',
  },
  apercu: {
    sms: 'SMS : %{units} caractère(s), %{smart_count} partie (%{encodage}) |||| SMS : %{units} caractère(s), %{smart_count} parties (%{encodage})',
    GSM7: 'alphabet GSM 7 bits',
    UCS2: 'UCS-2, caractères spéciaux',
    destinataires: 'Destinataires : %{sms} par SMS, %{emails} par e-mail, %{injoignables} injoignable(s)',
    choisir: 'Choisissez les destinataires pour voir combien recevront un SMS ou un e-mail.',
  },
  page: {
    list: 'MESSAGERIE',
    create: 'Nouveau message',
    sent: 'Messages envoyés',
  },
  type: {
    tous: 'Tous les clients',
    individuel: 'Un client',
    depart: "Les clients d'un départ",
    CLIENT: 'Client',
    PERSONNEL: 'Personnel',
  },
  select: {
    client: 'Client',
    client_help: 'Rechercher par nom, prénoms ou téléphone',
    depart: 'Départ',
    depart_help: 'Rechercher par référence',
  },
  action: {
    send: 'Envoyer',
    outbox: "Voir ces e-mails dans la boîte d'envoi",
  },
  counts: {
    sent: '%{n} envoyé(s)',
    pending: '%{n} en attente',
    failed: '%{n} en échec',
    no_email: '%{n} sans e-mail',
    sms: '%{n} SMS',
    sms_delivered: '%{n} SMS remis',
    sms_undelivered: '%{n} SMS non remis',
    opted_out: '%{n} désinscrit(s)',
  },
  notifications: {
    loading: 'Chargement... Veuillez patienter',
    error: "Erreur lors de l'envoi du message. Veuillez réessayer.",
  },
};

export const mailOutboxFr = {
  name: 'E-mail |||| E-mails',
  fields: {
    createdAt: 'Créé le',
    canal: 'Canal',
    delivery: 'Remise',
    to: 'Destinataire',
    subject: 'Objet',
    status: 'Statut',
    attempts: 'Tentatives',
    lastError: 'Dernière erreur',
    sentAt: 'Envoyé le',
    nextAttemptAt: 'Prochaine tentative',
    messageID: 'Message',
  },
  page: {
    list: "BOÎTE D'ENVOI",
    title: "Boîte d'envoi",
  },
  status: {
    PENDING: 'En attente',
    SENDING: "En cours d'envoi",
    SENT: 'Envoyé',
    FAILED: 'Échec',
  },
  canal: {
    email: 'E-mail',
    sms: 'SMS',
  },
  delivery: {
    DELIVERED: 'Remis',
    UNDELIVERED: 'Non remis',
    EXPIRED: 'Expiré',
    OPTED_OUT: 'Désinscrit (STOP)',
  },
  filters: {
    canal: 'Canal',
    delivery: 'Remise',
    status: 'Statut',
    all: 'Tous',
    message: "Les e-mails d'un message",
  },
  action: {
    retry: 'Renvoyer',
  },
  notifications: {
    retry_error: "Erreur lors de la remise en file d'envoi.",
  },
};
