import { routeTable } from '../gateway/src/route-table';
import { loginAdmin, registeredUser, startProduct } from './support/product';

/**
 * Spec §5: route ids must be UUID v4. Every route of the gateway's table with an `:id` answers 400
 * naming the id for a non-UUID and for a UUID of another version, whoever may call it, and writes nothing.
 * Not ids in that sense: the sandbox checkout session (a capability link answering an HTML page) and
 * photo file names.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
let sessions: Record<'Worker' | 'Estate' | 'Admin', Record<string, string>>;
beforeAll(async () => {
  product = await startProduct();
  const [worker, estate, admin] = [
    await registeredUser(product.client, 'worker'),
    await registeredUser(product.client, 'estate'),
    await loginAdmin(product.client),
  ];
  sessions = { Worker: worker.auth, Estate: estate.auth, Admin: admin.auth };
}, 60_000);
afterAll(() => product.stop());

const withIds = routeTable.filter((r) => r.path.includes(':id') && !r.path.startsWith('/payment/checkout/'));
const notV4 = ['not-a-uuid', '123', 'c232ab00-9414-11ec-b3c8-9f6bdeced846' /* v1 */];
const rows = withIds.flatMap((r) => notV4.map((id) => [r.method, r.path, id] as const));

test.each(rows)('%s %s with id %s answers 400 naming the id', async (method, path, id) => {
  const route = withIds.find((r) => r.method === method && r.path === path)!;
  const role = route.access === 'public' || route.access === 'user' ? 'Worker' : route.access[0];
  const response = await product.client.request(method, `/api${path.replace(':id', id)}`, {
    body: method === 'GET' || method === 'DELETE' ? undefined : {},
    headers: sessions[role as keyof typeof sessions],
  });
  expect(response.status).toBe(400);
  const fields = ((response.body?.error?.details ?? []) as { field: string }[]).map((d) => d.field);
  expect(fields.some((f) => /(^|\.)id$/.test(f))).toBe(true);
});
