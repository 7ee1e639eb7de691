/**
 * OpenAPI description of the API at /api/docs (@fastify/swagger and its UI), generated from each route's zod schemas:
 * parameters, bodies and answers (http/answer.ts, refusals included); public routes of access/routeAccess.ts are marked
 * public (`security: []`). Registered before the routes, which it collects as they are added.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ROUTE_ACCESS, routeKey } from '../access/routeAccess';

export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'API Colis — back-office', description: 'Spécification 000 §7 et 001 §7', version: '1.0.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      // Routes the table declares public (sign-in, recovery, health) are marked so in the document: no bearer needed.
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        const method = [input.route.method].flat()[0];
        if (ROUTE_ACCESS[routeKey(String(method), input.url)]?.kind === 'public') {
          return { ...out, schema: { ...out.schema, security: [] } };
        }
        return out;
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'swagger' },
);
