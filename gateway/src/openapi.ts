import { z } from 'zod';
import { errorBodySchema } from '@moba/contracts';
import type { RouteSpec } from './route-table';

const toSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });

/** OpenAPI 3.1 generated from the route table and the contract schemas it names. */
export function buildOpenApi(routes: RouteSpec[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api${route.path.replace(/:([a-zA-Z]+)/g, '{$1}')}`;
    const params = [...route.path.matchAll(/:([a-zA-Z]+)/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: name === 'id' ? { type: 'string', format: 'uuid' } : { type: 'string' },
    }));
    const responses: Record<string, unknown> = {
      '200': route.response
        ? { description: 'success', content: { 'application/json': { schema: toSchema(route.response) } } }
        : { description: 'success' },
      '400': { $ref: '#/components/responses/Error' },
    };
    if (route.access !== 'public') {
      responses['401'] = { $ref: '#/components/responses/Error' };
      responses['403'] = { $ref: '#/components/responses/Error' };
    }
    if (route.rateLimit) responses['429'] = { $ref: '#/components/responses/Error' };
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      tags: [route.service],
      ...(route.summary ? { summary: route.summary } : {}),
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[:/-]+(\w)/g, (_, c: string) => c.toUpperCase())}`,
      ...(params.length ? { parameters: params } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(route.body) } },
            },
          }
        : {}),
      ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      'x-roles': route.access,
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Moba API',
      version: '1.0.0',
      description: 'Seasonal farm work marketplace: every call of the product, through the gateway.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      responses: {
        Error: {
          description: 'error',
          content: { 'application/json': { schema: toSchema(errorBodySchema) } },
        },
      },
    },
  };
}
