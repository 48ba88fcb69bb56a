import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import common from '../../src/locales/sr-Latn/common.json';
import errors from '../../src/locales/sr-Latn/errors.json';
import dayOfWork from '../../src/locales/sr-Latn/day-of-work.json';
import MeetingFields from '../../src/features/day-of-work/meeting/MeetingFields';
import {
  checkMeetingDraft,
  createPartOf,
  daysToPick,
  draftOf,
  emptyMeetingDraft,
  settingsOf,
  type MeetingDraft,
  type MeetingDraftField,
} from '../../src/features/day-of-work/meeting/meeting-draft';
import { checkDraft, initialDraft, toBody } from '../../src/features/create-moba/draft';
import { startTestI18n } from './fixtures/i18n';

beforeAll(() => startTestI18n({ 'sr-Latn': { common, errors, 'day-of-work': dayOfWork } }));

const filled = (overrides: Partial<MeetingDraft> = {}): MeetingDraft => ({
  ...emptyMeetingDraft(),
  point: 'Ispred zadruge',
  time: '06:30',
  contactName: 'Predrag',
  contactPhone: '064 555 1234',
  ...overrides,
});

describe('the meeting draft, checked with the shared schema', () => {
  test('untouched, the create form sends nothing; a changed confirmation alone is sent', () => {
    expect(createPartOf(emptyMeetingDraft())).toBeUndefined();
    expect(createPartOf({ ...emptyMeetingDraft(), unanswered: 'free' })).toEqual({
      confirmation: { askAt: '18:00', deadlineAt: '21:00', unanswered: 'free' },
    });
    expect(checkMeetingDraft(emptyMeetingDraft())).toEqual({});
  });

  test('a started meeting names each missing field', () => {
    expect(checkMeetingDraft({ ...emptyMeetingDraft(), point: 'Zadruga' })).toEqual({
      time: expect.stringMatching(/^invalid_time/),
      contactName: expect.stringMatching(/^required/),
      contactPhone: expect.any(String),
    });
  });

  test('a pin needs both numbers within range; a comma is read as a decimal point', () => {
    expect(checkMeetingDraft(filled({ lat: '43,75' }))).toHaveProperty('lng');
    expect(checkMeetingDraft(filled({ lat: '95', lng: '20' }))).toHaveProperty('lat');
    expect(settingsOf(filled({ lat: '43,75', lng: '20.1' })).meeting!.pin).toEqual({ lat: 43.75, lng: 20.1 });
  });

  test('a phone number in the point, a deadline before the ask and a day outside the moba are refused', () => {
    const problems = checkMeetingDraft(
      filled({
        point: 'zovite 0641234567',
        askAt: '20:00',
        deadlineAt: '19:00',
        dayTimes: [{ day: '2027-06-01', time: '07:00' }],
      }),
      { startDate: '2027-07-01', endDate: '2027-07-03' },
    );
    expect(problems).toMatchObject({
      point: expect.stringMatching(/^phone_in_text/),
      deadlineAt: expect.stringMatching(/^deadline_before_ask/),
      'day:2027-06-01': expect.stringMatching(/^day_outside_moba/),
    });
  });

  test("the edit screen's draft of what a moba has, and back: nothing typed clears the meeting", () => {
    const current = {
      meeting: {
        point: 'Zadruga',
        pin: { lat: 43.75, lng: 20.1 },
        time: '06:30',
        timeByDay: { '2027-07-02': '08:00' },
        contactName: 'Ana',
        contactPhone: '0641234567',
        contactPhoneCountry: 'RS' as const,
      },
      confirmation: { askAt: '17:00', deadlineAt: '20:00', unanswered: 'free' as const },
    };
    const draft = draftOf(current);
    expect(draft).toMatchObject({ lat: '43.75', dayTimes: [{ day: '2027-07-02', time: '08:00' }] });
    const { contactPhoneCountry: _country, ...meetingBack } = current.meeting;
    expect(settingsOf(draft)).toEqual({ meeting: meetingBack, confirmation: current.confirmation });
    expect(settingsOf({ ...emptyMeetingDraft(), askAt: '17:00' }).meeting).toBeNull();
    expect(daysToPick('2027-07-01', '2027-07-03')).toEqual(['2027-07-01', '2027-07-02', '2027-07-03']);
    expect(daysToPick('', '2027-07-03')).toEqual([]);
  });

  test('the create form carries the part and refuses the moba while the meeting has a problem', () => {
    const today = '2027-06-01';
    const moba = {
      ...initialDraft(),
      title: 'Berba',
      description: 'Berba malina',
      municipality: 'Arilje',
      jobActivities: ['berba-branje'],
      numberOfWorkers: '3',
      dailyWage: '4000',
      startDate: '2027-07-01',
      endDate: '2027-07-03',
      foodProvided: true,
      transportProvided: false,
      accommodationProvided: false,
      groupLeadersAccepted: true,
    };
    expect(checkDraft(moba, today).problems).toEqual({});
    expect(toBody({ ...moba, dayOfWork: filled() }).dayOfWork).toMatchObject({
      meeting: { point: 'Ispred zadruge' },
    });
    const broken = checkDraft({ ...moba, dayOfWork: filled({ contactPhone: '' }) }, today);
    expect(broken.result.success).toBe(false);
    expect(broken.problems).toHaveProperty('dayOfWork');
  });
});

function Harness({ initial, days = [] }: { initial: MeetingDraft; days?: string[] }) {
  const [value, setValue] = useState(initial);
  const [left, setLeft] = useState<Set<MeetingDraftField>>(new Set());
  return (
    <>
      <MeetingFields
        value={value}
        onChange={setValue}
        problems={checkMeetingDraft(value)}
        shown={(field) => left.has(field)}
        onLeave={(field) => setLeft(new Set(left).add(field))}
        days={days}
      />
      <output data-testid="value">{JSON.stringify(settingsOf(value))}</output>
    </>
  );
}

describe('the meeting fields', () => {
  test('show the defaults of the confirmation and the problem of a field once it is left', () => {
    render(<Harness initial={emptyMeetingDraft()} />);
    expect(screen.getByText(/Podrazumevano: potvrda u 18:00, rok u 21:00/)).toBeTruthy();
    expect((screen.getByTestId('meeting-ask-at') as HTMLInputElement).value).toBe('18:00');
    fireEvent.change(screen.getByTestId('meeting-point'), { target: { value: 'Zadruga' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(screen.getByTestId('meeting-contact-name'));
    expect(screen.getByRole('alert').textContent).toBeTruthy();
    expect(screen.getByLabelText('Kontakt osoba').getAttribute('aria-invalid')).toBe('true');
  });

  test('a day with a time of its own is added from the moba days and removed again', () => {
    render(<Harness initial={filled()} days={['2027-07-01', '2027-07-02']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj dan sa drugim vremenom' }));
    expect(JSON.parse(screen.getByTestId('value').textContent!).meeting.timeByDay).toEqual({
      '2027-07-01': '06:30',
    });
    fireEvent.click(screen.getByRole('button', { name: /Ukloni dan/ }));
    expect(JSON.parse(screen.getByTestId('value').textContent!).meeting.timeByDay).toEqual({});
  });

  test('"use my location" fills the pin from the phone', () => {
    const getCurrentPosition = jest.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 43.7521234, longitude: 20.0968 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    render(<Harness initial={filled()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Upotrebi moju lokaciju' }));
    expect(JSON.parse(screen.getByTestId('value').textContent!).meeting.pin).toEqual({
      lat: 43.752123,
      lng: 20.0968,
    });
  });
});
