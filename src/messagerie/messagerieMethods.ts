/**
 * The dataProvider methods of the messaging and outbox screens (spec 001 §7 notification/contactClients;
 * docs/api-contract.md "Messaging"), reached with useDataProvider<DataProvider & MessagerieMethods>() (added to the
 * app's dataProvider by src/appDataProvider.ts).
 */
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
}

/** What the server did: its message, the mails queued and the clients without an e-mail. */
interface ContactClientsResult {
  message?: string;
  emailsEnFile?: number;
  clientsSansEmail?: number;
}

/** The messaging methods of AppDataProvider. */
export interface MessagerieMethods {
  /** POST notification/contactClients (key addMessage): stores the message and queues one mail per client address. */
  contactClients(body: ContactClientsBody): Promise<ContactClientsResult>;
  /** POST mail/retry/{id} (key mailOutbox, ADMIN): puts a failed mail back in the outbox. @returns the server message */
  retryMail(id: string): Promise<string | undefined>;
}

/** The implementation of MessagerieMethods. */
export const messagerieMethods: MessagerieMethods = {
  async contactClients(body) {
    const json = await httpRequest('notification/contactClients', { method: 'POST', body });
    const data = (json.data ?? {}) as { emailsEnFile?: number; clientsSansEmail?: number };
    return { message: json.message, ...data };
  },

  async retryMail(id) {
    const json = await httpRequest(`mail/retry/${encodeURIComponent(id)}`, { method: 'POST' });
    return json.message;
  },
};
