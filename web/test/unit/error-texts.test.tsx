import { createInstance, type BackendModule, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { render, screen, waitFor } from '@testing-library/react';
import { useApiErrorText } from '../../src/lib/use-api-error';
import common from '../../src/locales/sr-Latn/common.json';
import errors from '../../src/locales/sr-Latn/errors.json';

/** An answer the auth service gives a wrong password. */
const wrongPassword = { status: 401, data: { error: { code: 'AUTH.INVALID_CREDENTIALS', message: 'x' } } };
const unknownCode = { status: 400, data: { error: { code: 'AUTH.SOMETHING_NEW', message: 'x' } } };

/** An i18next whose `errors` namespace comes from a backend that answers when told to (or fails). */
async function setup(outcome: 'loads' | 'fails') {
  const reads: string[] = [];
  let answer: () => void = () => undefined;
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(_lng, ns, callback) {
      if (ns !== 'errors') return callback(null, {}); // the others are bundled below
      reads.push(ns);
      answer = () => (outcome === 'loads' ? callback(null, errors) : callback(new Error('offline'), false));
    },
  };
  const i18n: I18n = createInstance();
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: 'sr-Latn',
      load: 'currentOnly',
      fallbackLng: false,
      ns: ['common'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { 'sr-Latn': { common } },
      maxRetries: 0,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      showSupportNotice: false,
    });
  return { i18n, reads, answer: () => answer() };
}

function LoginAlert({ error }: { error: unknown }) {
  const errorText = useApiErrorText();
  return <p data-testid="alert">{errorText(error, 'errors:AUTH.INVALID_CREDENTIALS') ?? '(waiting)'}</p>;
}

const show = (i18n: I18n, error: unknown) =>
  render(
    <I18nextProvider i18n={i18n}>
      <LoginAlert error={error} />
    </I18nextProvider>,
  );

describe('the errors namespace comes with the first coded answer', () => {
  test('nothing is fetched while no coded answer shows', async () => {
    const { i18n, reads } = await setup('loads');
    show(i18n, null);
    expect(reads).toEqual([]);
  });

  test("a coded answer waits for the namespace, then shows the code's words", async () => {
    const { i18n, reads, answer } = await setup('loads');
    show(i18n, wrongPassword);
    expect(screen.getByTestId('alert').textContent).toBe('(waiting)');
    expect(reads).toEqual(['errors']);
    answer();
    await waitFor(() =>
      expect(screen.getByTestId('alert').textContent).toBe(errors.AUTH.INVALID_CREDENTIALS),
    );
  });

  test("a code without words reads as the screen's fallback", async () => {
    const { i18n, answer } = await setup('loads');
    show(i18n, unknownCode);
    answer();
    await waitFor(() =>
      expect(screen.getByTestId('alert').textContent).toBe(errors.AUTH.INVALID_CREDENTIALS),
    );
  });

  test('when the namespace cannot be fetched, the generic text shows, never a key', async () => {
    const { i18n, answer } = await setup('fails');
    show(i18n, wrongPassword);
    answer();
    await waitFor(() => expect(screen.getByTestId('alert').textContent).toBe(common.errors.unknown));
  });

  test('no connection needs no namespace: it reads as a network problem at once', async () => {
    const { i18n, reads } = await setup('loads');
    show(i18n, { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    expect(screen.getByTestId('alert').textContent).toBe(common.errors.network);
    expect(reads).toEqual([]);
  });
});
