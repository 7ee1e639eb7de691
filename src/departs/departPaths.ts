/** Paths of the departure screens outside react-admin's resource routes (spec 000 §2 route table). */
import type { Identifier } from 'react-admin';

/** Route of the clients of a departure (key departListClientby). */
export const CLIENTS_OF_DEPART_ROUTE = '/listeClientParEnvoi';
/** Route of the shipments of a client (key listeEnvoiParClient). */
export const ENVOIS_OF_CLIENT_ROUTE = '/listeEnvoiParClient';

/** Returns /listeClientParEnvoi?id={envoiId}. */
export function clientsOfDepartPath(envoiId: Identifier): string {
  return `${CLIENTS_OF_DEPART_ROUTE}?id=${encodeURIComponent(String(envoiId))}`;
}

/** Returns /listeEnvoiParClient?id={clientId}. */
export function envoisOfClientPath(clientId: Identifier): string {
  return `${ENVOIS_OF_CLIENT_ROUTE}?id=${encodeURIComponent(String(clientId))}`;
}
