/**
 * The dataProvider methods of the messaging and outbox screens (spec 001 §7 notification/contactClients;
 * docs/api-contract.md "Messaging"), reached with useDataProvider<DataProvider & MessagerieMethods>() (added to the
 * app's dataProvider by src/appDataProvider.ts).
 */
import type { Canal, CanalEnvoi, CanalPrefere } from '../../common/canal';
import { httpRequest } from '../providers/http';

/** Recipient types of the 'Nouveau message' form (spec 001 §4). */
export const TYPES_DESTINATAIRE = ['tous', 'individuel', 'depart'] as const;
export type TypeDestinataire = (typeof TYPES_DESTINATAIRE)[number];

/** The body of notification/contactClients. */
interface ContactClientsBody {
  typeDestinataire: TypeDestinataire;
  /** 'tous', or the client's or the departure's id. */
  destinataires: string;
  sujet: string;
  message: string;
  /** 'auto' (each client's choice), 'sms' or 'email' (docs/decisions/sms-channel.md). */
  canal?: CanalEnvoi;
  /** Counts only: nothing is stored or sent (the form's preview). */
  apercu?: boolean;
}

/** What the server did (or would do, for a preview): its message and the counts per channel. */
export interface ContactClientsResult {
  message?: string;
  clients?: number;
  emailsEnFile?: number;
  smsEnFile?: number;
  smsParties?: number;
  injoignables?: number;
  clientsSansEmail?: number;
}

/** A notice sent to a client (GET notification/client/{id}). */
interface ClientNotice {
  id: string;
  createdAt: string;
  canal: Canal;
  to: string;
  subject: string;
  status: 'PENDING' | 'SENT' | 'FAILED';
  delivery: 'DELIVERED' | 'UNDELIVERED' | 'EXPIRED' | 'OPTED_OUT' | null;
  sentAt: string | null;
}

/** A client's channel, opt-out and last notices. */
export interface ClientCanal {
  canalPrefere: CanalPrefere;
  smsStopAt: string | null;
  notices: ClientNotice[];
}

/** The messaging methods of AppDataProvider. */
export interface MessagerieMethods {
  /** POST notification/contactClients (key addMessage): stores the message and queues one mail per client address. */
  contactClients(body: ContactClientsBody): Promise<ContactClientsResult>;
  /** POST mail/retry/{id} (key mailOutbox, ADMIN): puts a failed mail back in the outbox. @returns the server message */
  retryMail(id: string): Promise<string | undefined>;
  /** GET notification/client/{id} (key clients): the client's preferred channel, SMS opt-out and last notices. */
  clientCanal(id: string): Promise<ClientCanal>;
  /** PUT notification/client/{id}/canal (key clientUpdate). @returns the server message */
  setClientCanal(id: string, canalPrefere: ClientCanal['canalPrefere']): Promise<string | undefined>;
}

/** The implementation of MessagerieMethods. */
export const messagerieMethods: MessagerieMethods = {
  async contactClients(body) {
    // A preview writes nothing: no Idempotency-Key to keep (src/providers/http.ts would give the POST one).
    const json = await httpRequest('notification/contactClients', {
      method: 'POST',
      body,
      idempotencyKey: body.apercu ? false : undefined,
    });
    const data = (json.data ?? {}) as Omit<ContactClientsResult, 'message'>;
    return { message: json.message, ...data };
  },

  async clientCanal(id) {
    const json = await httpRequest(`notification/client/${encodeURIComponent(id)}`);
    return json.data as ClientCanal;
  },

  async setClientCanal(id, canalPrefere) {
    const json = await httpRequest(`notification/client/${encodeURIComponent(id)}/canal`, { method: 'PUT', body: { canalPrefere } });
    return json.message;
  },

  async retryMail(id) {
    const json = await httpRequest(`mail/retry/${encodeURIComponent(id)}`, { method: 'POST' });
    return json.message;
  },
};
