/**
 * Security headers of every answer (@fastify/helmet), with the content security policy of the built UI: scripts,
 * styles, fonts and calls from the same origin only (inline styles allowed for MUI), no framing.
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export const helmetPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
    });
  },
  { name: 'helmet' },
);
