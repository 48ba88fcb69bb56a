import { startProduct } from './support/product';
import { SERVICE_NAMES } from './support/service-names';

describe('the embedded product (one process, gateway in front)', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.stop());

  it('reports every service up at /api/healthz', async () => {
    const health = await product.client.get('/api/healthz');
    expect(health.status).toBe(200);
    expect(Object.keys(health.body.services).sort()).toEqual(SERVICE_NAMES);
    for (const service of Object.values(health.body.services) as { status: string }[])
      expect(service.status).toBe('up');
  });

  it('serves the SPA shell at / and for deep links', async () => {
    for (const path of ['/', '/worker/mobas', '/login']) {
      const page = await product.client.get(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.text).toMatch(/<div id="root"/);
    }
  });

  it('answers a JSON 404 for an unknown /api path', async () => {
    const response = await product.client.get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('serves the OpenAPI 3.1 document of every call', async () => {
    const docs = await product.client.get('/api/docs');
    expect(docs.body.openapi).toBe('3.1.0');
    expect(docs.body.paths['/api/estates/vacancies/create'].post).toBeDefined();
  });

  it('moves the shared clock in development mode', async () => {
    const before = (await product.client.get('/api/dev/clock')).body.now;
    const moved = await product.client.post('/api/dev/clock', { advanceMs: 86_400_000 });
    expect(new Date(moved.body.now).getTime() - new Date(before).getTime()).toBeGreaterThanOrEqual(
      86_400_000,
    );
    expect((await product.client.post('/api/dev/clock', { advanceMs: 'soon' })).status).toBe(400);
  });
});
