import { createTokenSigner, createTokenVerifier, generateKeyPair } from '../src';

const keys = generateKeyPair();
const signer = createTokenSigner(keys.privateKeyPem);
const worker = {
  id: '6f1c2a1e-8a5b-4c1e-9d7a-2b3c4d5e6f70',
  role: 'Worker' as const,
  fullName: 'Mara Jović',
  tokenVersion: 3,
};
const signatureChecks = () => jest.spyOn(globalThis.crypto.subtle, 'verify');

afterEach(() => jest.restoreAllMocks());

describe('the session token verifier', () => {
  test("checks a token's signature once, then answers from what it remembers", async () => {
    const checks = signatureChecks();
    const verifier = createTokenVerifier(keys.publicKeyPem);
    const token = await signer.sign(worker, 3600);
    const first = await verifier.verify(token);
    expect(await verifier.verify(token)).toEqual(first);
    expect(first).toMatchObject({ id: worker.id, role: 'Worker', tokenVersion: 3 });
    expect(checks).toHaveBeenCalledTimes(1);
  });

  test('a remembered token is refused once it expires', async () => {
    let now = Math.floor(Date.now() / 1000);
    const verifier = createTokenVerifier(keys.publicKeyPem, { nowSeconds: () => now });
    const token = await signer.sign(worker, 60);
    expect(await verifier.verify(token)).not.toBeNull();
    now += 59;
    expect(await verifier.verify(token)).not.toBeNull();
    now += 1;
    expect(await verifier.verify(token)).toBeNull();
  });

  test('a token changed in any part is refused, though the real one is remembered', async () => {
    const verifier = createTokenVerifier(keys.publicKeyPem);
    const token = await signer.sign(worker, 3600);
    await verifier.verify(token);
    const [header, payload, signature] = token.split('.');
    const admin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'Admin' }),
    ).toString('base64url');
    expect(await verifier.verify(`${header}.${admin}.${signature}`)).toBeNull();
    expect(await verifier.verify(`${token}x`)).toBeNull();
    const foreign = await createTokenSigner(generateKeyPair().privateKeyPem).sign(worker, 3600);
    expect(await verifier.verify(foreign)).toBeNull();
  });

  test('each request gets its own copy: changing one does not change what the next one gets', async () => {
    const verifier = createTokenVerifier(keys.publicKeyPem);
    const token = await signer.sign(worker, 3600);
    const user = (await verifier.verify(token))!;
    user.role = 'Admin';
    expect((await verifier.verify(token))!.role).toBe('Worker');
  });

  test('past the number it keeps, the oldest token is checked again; refused tokens are not kept', async () => {
    const verifier = createTokenVerifier(keys.publicKeyPem, { kept: 2 });
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map((v) => signer.sign({ ...worker, tokenVersion: v }, 3600)),
    );
    await verifier.verify(a);
    await verifier.verify(b);
    const checks = signatureChecks();
    for (let i = 0; i < 5; i++) expect(await verifier.verify(`${a}x${i}`)).toBeNull();
    expect(checks).toHaveBeenCalledTimes(5);
    await verifier.verify(a);
    await verifier.verify(b);
    expect(checks).toHaveBeenCalledTimes(5);
    await verifier.verify(c);
    await verifier.verify(b);
    expect(checks).toHaveBeenCalledTimes(6);
    await verifier.verify(a);
    expect(checks).toHaveBeenCalledTimes(7);
  });
});
