/**
 * Authentication and permission checks of every API route, from the declarative table access/routeAccess.ts.
 * - At start-up: a route under /api missing from the table is a programming error and stops the server.
 * - On each request (preValidation, so before body validation): bearer token → current user (401 when absent,
 *   forged, expired, revoked by a password change or deactivation, or the user is not of type ADMIN),
 *   then the permission key (403). The current user is on `request.user`.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TYPE_USER_CODES, type PermissionKey } from '../../common/permissions';
import { ROUTE_ACCESS, routeKey, type Access } from '../access/routeAccess';
import { loadCurrentUser, type CurrentUser } from '../auth/currentUser';
import type { TokenService } from '../auth/tokens';
import type { Db } from '../db/client';
import { statutCodeFromValue } from '../statut/query';
import { isClientUser } from '../auth/query';
import { forbidden, unauthorized } from '../http/errors';

/** Reads the bearer token of a request, if any. */
function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1].trim() : null;
}

/** Whether a body is the active toggle alone ({isActive}). */
function isActiveOnly(body: unknown): boolean {
  return !!body && typeof body === 'object' && Object.keys(body).length === 1 && 'isActive' in body;
}

/** The status code a `{statutID}` body targets (an id or a code), or undefined. */
type StatutResolver = (value: string) => Promise<string | undefined>;

/** Whether a path parameter names a client (a user of type CLIENT). */
type ClientResolver = (id: string) => Promise<boolean>;

/** The key an authorised request needs, given the access rule, the caller and the request (null: none). */
export async function requiredKey(
  access: Extract<Access, { kind: 'key' }>,
  user: CurrentUser,
  request: FastifyRequest,
  statutCode: StatutResolver,
  isClient: ClientResolver = async () => false,
): Promise<PermissionKey | null> {
  if (access.self) {
    const value = (request.params as Record<string, string>)[access.self.param];
    const mine = access.self.of === 'user' ? user.id : user.roleID;
    if (value && value === mine) return access.self.selfKey ?? null;
  }
  if (access.client) {
    const value = (request.params as Record<string, string>)[access.client.param];
    if (value && (await isClient(value))) {
      return isActiveOnly(request.body) ? (access.client.statusKey ?? access.client.key) : access.client.key;
    }
  }
  if (access.statusKey && isActiveOnly(request.body)) return access.statusKey;
  const body = request.body as Record<string, unknown> | undefined;
  if (access.transitionKeys && body && typeof body.statutID === 'string' && Object.keys(body).length === 1) {
    const code = await statutCode(body.statutID);
    return (code && access.transitionKeys[code]) || access.key;
  }
  return access.key;
}

/** What the access plugin needs: the database and the token service. */
export interface AccessOptions {
  db: Db;
  tokens: TokenService;
}

/** The start-up check and the per-request authentication and authorisation. */
export const accessPlugin = fp<AccessOptions>(
  async (app, deps) => {
    app.decorateRequest('user', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const m of methods) {
        if (m === 'HEAD' || m === 'OPTIONS') continue;
        const k = routeKey(m, route.url);
        if (!ROUTE_ACCESS[k]) throw new Error(`Route sans règle d'accès dans access/routeAccess.ts : ${k}`);
      }
    });

    app.addHook('preValidation', async (request) => {
      const url = request.routeOptions.url;
      if (!url || !url.startsWith('/api/') || url.startsWith('/api/docs')) return;
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const access = ROUTE_ACCESS[routeKey(method, url)];
      if (!access) throw forbidden();
      if (access.kind === 'public') return;

      const token = bearer(request);
      if (!token) throw unauthorized('Authentification requise.');
      const claims = deps.tokens.verify(token);
      if (!claims) throw unauthorized();
      const user = await loadCurrentUser(deps.db, claims.sub);
      if (!user || !user.isActive || user.tokenVersion !== claims.tv || user.typeCode !== TYPE_USER_CODES.ADMIN) {
        throw unauthorized();
      }
      request.user = user;
      if (access.kind === 'signedIn') return;
      const needed = await requiredKey(
        access,
        user,
        request,
        (value) => statutCodeFromValue(deps.db, value),
        (id) => isClientUser(deps.db, id),
      );
      if (needed && !user.permissions.has(needed) && !(needed === access.key && access.anyOf?.some((k) => user.permissions.has(k)))) {
        throw forbidden();
      }
    });
  },
  { name: 'access' },
);
