import type { AddressInfo, Server } from 'node:net';
import { AppError, SessionRefused, badRequest, createHttpApp, createLogger } from '../src';

/** An app whose routes throw the given errors; the status comes only from the edge's mapping. */
const appThrowing = (errors: Record<string, AppError>) =>
  createHttpApp({
    name: 'error-status-test',
    logger: createLogger('test', 'silent'),
    routes: (app) => {
      for (const [path, error] of Object.entries(errors))
        app.get(`/${path}`, (_req, _res, next) => next(error));
    },
  });

const app = appThrowing({
  conflict: new AppError('APPLICATION.NOT_PENDING', 'the application is no longer pending'),
  limit: new AppError('APPLICATION.CREW_SAVES_DAILY_LIMIT', 'too many'),
  text: new AppError('PAYMENT.URL_NOT_AVAILABLE', 'down', undefined, 'try later'),
  field: badRequest('VALIDATION', 'invalid name', [{ field: 'name', code: 'required', message: 'required' }]),
  banned: new AppError('AUTH.BANNED', 'user is banned'),
  session: new SessionRefused('AUTH.BANNED', 'the account is banned'),
  unknown: new AppError('NO.SUCH_CODE', 'a code outside the catalogue'),
});

let server: Server;
let base = '';
beforeAll(async () => {
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

test.each([
  ['conflict', 409],
  ['limit', 429],
  ['text', 503],
  ['field', 400],
  ['banned', 403],
  ['session', 401],
  ['unknown', 500],
])(
  'a coded error thrown at /%s answers the status the catalogue gives its code (%i)',
  async (path, status) => {
    const response = await fetch(`${base}/${path}`);
    expect(response.status).toBe(status);
  },
);

test('the body keeps the code, message and details; a literal body stays plain text', async () => {
  const field = (await (await fetch(`${base}/field`)).json()) as { error: unknown };
  expect(field.error).toMatchObject({
    code: 'VALIDATION',
    message: 'invalid name',
    details: [{ field: 'name', code: 'required' }],
  });
  const text = await fetch(`${base}/text`);
  expect(await text.text()).toBe('try later');
});
