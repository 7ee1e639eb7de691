/**
 * Which channel reaches a client (docs/decisions/sms-channel.md), shared by the server (notices and messages:
 * server/notification/dispatch.ts) and the screens (the client form's choices, the messaging form's channel).
 */

/**
 * The delivery channels, the one list of them (docs/decisions/notice-dispatch.md): each has a driver
 * (server/outbox/channels/), and the outbox rows' `canal`, its check constraint, the API's enums and the screens'
 * choices are read from here. A new channel is an entry here, its driver, a migration of the check constraints and
 * its French labels.
 */
export const CANAUX = ['email', 'sms'] as const;
export type Canal = (typeof CANAUX)[number];

/** A client's preferred channel (users.canal_prefere): 'auto' SMS when they have a phone, else e-mail. */
export const CANAUX_PREFERES = ['auto', ...CANAUX, 'aucun'] as const;
export type CanalPrefere = (typeof CANAUX_PREFERES)[number];

/** The channel a message is sent by (notification/contactClients `canal`): each client's choice, or one for all. */
export const CANAUX_ENVOI = ['auto', ...CANAUX] as const;
export type CanalEnvoi = (typeof CANAUX_ENVOI)[number];

/** French labels of the preferred channels (client form, client details). */
export const CANAL_PREFERE_LABELS: Record<CanalPrefere, string> = {
  auto: 'Automatique (SMS si téléphone, sinon e-mail)',
  sms: 'SMS',
  email: 'E-mail',
  aucun: 'Aucun (ne pas contacter)',
};

/** What the rule reads of a client. */
export interface ClientJoignable {
  email?: string | null;
  telephoneComplet?: string | null;
  canalPrefere?: string | null;
  /** Set when the number answered STOP: no SMS to it. */
  smsStopAt?: Date | string | null;
}

/** Where a channel reaches a client: the e-mail address, or the full E.164 number of an SMS (canalPour decided it may). */
export const ADRESSE_DE: Record<Canal, (c: ClientJoignable) => string> = {
  email: (c) => c.email!.trim(),
  sms: (c) => c.telephoneComplet!,
};

/** Whether a client can receive an SMS: a full E.164 number that has not answered STOP. */
const smsPossible = (c: ClientJoignable): boolean => !!c.telephoneComplet && /^\+\d{5,15}$/.test(c.telephoneComplet) && !c.smsStopAt;

/** Whether a client has an e-mail address. */
const emailPossible = (c: ClientJoignable): boolean => !!c.email?.trim();

/**
 * The channel that reaches `client`, or null (unreachable, or 'aucun'). Pure.
 * - preference 'aucun': nobody writes to them (null), whatever is asked;
 * - `demande` 'sms' / 'email' (a message sent by one channel): that channel when possible, else null;
 * - `demande` 'auto' (every notice, and a message sent by each client's choice): preference 'sms' → SMS, else e-mail;
 *   'email' → e-mail, else SMS; 'auto' → SMS when they have a number and the SMS channel is on (`smsActif`: SMPP_URL
 *   set), else e-mail, else null.
 * @param smsActif whether the product sends SMS (SMPP_URL set): without it an 'auto' client keeps e-mail only
 */
export function canalPour(client: ClientJoignable, demande: CanalEnvoi = 'auto', smsActif = true): Canal | null {
  const pref = (client.canalPrefere ?? 'auto') as CanalPrefere;
  if (pref === 'aucun') return null;
  const sms = smsPossible(client);
  const email = emailPossible(client);
  if (demande === 'sms') return sms ? 'sms' : null;
  if (demande === 'email') return email ? 'email' : null;
  if (pref === 'sms') return sms ? 'sms' : email ? 'email' : null;
  if (pref === 'email') return email ? 'email' : sms ? 'sms' : null;
  if (sms && smsActif) return 'sms';
  return email ? 'email' : null;
}
