/**
 * An operator's SMPP 3.4 gateway for the SMS tests and the bench (docs/decisions/sms-channel.md), built on the server
 * side of the same `smpp` package, listening on 127.0.0.1: bind_transceiver with system_id / password, submit_sm
 * answered with a message id (after `ackDelayMs`), every accepted PDU recorded as received (number, encoding, UDH,
 * text); delivery receipts and mobile-originated texts sent back as deliver_sm; and faults: refuse with
 * ESME_RTHROTTLED, drop the bind after N accepted PDUs (the PDU that triggers it is never answered, so never counted).
 */
import smpp from 'smpp';
import type { PDU, Session } from 'smpp';
import { freePort } from './smtpServer';

/** A submit_sm the gateway accepted (answered with a message id). */
export interface ReceivedPdu {
  messageId: string;
  from: string;
  sourceTon: number;
  to: string;
  destTon: number;
  dataCoding: number;
  esmClass: number;
  registeredDelivery: number;
  /** Concatenation UDH (IEI 0): reference, total, sequence; null for a single part. */
  concat: { ref: number; total: number; seq: number } | null;
  text: string;
  at: number;
}

export interface TestGateway {
  port: number;
  url: string;
  received: ReceivedPdu[];
  /** Binds accepted so far. */
  binds: number;
  /** submit_sm answered ESME_RTHROTTLED. */
  throttled: number;
  /** Answers ESME_RTHROTTLED to submits while it returns true (called before each). */
  throttleWhen: (() => boolean) | null;
  /** Drops every bind (destroys the sockets) once this many more PDUs were accepted; null: never. */
  dropAfter: number | null;
  /** Refuses binds while true (gateway "down"). */
  refuseBinds: boolean;
  ackDelayMs: number;
  /**
   * Sends a delivery receipt for a message id (stat DELIVRD, UNDELIV, EXPIRED…) from the handset, as an SMSC does (SMPP
   * 3.4 §4.6.1: the receipt's source_addr is the original destination): the number the PDU with that id was sent to,
   * else `from`, else a number of nobody.
   */
  receipt(messageId: string, stat: string, from?: string): Promise<void>;
  /** Sends a mobile-originated text from a number (E.164 with or without '+'). */
  mo(from: string, text: string): Promise<void>;
  sessions(): Session[];
  close(): Promise<void>;
}

/** Starts a gateway on a free port of 127.0.0.1 that accepts `systemId` / `password`. */
export async function startGateway(
  opts: { systemId?: string; password?: string; ackDelayMs?: number; port?: number; autoReceipt?: { stat: string; afterMs: number } } = {},
): Promise<TestGateway> {
  const systemId = opts.systemId ?? 'colis';
  const password = opts.password ?? 'secret';
  const port = opts.port ?? (await freePort());
  let seq = 0;
  const bound = new Set<Session>();
  const gw: TestGateway = {
    port,
    url: `smpp://${systemId}:${password}@127.0.0.1:${port}`,
    received: [],
    binds: 0,
    throttled: 0,
    throttleWhen: null,
    dropAfter: null,
    refuseBinds: false,
    ackDelayMs: opts.ackDelayMs ?? 0,
    receipt: async () => {},
    mo: async () => {},
    sessions: () => [...bound],
    close: async () => {},
  };
  const server = smpp.createServer({}, (session: Session) => {
    session.on('error', () => undefined);
    session.on('close', () => bound.delete(session));
    session.on('bind_transceiver', (pdu: PDU) => {
      if (gw.refuseBinds || pdu.system_id !== systemId || pdu.password !== password) {
        session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
        return;
      }
      gw.binds++;
      bound.add(session);
      session.send(pdu.response({ system_id: 'gw' }));
    });
    session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: PDU) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: PDU) => {
      if (!bound.has(session)) return void session.send(pdu.response({ command_status: 0x04 })); // ESME_RINVBNDSTS
      if (gw.dropAfter !== null && gw.dropAfter <= 0) {
        // The bind drops before this PDU is answered: the ESME cannot know it was received, so it is not counted. The
        // connection is ended, not destroyed: the answers already written still reach the ESME (a destroyed socket
        // could discard them, and a PDU the gateway counted as answered would then come again — SMPP's one case of a
        // double, docs/decisions/sms-channel.md, which this test does not measure).
        gw.dropAfter = null;
        for (const s of bound) s.close();
        bound.clear();
        return;
      }
      if (gw.throttleWhen?.()) {
        gw.throttled++;
        return void session.send(pdu.response({ command_status: smpp.ESME_RTHROTTLED }));
      }
      const sm = pdu.short_message as { message: string | Buffer; udh?: Buffer[] };
      const concatUdh = sm.udh?.find((u) => u[0] === 0x00);
      const messageId = `M${(++seq).toString(16).padStart(8, '0')}`;
      const answer = () => {
        if (!bound.has(session)) return; // dropped meanwhile: never answered, not received
        gw.received.push({
          messageId,
          from: String(pdu.source_addr),
          sourceTon: pdu.source_addr_ton ?? 0,
          to: String(pdu.destination_addr),
          destTon: pdu.dest_addr_ton ?? 0,
          dataCoding: pdu.data_coding ?? 0,
          esmClass: pdu.esm_class ?? 0,
          registeredDelivery: pdu.registered_delivery ?? 0,
          concat: concatUdh ? { ref: concatUdh[2]!, total: concatUdh[3]!, seq: concatUdh[4]! } : null,
          text: typeof sm.message === 'string' ? sm.message : sm.message.toString('latin1'),
          at: Date.now(),
        });
        session.send(pdu.response({ message_id: messageId }));
        if (gw.dropAfter !== null) gw.dropAfter--;
        if (opts.autoReceipt) {
          const { stat, afterMs } = opts.autoReceipt;
          setTimeout(() => void gw.receipt(messageId, stat).catch(() => undefined), afterMs);
        }
      };
      if (gw.ackDelayMs > 0) setTimeout(answer, gw.ackDelayMs);
      else answer();
    });
  });
  const deliver = (fields: Record<string, unknown>) =>
    new Promise<void>((resolve, reject) => {
      const [session] = bound;
      if (!session) return reject(new Error('aucune session liée'));
      session.deliver_sm(fields, (resp) =>
        resp.command_status === 0 ? resolve() : reject(new Error(`deliver_sm ${resp.command_status}`)),
      );
    });
  gw.receipt = (messageId, stat, from) =>
    deliver({
      source_addr: (from ?? gw.received.find((p) => p.messageId === messageId)?.to ?? '221770000000').replace(/^\+/, ''),
      source_addr_ton: 1,
      source_addr_npi: 1,
      destination_addr: 'ColisExpr',
      esm_class: 0x04,
      short_message: `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:2611270100 done date:2611270101 stat:${stat} err:000 text:`,
    });
  gw.mo = (from, text) =>
    deliver({
      source_addr: from.replace(/^\+/, ''),
      source_addr_ton: 1,
      source_addr_npi: 1,
      destination_addr: 'ColisExpr',
      esm_class: 0,
      short_message: text,
    });
  gw.close = () =>
    new Promise<void>((resolve) => {
      for (const s of bound) s.destroy();
      server.close(() => resolve());
      setTimeout(resolve, 500).unref?.();
    });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return gw;
}
