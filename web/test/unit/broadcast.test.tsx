import i18next from 'i18next';
import { Provider } from 'react-redux';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { BroadcastReportItem } from '@moba/contracts';
import { store } from '../../src/lib/store';
import { BroadcastComposer, BroadcastList, broadcastText } from '../../src/features/day-of-work';
import { currentWorkDays, daysToName } from '../../src/features/day-of-work/broadcast/work-days';
import { mapStrings, unmark } from '../../src/lib/translit';
import common from '../../src/locales/sr-Latn/common.json';
import errors from '../../src/locales/sr-Latn/errors.json';
import dayOfWork from '../../src/locales/sr-Latn/day-of-work.json';
import commonEn from '../../src/locales/en/common.json';
import dayOfWorkEn from '../../src/locales/en/day-of-work.json';
import { startTestI18n } from './fixtures/i18n';

beforeAll(() =>
  startTestI18n({
    'sr-Latn': { common, errors, 'day-of-work': mapStrings(dayOfWork, unmark) as typeof dayOfWork },
    en: { common: commonEn, 'day-of-work': dayOfWorkEn },
  }),
);
afterEach(() => act(() => void i18next.changeLanguage('sr-Latn')));

const item = (over: Partial<BroadcastReportItem>): BroadcastReportItem => ({
  id: crypto.randomUUID(),
  vacancyId: '6f1c1f43-5f3e-4a53-9f59-2f1f4d6f0a11',
  day: null,
  template: 'start-moved',
  value: '09:00',
  sentAt: '2027-07-01T08:00:00.000Z',
  recipients: [],
  totals: { recipients: 0, queued: 0, delivered: 0, read: 0, smsSent: 0, failed: 0 },
  ...over,
});

describe('work days as the estate sees them', () => {
  test('every day of the moba, with each "no work" move applied in the order sent', () => {
    const moba = { startDate: '2027-07-01', endDate: '2027-07-03' };
    const sent = [
      item({ template: 'no-work', day: '2027-07-01', movedTo: '2027-07-05', sentAt: '2027-06-30T12:00:00Z' }),
      item({ template: 'no-work', day: '2027-07-02', movedTo: '2027-07-04', sentAt: '2027-06-29T12:00:00Z' }),
      item({ template: 'free', text: 'x' }),
    ];
    expect(currentWorkDays(moba, sent)).toEqual(['2027-07-03', '2027-07-04', '2027-07-05']);
  });

  test('a day is named from today on, "no work" from tomorrow on', () => {
    const days = ['2027-07-01', '2027-07-02', '2027-07-03'];
    expect(daysToName(days, '2027-07-02', false)).toEqual(['2027-07-02', '2027-07-03']);
    expect(daysToName(days, '2027-07-02', true)).toEqual(['2027-07-03']);
  });
});

describe('the worker’s text of a broadcast', () => {
  const words = { vacancyTitle: 'Berba malina', estateName: 'Imanje Sunce', day: null };
  test.each([
    [
      'sr-Latn',
      { template: 'start-moved', value: '09:00' },
      'Imanje Sunce, moba „Berba malina”: od sada počinjemo u 09:00.',
    ],
    [
      'en',
      { template: 'start-moved', value: '09:00' },
      'Imanje Sunce, moba “Berba malina”: from now on we start at 09:00.',
    ],
    ['sr-Latn', { template: 'bring', value: 'čizme' }, 'Imanje Sunce, moba „Berba malina”: ponesite čizme.'],
    ['sr-Latn', { template: 'free', text: 'Sutra u 7.' }, 'Imanje Sunce, moba „Berba malina”: Sutra u 7.'],
  ])('in %s: %j', async (lng, facts, expected) => {
    await act(() => i18next.changeLanguage(lng));
    expect(broadcastText(i18next.t, lng, { ...words, ...facts })).toBe(expected);
  });

  test('no work names the day and the day it moved to', () => {
    const text = broadcastText(i18next.t, 'sr-Latn', {
      ...words,
      template: 'no-work',
      day: '2027-07-02',
      movedTo: '2027-07-21',
    });
    expect(text).toMatch(
      /^Imanje Sunce, moba „Berba malina”: 2\.\s?7\.\s?2027\.? nema rada zbog vremena, a taj dan se radi 21\.\s?7\.\s?2027\.$/,
    );
  });
});

const moba = {
  id: '6f1c1f43-5f3e-4a53-9f59-2f1f4d6f0a11',
  title: 'Berba malina',
  estateName: 'Imanje Sunce',
  workDays: ['2027-07-01', '2027-07-02', '2027-07-03'],
  today: '2027-07-01',
};
const compose = () =>
  render(
    <Provider store={store}>
      <BroadcastComposer moba={moba} />
    </Provider>,
  );

describe('the composer', () => {
  test('a start moved to 09:00 previews the worker’s text and asks before sending', () => {
    compose();
    expect(screen.getByText('Popunite poruku da vidite kako će izgledati.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('broadcast-time'), { target: { value: '09:00' } });
    expect(screen.getByTestId('broadcast-preview').textContent).toBe(
      'Imanje Sunce, moba „Berba malina”: od sada počinjemo u 09:00.',
    );
    fireEvent.click(screen.getByTestId('broadcast-send'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/ide svima prihvaćenima na ovoj mobi/)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Odustani'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('free text is checked live with the shared schema: a phone number, a money request', () => {
    compose();
    fireEvent.click(screen.getByLabelText('Slobodan tekst'));
    const text = screen.getByTestId('broadcast-text');
    fireEvent.change(text, { target: { value: 'Javite se na 064 123 4567' } });
    expect(screen.getByRole('alert').textContent).toBe(common.validation.phone_in_text);
    fireEvent.change(text, { target: { value: 'Uplatite 500 dinara kotizacije' } });
    expect(screen.getByRole('alert').textContent).toBe(dayOfWork.broadcast.composer.moneyRequest);
    fireEvent.change(text, { target: { value: 'Sutra beremo na donjoj parceli.' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/Ostalo je još 269 znakova/)).toBeTruthy();
  });

  test('"no work" offers only coming work days and needs one before it asks', () => {
    compose();
    fireEvent.click(screen.getByLabelText('Nema rada (vreme)'));
    const options = [...(screen.getByTestId('broadcast-day') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    expect(options).toEqual(['', '2027-07-02', '2027-07-03']);
    fireEvent.click(screen.getByTestId('broadcast-send'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(common.validation.required);
    fireEvent.change(screen.getByTestId('broadcast-day'), { target: { value: '2027-07-02' } });
    expect(screen.getByTestId('broadcast-preview').textContent).toMatch(
      /nema rada zbog vremena, a taj dan se radi 4\.\s?7\.\s?2027\.$/,
    );
  });
});

describe('the sent list', () => {
  test('shows each recipient’s state and the totals', () => {
    render(
      <BroadcastList
        moba={moba}
        broadcasts={[
          item({
            recipients: [
              { workerId: crypto.randomUUID(), name: 'Ana', state: 'read', sms: null },
              { workerId: crypto.randomUUID(), name: 'Boško', state: 'sms-sent', sms: 'sent' },
              { workerId: crypto.randomUUID(), name: 'Ceca', state: 'failed', sms: 'failed' },
            ],
            totals: { recipients: 3, queued: 0, delivered: 0, read: 1, smsSent: 1, failed: 1 },
          }),
        ]}
      />,
    );
    expect(screen.getAllByTestId('broadcast-recipient-state').map((s) => s.textContent)).toEqual([
      'Pročitano',
      'SMS poslat',
      'Nije uspelo',
    ]);
    expect(screen.getByTestId('broadcast-total-read').textContent).toBe('1');
    expect(screen.getByText(/3 primaoca/)).toBeTruthy();
  });
});
