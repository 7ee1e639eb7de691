/**
 * The part of the `smpp` package (0.5.x, no types of its own) that server/outbox/channels/ and its tests use: a client session
 * (connect, bind_transceiver, submit_sm, enquire_link, deliver_sm_resp) and the server side the tests run as the
 * operator's gateway (createServer). Parameters are SMPP 3.4 field names.
 */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  /** A PDU: its command, status, sequence and the fields of its command (decoded). */
  export interface PDU {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    system_id?: string;
    password?: string;
    source_addr?: string;
    source_addr_ton?: number;
    source_addr_npi?: number;
    destination_addr?: string;
    dest_addr_ton?: number;
    dest_addr_npi?: number;
    esm_class?: number;
    data_coding?: number;
    registered_delivery?: number;
    message_id?: string;
    /** Decoded by the library: the text, and the UDH elements when the UDHI flag is set. */
    short_message?: { message: string | Buffer; udh?: Buffer[] } | Buffer | string;
    receipted_message_id?: string;
    message_state?: number;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): PDU;
    toBuffer(): Buffer;
    [field: string]: unknown;
  }

  export type PduCallback = (pdu: PDU) => void;

  export class Session extends EventEmitter {
    socket: import('node:net').Socket;
    send(pdu: PDU, responseCallback?: PduCallback, sendCallback?: PduCallback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, responseCallback?: PduCallback): boolean;
    submit_sm(options: Record<string, unknown>, responseCallback?: PduCallback): boolean;
    deliver_sm(options: Record<string, unknown>, responseCallback?: PduCallback): boolean;
    enquire_link(options?: Record<string, unknown> | PduCallback, responseCallback?: PduCallback): boolean;
    unbind(options?: Record<string, unknown> | PduCallback, responseCallback?: PduCallback): boolean;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export function connect(
    options: { url?: string; host?: string; port?: number; tls?: boolean; auto_enquire_link_period?: number; [k: string]: unknown },
    listener?: () => void,
  ): Session;
  export function createServer(options: Record<string, unknown>, listener: (session: Session) => void): Server;
  export function createServer(listener: (session: Session) => void): Server;

  export const ESME_ROK: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RINVPASWD: number;
  export const ESME_RINVDSTADR: number;
  export const ESME_RSYSERR: number;
}
