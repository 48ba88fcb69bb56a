import { z } from 'zod';
import { errorBodySchema } from '@moba/contracts';
import type { RouteSpec } from './route-table';

const toSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });

const error = { $ref: '#/components/responses/Error' };
const errorContent = { 'application/json': { schema: toSchema(errorBodySchema) } };
const FORM = 'application/x-www-form-urlencoded';
const htmlPage = { 'text/html': { schema: { type: 'string' } } };

function successOf(route: RouteSpec) {
  if (route.status === 303) return { description: 'redirect back to the app (Location header)' };
  if (route.contentType)
    return { description: 'success', content: { [route.contentType]: { schema: { type: 'string' } } } };
  const content = route.response ? { 'application/json': { schema: toSchema(route.response) } } : undefined;
  if (route.htmlForm)
    return {
      description: 'success (a form post: the HTML page saying so)',
      content: { ...content, ...htmlPage },
    };
  return content ? { description: 'success', content } : { description: 'success' };
}

/** A form post's refusal is the form again, in HTML, with every wrong field named. */
const formError = {
  description: 'error (a form post: the HTML form again, every wrong field named)',
  content: { ...errorContent, ...htmlPage },
};

function requestBodyOf(route: RouteSpec) {
  if (!route.body) return {};
  const schema = toSchema(route.body);
  return {
    requestBody: {
      required: true,
      content: { 'application/json': { schema }, ...(route.htmlForm ? { [FORM]: { schema } } : {}) },
    },
  };
}

const json = (description: string) => ({ description, content: { 'application/json': {} } });

/**
 * What the gateway answers itself, outside the route table: its health, this document, the live
 * notification channel and the development tools (absent when NODE_ENV=production).
 */
export const gatewayOwnPaths: Record<string, Record<string, unknown>> = {
  '/api/healthz': {
    get: {
      tags: ['gateway'],
      summary: 'Health of the gateway and every service it routes to',
      responses: { '200': json('every service answers'), '503': json('a service does not answer') },
    },
  },
  '/api/docs': {
    get: { tags: ['gateway'], summary: 'This OpenAPI document', responses: { '200': json('the document') } },
  },
  '/api/ws/{userId}': {
    get: {
      tags: ['notification'],
      summary:
        'WebSocket of live notifications: upgrade, then greet with {type:"auth", token}; the socket closes unless the token is valid and its subject is {userId}',
      parameters: [
        { name: 'userId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      ],
      responses: {
        '101': { description: 'switching protocols: the live channel' },
        '403': { description: 'not a WebSocket path or an origin not allowed' },
      },
    },
  },
  '/api/dev/clock': {
    get: {
      tags: ['development'],
      summary: 'Development only: the time every service runs on',
      responses: { '200': json('{now}') },
    },
    post: {
      tags: ['development'],
      summary: 'Development only: move every service clock forward by {advanceMs}',
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { advanceMs: { type: 'number', minimum: 0 } },
              required: ['advanceMs'],
            },
          },
        },
      },
      responses: { '200': json('{now}'), '400': error, '405': error, '413': error },
    },
  },
  '/dev/mailbox': {
    get: {
      tags: ['development'],
      summary:
        'Development only: the mails sent by the dev:// mailer, newest first (HTML); ?to= one address, any case',
      responses: { '200': { description: 'HTML list', content: { 'text/html': {} } } },
    },
  },
  '/dev/mailbox.json': {
    get: {
      tags: ['development'],
      summary: 'Development only: the same mails as JSON; ?to= one address, any case',
      responses: { '200': json('the mails') },
    },
  },
  '/dev/sms': {
    get: {
      tags: ['development'],
      summary:
        'Development only: the SMS sent by the dev:// SMS sender, newest first (HTML), with a reply form; ?to= one phone',
      responses: { '200': { description: 'HTML list', content: { 'text/html': {} } } },
    },
  },
  '/dev/sms.json': {
    get: {
      tags: ['development'],
      summary: 'Development only: the same SMS as JSON (to, text, encoding, parts, sentAt); ?to= one phone',
      responses: { '200': json('the SMS') },
    },
  },
  '/dev/sms/reply': {
    post: {
      tags: ['development'],
      summary:
        'Development only: an SMS from a phone ({from, text}); START proves the phone, STOP ends SMS to it',
      responses: {
        '200': json('{ok, stopped, started}'),
        '303': { description: 'back to /dev/sms (form post)' },
        '400': error,
      },
    },
  },
};

/** OpenAPI 3.1 generated from the route table and the contract schemas it names. */
export function buildOpenApi(routes: RouteSpec[], options: { development?: boolean } = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api${route.path.replace(/:([a-zA-Z]+)/g, '{$1}')}`;
    const params = [...route.path.matchAll(/:([a-zA-Z]+)/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: name === 'id' ? { type: 'string', format: 'uuid' } : { type: 'string' },
    }));
    const responses: Record<string, unknown> = { [String(route.status ?? 200)]: successOf(route) };
    if (route.body || params.length || route.method === 'POST' || route.method === 'PUT')
      responses['400'] = route.htmlForm ? formError : error;
    if (route.access !== 'public') {
      responses['401'] = error;
      responses['403'] = error;
    }
    for (const status of route.refusals ?? []) responses[String(status)] = error;
    if (route.rateLimit) responses['429'] = error;
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      tags: [route.service],
      ...(route.summary ? { summary: route.summary } : {}),
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[:/-]+(\w)/g, (_, c: string) => c.toUpperCase())}`,
      ...(params.length ? { parameters: params } : {}),
      ...requestBodyOf(route),
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
    paths: {
      ...paths,
      ...Object.fromEntries(
        Object.entries(gatewayOwnPaths).filter(
          ([path]) => options.development !== false || !/\/dev\//.test(path),
        ),
      ),
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      responses: {
        Error: { description: 'error', content: errorContent },
      },
    },
  };
}
