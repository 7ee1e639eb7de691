/**
 * Per-address rate limits (@fastify/rate-limit), off by default: a route opts in with `config: {rateLimit}` (the
 * sign-in and recovery calls, auth/routes.ts). The per-account and per-address throttles of guessable secrets, shared
 * by every process, are in auth/throttle.ts.
 */
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, { global: false });
  },
  { name: 'rateLimit' },
);
