import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { useReaderScript } from '../../src/lib/reader-script';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tokenFor = (role: string) =>
  `${b64({ alg: 'EdDSA' })}.${b64({ sub: 'u1', role, fullName: 'Ana', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

function Shown({ text }: { text: string }) {
  return <p data-testid="shown">{useReaderScript()(text)}</p>;
}

async function shownTo(role: string | null, language: string, text: string): Promise<string> {
  localStorage.clear();
  if (role) localStorage.setItem('token', tokenFor(role));
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, resources: {}, showSupportNotice: false });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <Shown text={text} />
    </I18nextProvider>,
  );
  const shown = screen.getByTestId('shown').textContent ?? '';
  view.unmount();
  return shown;
}

describe('user-written text on screen', () => {
  test.each([
    ['a visitor', null],
    ['a worker', 'Worker'],
    ['an estate', 'Estate'],
  ])('%s reading Cyrillic reads a Latin-typed title in Cyrillic, its e-mail kept', async (_, role) => {
    await expect(shownTo(role, 'sr-Cyrl', 'Berba malina, pišite na ana@primer.rs')).resolves.toBe(
      'Берба малина, пишите на ana@primer.rs',
    );
  });

  test('a worker reading Latin or English reads a Cyrillic-typed name in Latin', async () => {
    await expect(shownTo('Worker', 'sr-Latn', 'Милена Јовановић')).resolves.toBe('Milena Jovanović');
    await expect(shownTo('Worker', 'en', 'Милена Јовановић')).resolves.toBe('Milena Jovanović');
  });

  test.each(['sr-Cyrl', 'sr-Latn', 'en'])(
    'an admin reading %s reads it exactly as it was typed, in either script',
    async (language) => {
      await expect(shownTo('Admin', language, 'Berba malina')).resolves.toBe('Berba malina');
      await expect(shownTo('Admin', language, 'Милена Јовановић')).resolves.toBe('Милена Јовановић');
    },
  );
});

test('the rule lives in useReaderScript: no screen converts user-written text itself', () => {
  const { readdirSync, readFileSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
  const path = jest.requireActual<typeof import('node:path')>('node:path');
  const src = path.join(__dirname, '../../src');
  const screens = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.tsx'));
  const converting = screens.filter((f) =>
    /\b(inScript|toCyrillic|toLatin)\(/.test(readFileSync(path.join(src, f), 'utf8')),
  );
  expect(converting).toEqual([]);
});
