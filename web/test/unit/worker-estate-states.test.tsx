import i18next from 'i18next';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryState } from '../../src/components/States';
import { VacancyFacts } from '../../src/components/VacancyFacts';
import common from '../../src/locales/sr-Latn/common.json';
import errors from '../../src/locales/sr-Latn/errors.json';
import mobas from '../../src/locales/sr-Latn/mobas.json';
import myMobas from '../../src/locales/sr-Latn/my-mobas.json';
import mobasEn from '../../src/locales/en/mobas.json';
import { startTestI18n } from './fixtures/i18n';

beforeAll(() =>
  startTestI18n({
    'sr-Latn': { common, errors, mobas, 'my-mobas': myMobas },
    en: { mobas: mobasEn },
  }),
);

const page = { isLoading: false, error: null, isEmpty: false, empty: <p>prazno</p> };

describe('the loading, error and empty states of the worker and estate screens', () => {
  test('loading shows the spinner and nothing else', () => {
    render(
      <QueryState {...page} isLoading>
        sadržaj
      </QueryState>,
    );
    expect(screen.getByRole('status').textContent).toContain('Učitavanje');
    expect(screen.queryByText('sadržaj')).toBeNull();
  });

  test("a failed call shows the screen's own spec text and a retry", () => {
    const retry = jest.fn();
    render(
      <QueryState
        {...page}
        error={{ status: 500, data: { error: { code: 'INTERNAL', message: 'boom' } } }}
        errorKey="my-mobas:applicants.error"
        onRetry={retry}
      >
        sadržaj
      </QueryState>,
    );
    expect(screen.getByTestId('load-error').textContent).toContain(
      'Greška pri učitavanju odobrenih radnika.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pokušaj ponovo' }));
    expect(retry).toHaveBeenCalled();
  });

  test('no connection reads as a network problem, not as the screen error', () => {
    render(
      <QueryState {...page} error={{ status: 'FETCH_ERROR', error: 'x' }} errorKey="mobas:errors.load">
        x
      </QueryState>,
    );
    expect(screen.getByTestId('load-error').textContent).toContain('Nema veze sa serverom');
  });

  test('an empty list shows the empty notice', () => {
    render(
      <QueryState {...page} isEmpty>
        sadržaj
      </QueryState>,
    );
    expect(screen.getByTestId('empty').textContent).toBe('prazno');
  });
});

describe('the facts of a moba', () => {
  const vacancy = {
    municipality: 'Arilje',
    startDate: '2026-06-02',
    endDate: '2026-06-10',
    paymentType: 'DailyWage' as const,
    dailyWage: 3500,
    foodProvided: true,
    transportProvided: false,
    accommodationProvided: true,
    freePositions: 3,
    totalPositions: 8,
  };

  test('each fact is in words next to its icon: wage in RSD, place, food, transport, accommodation, free places', () => {
    const { container } = render(<VacancyFacts vacancy={vacancy} />);
    const text = container.textContent ?? '';
    for (const words of [
      'Plata: 3.500 RSD dnevno',
      'Mesto: Arilje',
      'Hrana: da',
      'Prevoz: ne',
      'Smeštaj: da',
      'Slobodna mesta: 3 od 8',
    ]) {
      expect(text).toContain(words);
    }
    expect(container.querySelectorAll('svg[aria-hidden="true"]').length).toBe(
      container.querySelectorAll('li').length,
    );
  });

  test('in English, by agreement', async () => {
    await i18next.changeLanguage('en');
    const { container, unmount } = render(
      <VacancyFacts vacancy={{ ...vacancy, paymentType: 'ByAgreement' }} />,
    );
    expect(container.textContent).toContain('Pay: by agreement');
    expect(container.textContent).toContain('Free places: 3 of 8');
    unmount();
    await i18next.changeLanguage('sr-Latn');
  });
});
