import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import common from '../../src/locales/sr-Latn/common.json';
import mobas from '../../src/locales/sr-Latn/mobas.json';
import find from '../../src/locales/sr-Latn/find.json';
import dayOfWork from '../../src/locales/sr-Latn/day-of-work.json';
import { store } from '../../src/lib/store';
import { baseApi } from '../../src/lib/api';
import MobaPage from '../../src/features/day-of-work/page/MobaPage';
import { startTestI18n } from './fixtures/i18n';
import { SAMPLE_MOBA_ID, sampleMobaPage } from '../../../test/support/sample-moba-page';

// jsdom has no fetch classes; RTK Query builds a Request: Node's own (undici's) stand in here.
const streams = require('node:stream/web') as typeof import('node:stream/web');
const { Blob, File } = require('node:buffer') as typeof import('node:buffer');
const { MessageChannel, MessagePort } =
  require('node:worker_threads') as typeof import('node:worker_threads');
Object.assign(globalThis, {
  ReadableStream: streams.ReadableStream,
  WritableStream: streams.WritableStream,
  TransformStream: streams.TransformStream,
  Blob,
  File,
  MessageChannel,
  MessagePort,
});
const undici = require('undici') as typeof import('undici');
/** A Request as the browser makes one: a path resolves against the page's origin. */
class PageRequest extends undici.Request {
  constructor(...[input, init]: ConstructorParameters<typeof undici.Request>) {
    super(typeof input === 'string' ? new URL(input, 'http://moba.test').href : input, init);
  }
}
Object.assign(globalThis, { Request: PageRequest, Response: undici.Response, Headers: undici.Headers });

// Browse's own parts come with browse's chunk (its CSS too); here the page shows its fallback facts.
jest.mock('../../src/features/mobas', () => ({ loadBrowseParts: () => new Promise(() => undefined) }));

const id = SAMPLE_MOBA_ID;
const moba = sampleMobaPage({ estateLateCancellations: 2 });

beforeAll(() => startTestI18n({ 'sr-Latn': { common, mobas, find, 'day-of-work': dayOfWork } }));
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  store.dispatch(baseApi.util.resetApiState());
});

function answer(status: number, body: unknown) {
  globalThis.fetch = jest.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  ) as typeof fetch;
}
const show = (path = `/moba/${id}`) =>
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path=":script?/moba/:id" element={<MobaPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );

describe("the moba's page states", () => {
  test("a visitor reads the moba, the estate's trust and how to apply", async () => {
    answer(200, moba);
    show();
    await screen.findByRole('heading', { level: 1, name: 'Berba malina u Arilju' });
    expect(screen.getByTestId('moba-estate').textContent).toBe('Imanje Jovanović');
    expect(screen.getByTestId('verified-badge')).toBeTruthy();
    expect(screen.getByTestId('moba-rating').textContent).toBe('Ocena 4,7 od 5 · 12 ocena');
    expect(screen.getByTestId('moba-late').textContent).toBe(
      'Gazdinstvo je 2 puta kasno otkazalo prihvaćena mesta',
    );
    expect(screen.getByTestId('visitor-apply')).toBeTruthy();
    expect(screen.getByTestId('share-moba').textContent).toBe('Podeli');
    expect(screen.getByText('3 od 5')).toBeTruthy();
  });

  test('an unknown moba, and an address that is no moba id, say so', async () => {
    answer(404, { error: { code: 'VACANCY.NOT_FOUND', message: 'vacancy not found' } });
    show();
    await screen.findByText('Ova moba ne postoji ili više nije objavljena.');
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    store.dispatch(baseApi.util.resetApiState());
    answer(200, moba);
    show('/moba/not-an-id');
    expect(screen.getAllByTestId('moba-missing').length).toBeGreaterThan(0);
  });

  test('a failed load says so and offers a retry', async () => {
    answer(500, { error: { code: 'INTERNAL', message: 'boom' } });
    show();
    await screen.findByText('Mobu trenutno ne možemo da učitamo.');
    answer(200, moba);
    screen.getByRole('button', { name: 'Pokušaj ponovo' }).click();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(moba.title));
  });
});
