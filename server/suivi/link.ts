/**
 * Addresses of the public tracking page (docs/decisions/public-tracking.md): `{PUBLIC_URL}/suivi/{token}`, printed in
 * the receipt's QR code and written in the clients' mails. The base is config.publicUrl (PUBLIC_URL); unset, the
 * receipt uses the origin the back-office was opened at (the request's), and mails, which have no request,
 * http://localhost:PORT.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

let configured: string | undefined;
let fallback = 'http://localhost:3000';

/** Sets the base addresses from the configuration (server/app.ts, at start). */
export function configureSuiviLinks(config: Pick<Config, 'publicUrl' | 'port'>): void {
  configured = config.publicUrl;
  fallback = `http://localhost:${config.port}`;
}

/** The origin a request was sent to, e.g. 'https://colis.example.fr' (Host header, scheme as Fastify sees it). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * The tracking page of a parcel's token. @param origin the request's origin, used when PUBLIC_URL is unset
 * @returns e.g. 'https://colis.example.fr/suivi/3q2-…' (token base64url, so no escaping is needed)
 */
export function suiviUrl(token: string, origin?: string): string {
  return `${configured ?? origin ?? fallback}/suivi/${token}`;
}
