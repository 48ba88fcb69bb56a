import i18next from 'i18next';
import { Provider } from 'react-redux';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { cancelApplicationRequestSchema, workerCancelReasons, type MyVacancy } from '@moba/contracts';
import { store } from '../../src/lib/store';
import common from '../../src/locales/sr-Latn/common.json';
import errors from '../../src/locales/sr-Latn/errors.json';
import dayOfWork from '../../src/locales/sr-Latn/day-of-work.json';
import dayOfWorkEn from '../../src/locales/en/day-of-work.json';
import { ReliabilityFigures } from '../../src/features/day-of-work/standby/ReliabilityFigures';
import { ReleaseDialog } from '../../src/features/day-of-work/standby/ReleaseDialog';
import { MyPlaceActions } from '../../src/features/day-of-work/standby/MyPlaceActions';
import { releaseIsLate } from '../../src/features/day-of-work/standby/late';
import { startTestI18n } from './fixtures/i18n';

beforeAll(() =>
  startTestI18n({
    'sr-Latn': { common, errors, 'day-of-work': dayOfWork },
    en: { 'day-of-work': dayOfWorkEn },
  }),
);
afterEach(() => i18next.changeLanguage('sr-Latn'));

const figures = (accepted: number, lateCancellations: number, noShows: number) => ({
  workerId: '8a4f0d1e-0c44-4d8f-9a51-1b1e2d3c4b5a',
  accepted,
  cancellations: lateCancellations,
  lateCancellations,
  noShows,
});

describe('reliability figures', () => {
  test('counts read with the Serbian plural forms', () => {
    const { rerender } = render(<ReliabilityFigures reliability={figures(1, 3, 5)} />);
    expect(screen.getByTestId('reliability').textContent).toBe(
      'Pouzdanost: 1 posao · 3 kasna otkazivanja · 5 nedolazaka',
    );
    rerender(<ReliabilityFigures reliability={figures(21, 1, 2)} />);
    expect(screen.getByTestId('reliability').textContent).toBe(
      'Pouzdanost: 21 posao · 1 kasno otkazivanje · 2 nedolaska',
    );
  });

  test('in English, and a worker without any record reads "no figures yet"', async () => {
    await i18next.changeLanguage('en');
    const { rerender } = render(<ReliabilityFigures reliability={figures(2, 1, 0)} />);
    expect(screen.getByTestId('reliability').textContent).toBe(
      'Reliability: 2 jobs · 1 late cancellation · 0 no-shows',
    );
    rerender(<ReliabilityFigures reliability={figures(0, 0, 0)} />);
    expect(screen.getByTestId('reliability').textContent).toBe('Reliability: no figures yet.');
  });
});

describe('the late warning mirrors the server rule', () => {
  test('a moba starting today is late to cancel; one a month ahead is not', () => {
    const now = new Date('2027-07-01T09:00:00Z');
    expect(releaseIsLate('worker-cancelled', { startDate: '2027-07-01', endDate: '2027-07-10' }, now)).toBe(
      true,
    );
    expect(releaseIsLate('worker-cancelled', { startDate: '2027-08-01', endDate: '2027-08-10' }, now)).toBe(
      false,
    );
  });
});

describe('the reason dialog', () => {
  const open = (onSubmit = jest.fn(async () => ({}))) => {
    render(
      <ReleaseDialog
        title="Otkazivanje"
        schema={cancelApplicationRequestSchema}
        reasons={workerCancelReasons}
        reasonLabel="Zašto otkazujete?"
        reasonText={(r) => i18next.t(`day-of-work:standby.reasons.${r}`)}
        warning={{ late: true, text: i18next.t('day-of-work:standby.lateWarning') }}
        submitLabel="Otkaži mesto"
        busy={false}
        error={null}
        onSubmit={onSubmit}
        onClose={() => undefined}
        testId="cancel-dialog"
      />,
    );
    return onSubmit;
  };

  test('warns when late, and sends nothing until a reason is chosen', async () => {
    const onSubmit = open();
    expect(screen.getByRole('alert').textContent).toContain('manje od 24 sata');
    fireEvent.click(screen.getByTestId('cancel-dialog-submit'));
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(1));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test('sends the chosen reason and the note', async () => {
    const onSubmit = open();
    fireEvent.click(screen.getByTestId('reason-transport'));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Pokvario se autobus' } });
    fireEvent.click(screen.getByTestId('cancel-dialog-submit'));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ reason: 'transport', note: 'Pokvario se autobus' }),
    );
  });

  test('a phone number in the note is refused before sending, as the server would', async () => {
    const onSubmit = open();
    fireEvent.click(screen.getByTestId('reason-other'));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'zovite 064 123 4567' } });
    fireEvent.click(screen.getByTestId('cancel-dialog-submit'));
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(1));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('what a My mobas card offers', () => {
  const card = (application: Partial<MyVacancy['application']>) =>
    ({
      id: '5b0c1c55-6c1f-4d63-9a52-0c8f3c2b7d11',
      title: 'Berba malina',
      startDate: '2099-07-01',
      endDate: '2099-07-10',
      application: {
        id: '0e6f2bb1-4a6a-4c55-8d1e-2f3a4b5c6d7e',
        status: 'Pending',
        positions: 1,
        peopleCount: 0,
        submittedAt: '2099-06-01T08:00:00Z',
        ...application,
      },
    }) as unknown as MyVacancy;
  const show = (vacancy: MyVacancy, finished = false) =>
    render(
      <Provider store={store}>
        <MyPlaceActions vacancy={vacancy} finished={finished} />
      </Provider>,
    );

  test('an accepted place can be cancelled; a finished one cannot', () => {
    show(card({ status: 'Accepted' }));
    expect(screen.getByTestId('cancel-place').textContent).toBe('Otkaži');
    fireEvent.click(screen.getByTestId('cancel-place'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(workerCancelReasons.length);
  });

  test('a pending application shows "Uzmi mesto" only while a place is offered', () => {
    const { unmount } = show(card({ status: 'Pending' }));
    expect(screen.queryByTestId('take-place')).toBeNull();
    unmount();
    show(card({ status: 'Pending', standbyOffer: { offeredAt: '2099-06-02T08:00:00Z', freePositions: 1 } }));
    expect(screen.getByTestId('take-place').textContent).toBe('Uzmi mesto');
  });

  test('nothing is offered on a finished moba', () => {
    show(card({ status: 'Accepted' }), true);
    expect(screen.queryByTestId('cancel-place')).toBeNull();
  });
});
