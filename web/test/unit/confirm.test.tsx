import i18next from 'i18next';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ConfirmationView, DayBoard } from '@moba/contracts';
import { ConfirmationPrompt } from '../../src/features/day-of-work';
import DayBoardPage from '../../src/features/day-of-work/confirm/DayBoardPage';
import common from '../../src/locales/sr-Latn/common.json';
import errors from '../../src/locales/sr-Latn/errors.json';
import dayOfWork from '../../src/locales/sr-Latn/day-of-work.json';
import dayOfWorkEn from '../../src/locales/en/day-of-work.json';
import { startTestI18n } from './fixtures/i18n';

const mockAnswer = jest.fn();
const mockBoard = jest.fn();
jest.mock('../../src/features/day-of-work/confirm/api', () => ({
  useAnswerConfirmationMutation: () => [mockAnswer, { isLoading: false, error: undefined }],
  useDayBoardQuery: (args: unknown) => mockBoard(args),
}));
jest.mock('../../src/features/day-of-work/confirm/confirm.css', () => ({}));

beforeAll(() =>
  startTestI18n({
    'sr-Latn': { common, errors, 'day-of-work': dayOfWork },
    en: { 'day-of-work': dayOfWorkEn },
  }),
);
beforeEach(async () => {
  mockAnswer.mockReset();
  mockBoard.mockReset();
  await i18next.changeLanguage('sr-Latn');
});

const applicationId = '6f1c1f43-5f3e-4a53-9f59-2f1f4d6f0a11';
const asked = (headsAccepted: number): ConfirmationView => ({
  id: `${applicationId}:2026-07-05`,
  applicationId,
  vacancyId: '1b0e8c55-8d7a-4a6e-9d3c-6d3f3c1e2a22',
  stretchStart: '2026-07-05',
  days: ['2026-07-05', '2026-07-06', '2026-07-07'],
  state: 'Asked',
  headsAccepted,
  headsConfirmed: 0,
  channel: null,
  askedAt: '2026-07-04T16:00:00.000Z',
  deadline: '2026-07-04T19:00:00.000Z',
  answeredAt: null,
});

describe('the worker answers a confirmation on My mobas', () => {
  test('a solo worker taps "Dolazim": one yes without heads, then the answer shows', async () => {
    mockAnswer.mockResolvedValue({
      data: { ...asked(1), state: 'Confirmed', headsConfirmed: 1, channel: 'app' },
    });
    render(<ConfirmationPrompt confirmation={asked(1)} />);
    expect(screen.getByTestId('confirmation-prompt').textContent).toContain('3 radna dana');
    expect(screen.getByTestId('confirmation-prompt').textContent).toContain('Odgovorite do 21:00');
    expect(screen.queryByTestId('confirm-heads')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Dolazim' })));
    expect(mockAnswer).toHaveBeenCalledWith({ applicationId, answer: 'yes' });
    expect(screen.getByTestId('confirmation-answered').dataset.state).toBe('Confirmed');
    expect(screen.getByTestId('confirmation-answered').textContent).toContain('1 osoba');
  });

  test('a leader steps the heads between 1 and those accepted and confirms fewer', async () => {
    mockAnswer.mockResolvedValue({ data: { ...asked(4), state: 'Confirmed', headsConfirmed: 2 } });
    render(<ConfirmationPrompt confirmation={asked(4)} />);
    const more = screen.getByRole('button', { name: 'Jedna osoba više' });
    const fewer = screen.getByRole('button', { name: 'Jedna osoba manje' });
    expect(more).toHaveProperty('disabled', true);
    fireEvent.click(fewer);
    fireEvent.click(fewer);
    expect(screen.getByTestId('confirm-heads').textContent).toBe('2');
    expect(screen.getByTestId('confirmation-prompt').textContent).toContain('Dolaze 2 osobe');
    fireEvent.click(fewer);
    expect(fewer).toHaveProperty('disabled', true);
    fireEvent.click(more);
    await act(async () => fireEvent.click(screen.getByTestId('confirm-yes')));
    expect(mockAnswer).toHaveBeenCalledWith({ applicationId, answer: 'yes', heads: 2 });
    expect(screen.getByTestId('confirmation-answered').textContent).toContain('2 osobe');
  });

  test('"Ne mogu" sends a no; an answered or missed confirmation only says how it stands', async () => {
    mockAnswer.mockResolvedValue({ data: { ...asked(1), state: 'Declined' } });
    const { unmount } = render(<ConfirmationPrompt confirmation={asked(1)} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ne mogu' })));
    expect(mockAnswer).toHaveBeenCalledWith({ applicationId, answer: 'no' });
    expect(screen.getByTestId('confirmation-answered').textContent).toContain('ne dolazite');
    unmount();
    render(<ConfirmationPrompt confirmation={{ ...asked(1), state: 'Unanswered' }} />);
    expect(screen.getByTestId('confirmation-answered').textContent).toContain('do roka');
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('in English the buttons read "I\'m coming" and "I can\'t"', async () => {
    await i18next.changeLanguage('en');
    render(<ConfirmationPrompt confirmation={asked(1)} />);
    expect(screen.getByTestId('confirm-yes').textContent).toBe("I'm coming");
    expect(screen.getByTestId('confirm-no').textContent).toBe("I can't");
  });
});

describe("the estate's day board", () => {
  const board: DayBoard = {
    vacancyId: '1b0e8c55-8d7a-4a6e-9d3c-6d3f3c1e2a22',
    title: 'Berba malina',
    workDays: ['2026-07-05', '2026-07-06'],
    day: '2026-07-05',
    stretchStart: '2026-07-05',
    askAt: '18:00',
    deadlineAt: '21:00',
    unanswered: 'flag',
    rows: [
      {
        applicationId,
        name: 'Vođa Marko',
        headsAccepted: 4,
        state: 'Confirmed',
        headsConfirmed: 3,
        channel: 'sms',
        flagged: false,
      },
      {
        applicationId: '2b0e8c55-8d7a-4a6e-9d3c-6d3f3c1e2a22',
        name: 'Ana',
        headsAccepted: 1,
        state: 'Declined',
        headsConfirmed: 0,
        channel: 'app',
        flagged: false,
      },
      {
        applicationId: '3b0e8c55-8d7a-4a6e-9d3c-6d3f3c1e2a22',
        name: 'Pera',
        headsAccepted: 1,
        state: 'Unanswered',
        headsConfirmed: 0,
        channel: 'deadline',
        flagged: true,
      },
    ],
    totals: { accepted: 6, confirmed: 3, declined: 2, noAnswer: 1, notAsked: 0 },
  };

  test('shows the totals in heads, a chip per row, the flagged place marked, and switches days', () => {
    mockBoard.mockReturnValue({ data: board, isLoading: false, error: undefined, refetch: () => {} });
    render(
      <MemoryRouter initialEntries={[`/estate/my-mobas/${board.vacancyId}/board`]}>
        <Routes>
          <Route path="/estate/my-mobas/:vacancyId/board" element={<DayBoardPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('total-confirmed').textContent).toBe('3 potvrdile dolazak');
    expect(screen.getByTestId('total-declined').textContent).toBe('2 ne dolaze');
    expect(screen.getByTestId('total-noAnswer').textContent).toBe('1 bez odgovora');
    const rows = screen.getByTestId('board-rows').querySelectorAll('li');
    expect(rows[0]!.textContent).toContain('Dolaze 3');
    expect(rows[0]!.textContent).toContain('SMS');
    expect(rows[2]!.className).toBe('flagged');
    expect(rows[2]!.textContent).toContain('Označeno');
    expect(screen.getByRole('tab', { selected: true }).dataset.testid).toBe('board-day-2026-07-05');
    fireEvent.click(screen.getByTestId('board-day-2026-07-06'));
    expect(mockBoard).toHaveBeenLastCalledWith({ vacancyId: board.vacancyId, day: '2026-07-06' });
  });
});
