import { fetchEarly, takeEarly } from '../../src/lib/early-fetch';

const url = 'http://localhost/api/workers/vacancies/open';
const init = {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
  body: '{"page":1}',
};
/** The page's request as fetchBaseQuery makes it (jsdom has no Request). */
const pageRequest = () =>
  ({
    method: init.method,
    url,
    headers: new Map(Object.entries(init.headers)),
    clone: () => ({ text: () => Promise.resolve(init.body) }),
  }) as unknown as Request;

describe('an answer asked for before the page', () => {
  const answer = { ok: true } as Response;
  beforeEach(() => {
    global.fetch = jest.fn(() => Promise.resolve(answer));
  });

  test("goes to the page's own request once, and the early caller's claim then gets nothing", async () => {
    const claim = fetchEarly(url, init);
    await expect(takeEarly(pageRequest())).resolves.toBe(answer);
    await expect(claim()).resolves.toBeUndefined();
    await expect(takeEarly(pageRequest())).resolves.toBeUndefined();
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });

  test("goes to the claim when it comes first, and the page's request later asks the network itself", async () => {
    const claim = fetchEarly(url, init);
    await expect(claim()).resolves.toBe(answer);
    await expect(takeEarly(pageRequest())).resolves.toBeUndefined();
  });
});
