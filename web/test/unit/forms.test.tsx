/**
 * Every form of the app is built one way (react-hook-form with the shared schema, errors as coded
 * tokens translated in one place): on the first submit each broken field shows its translated error
 * and the first one gets focus; a valid form sends the body the server validates.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { crops, type AdminUserItem, type EstateProfile, type WorkerProfile } from '@moba/contracts';
import common from '../../src/locales/en/common.json';
import errors from '../../src/locales/en/errors.json';
import trust from '../../src/locales/en/trust.json';
import profile from '../../src/locales/en/profile.json';
import crewTexts from '../../src/locales/en/crew.json';
import donations from '../../src/locales/en/donations.json';
import { MemoryRouter } from 'react-router-dom';
import DonationForm from '../../src/features/donations/DonationForm';
import createMoba from '../../src/locales/en/create-moba.json';
import mobas from '../../src/locales/en/mobas.json';
import admin from '../../src/locales/en/admin.json';
import { BanDialog } from '../../src/features/admin/pages/UsersPage';
import ReviewPage from '../../src/features/admin/pages/ReviewPage';
import { QueueFilters } from '../../src/features/admin/queue/QueueFilters';
import { DailyStatsSection } from '../../src/features/admin/stats/DailyStatsSection';
import publicTexts from '../../src/locales/en/public.json';
import { QuickGuestForm } from '../../src/features/guest/QuickGuestForm';
import CreateMobaPage from '../../src/features/create-moba/pages/CreateMobaPage';
import { calendarDay } from '@moba/contracts';
import { ReportDialog } from '../../src/features/mobas/components/ReportDialog';
import { VerifyEstateDialog } from '../../src/features/admin/components/VerifyEstateDialog';
import { EstateForm } from '../../src/features/profile/pages/EstateProfilePage';
import { WorkerForm } from '../../src/features/profile/pages/WorkerProfilePage';
import work from '../../src/locales/en/work.json';
import { CrewEditor } from '../../src/features/crew/components/CrewEditor';
import { reviewItemFields } from './fixtures/review-item';
import { startTestI18n } from './fixtures/i18n';

const mockSend = jest.fn();
const mutation = () => [mockSend, { isLoading: false, isSuccess: false, error: undefined, reset: () => {} }];
jest.mock('../../src/features/mobas/report-api', () => ({ useReportVacancyMutation: () => mutation() }));
jest.mock('../../src/features/admin/trust-api', () => ({ useSetEstateVerifiedMutation: () => mutation() }));
jest.mock('../../src/features/profile/api', () => ({
  useUpdateEstateProfileMutation: () => mutation(),
  useUpdateWorkerProfileMutation: () => mutation(),
}));
const mockCrew = { current: { leaderId: 'l1', members: [] as unknown[], updatedAt: null } };
jest.mock('../../src/features/crew/api', () => ({
  useMyCrewQuery: () => ({ data: mockCrew.current, isLoading: false, error: undefined, refetch: () => {} }),
  useSaveCrewMutation: () => mutation(),
}));
jest.mock('../../src/features/donations/api', () => ({
  useDonationInstructionsMutation: () => mutation(),
  useCreatePaymentMutation: () => mutation(),
}));
jest.mock('../../src/features/create-moba/api', () => ({ useCreateVacancyMutation: () => mutation() }));
jest.mock('../../src/features/featuring/api', () => ({
  useFeaturingOfferQuery: () => ({ data: { freeForNew: false, priceRsd: 1200 } }),
}));
jest.mock('../../src/features/featuring/useFeaturingCheckout', () => ({
  useFeaturingCheckout: () => ({ start: () => {}, busy: false, error: null }),
}));
jest.mock('../../src/lib/toast', () => ({ showToast: () => {} }));
const mockQuery = jest.fn();
jest.mock('../../src/features/admin/api', () => ({
  useBanUserMutation: () => mutation(),
  useDailyStatsQuery: (args: unknown) => {
    mockQuery(args);
    return { data: undefined, error: undefined, isLoading: false, refetch: () => {} };
  },
}));
const mockReviewItem = {
  ...reviewItemFields,
  review: { state: 'reported', reasons: [] },
  reportList: [],
};
jest.mock('../../src/features/admin/review-api', () => ({
  useReviewQueueQuery: () => ({
    data: [mockReviewItem],
    error: undefined,
    isLoading: false,
    refetch: () => {},
  }),
  useDecideReviewMutation: () => mutation(),
}));
jest.mock('../../src/features/admin/admin.css', () => ({}));
jest.mock('../../src/components/mobas.css', () => ({}));
jest.mock('../../src/features/donations/donations.css', () => ({}));
jest.mock('../../src/app/session', () => ({ useSession: () => ({ userId: 'u1' }) }));

beforeAll(() =>
  startTestI18n(
    {
      en: {
        common,
        errors,
        trust,
        profile,
        crew: crewTexts,
        donations,
        'create-moba': createMoba,
        mobas,
        admin,
        public: publicTexts,
        work,
      },
    },
    { lng: 'en' },
  ),
);
beforeEach(() => mockSend.mockReset().mockResolvedValue({ data: {} }));

const submit = async (name: string | RegExp) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('report a moba', () => {
  test('no reason: its error shows on the first submit, focus goes to it and nothing is sent', async () => {
    render(<ReportDialog vacancyId="v1" onClose={() => {}} />);
    await submit('Send to the administrator');
    expect(alerts()).toEqual(['Choose a reason.']);
    expect(document.activeElement).toBe(screen.getByLabelText('Asks workers for money'));
    expect(mockSend).not.toHaveBeenCalled();
  });

  test('a reason and a text: the trimmed body is sent', async () => {
    render(<ReportDialog vacancyId="v1" onClose={() => {}} />);
    fireEvent.click(screen.getByLabelText('Fake listing'));
    type(/What happened/, '  nobody there ');
    await submit('Send to the administrator');
    expect(mockSend).toHaveBeenCalledWith({
      vacancyId: 'v1',
      body: { reason: 'fake_listing', text: 'nobody there' },
    });
  });
});

describe('verify an estate', () => {
  const estate = { id: 'e1', name: 'Imanje', estateVerified: false, bpg: '123', pib: null } as AdminUserItem;

  test('no note: the required error shows on the first submit and nothing is sent', async () => {
    render(<VerifyEstateDialog estate={estate} onClose={() => {}} onDone={() => {}} />);
    type('Note', '   ');
    await submit('Mark as verified');
    expect(alerts()).toEqual(['The note is required.']);
    expect(document.activeElement).toBe(screen.getByLabelText('Note'));
    expect(mockSend).not.toHaveBeenCalled();
  });

  test('a note: the verification is sent and reported done', async () => {
    const onDone = jest.fn();
    render(<VerifyEstateDialog estate={estate} onClose={() => {}} onDone={onDone} />);
    type('Note', ' BPG checked in APR ');
    await submit('Mark as verified');
    expect(mockSend).toHaveBeenCalledWith({ estateId: 'e1', verified: true, note: 'BPG checked in APR' });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
  });
});

const crop = crops[0]!;
const cropLabel = work.crops[crop.id as keyof typeof work.crops];

describe('ban a user', () => {
  const user = { id: 'u9', name: 'Pera' } as AdminUserItem;

  test('no reason: its error shows on the first submit and nothing is sent', async () => {
    render(<BanDialog user={user} onClose={() => {}} onBanned={() => {}} />);
    await submit('Ban');
    expect(alerts()).toEqual(['Write the reason for the ban.']);
    expect(document.activeElement).toBe(screen.getByLabelText('Reason for the ban'));
    expect(mockSend).not.toHaveBeenCalled();
  });

  test('a reason: the ban is sent with it trimmed', async () => {
    render(<BanDialog user={user} onClose={() => {}} onBanned={() => {}} />);
    type('Reason for the ban', ' asks for money ');
    await submit('Ban');
    expect(mockSend).toHaveBeenCalledWith({ id: 'u9', reason: 'asks for money' });
  });
});

describe('the estate profile', () => {
  const estate = { cultureTypes: [], size: 'UpTo50a', description: '' } as unknown as EstateProfile;

  test('no crop and no description: both errors show on the first submit, focus on the first', async () => {
    render(<EstateForm profile={estate} />);
    await submit('Save changes');
    expect(alerts()).toEqual(['Choose at least one crop.', 'This field is required.']);
    expect(document.activeElement).toBe(screen.getByLabelText(cropLabel));
    expect(mockSend).not.toHaveBeenCalled();
  });

  test('a crop, a size and a description: the body is sent', async () => {
    render(<EstateForm profile={estate} />);
    fireEvent.click(screen.getByLabelText(cropLabel));
    fireEvent.change(screen.getByLabelText('Estate size'), { target: { value: 'Over100ha' } });
    type('Estate description', ' Plums and apples. ');
    await submit('Save changes');
    expect(mockSend).toHaveBeenCalledWith({
      id: 'u1',
      body: { cultureTypes: [crop.id], size: 'Over100ha', description: 'Plums and apples.' },
    });
  });

  test('a description that asks workers for money shows the profile text of that rule and sends nothing', async () => {
    render(<EstateForm profile={estate} />);
    fireEvent.click(screen.getByLabelText(cropLabel));
    type('Estate description', 'Rezervacija mesta se uplaćuje pre dolaska.');
    await submit('Save changes');
    expect(alerts()).toEqual([profile.issues.description.money_request]);
    expect(mockSend).not.toHaveBeenCalled();
  });
});

describe('the worker profile', () => {
  const worker = {
    municipality: '',
    region: 'RS',
    availabilityMonths: [],
    skills: '',
    cultures: [],
  } as unknown as WorkerProfile;

  test('every missing field shows its error on the first submit, focus on the first', async () => {
    render(<WorkerForm profile={worker} />);
    await submit('Save changes');
    expect(alerts()).toEqual([
      'This field is required.',
      'Choose at least one month.',
      'Choose at least one crop.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Municipality you live in'));
    expect(mockSend).not.toHaveBeenCalled();
  });

  test('a municipality outside the region is refused as the server would', async () => {
    render(<WorkerForm profile={{ ...worker, availabilityMonths: [7], cultures: [crop.id] }} />);
    type('Municipality you live in', 'Atlantis');
    await submit('Save changes');
    expect(alerts()).toEqual(['Choose a municipality from the list.']);
    expect(mockSend).not.toHaveBeenCalled();
  });

  test('a full profile: the body is sent with the months in order', async () => {
    render(<WorkerForm profile={worker} />);
    type('Municipality you live in', 'Arilje');
    fireEvent.click(screen.getByLabelText('September'));
    fireEvent.click(screen.getByLabelText('July'));
    fireEvent.click(screen.getByLabelText(cropLabel));
    type(/Skills and experience/, 'picking');
    await submit('Save changes');
    expect(mockSend).toHaveBeenCalledWith({
      id: 'u1',
      body: { municipality: 'Arilje', availabilityMonths: [7, 9], skills: 'picking', cultures: [crop.id] },
    });
  });
});

describe('the crew of a group leader', () => {
  const fill = (index: number, name: string, phone = '', year = '') => {
    const member = within(screen.getAllByTestId('crew-member')[index]!);
    fireEvent.change(member.getByLabelText('Full name'), { target: { value: name } });
    fireEvent.change(member.getByLabelText(/Phone/), { target: { value: phone } });
    fireEvent.change(member.getByLabelText(/Year of birth/), { target: { value: year } });
  };
  beforeEach(() => {
    mockCrew.current.members = [];
  });

  test('every broken member and the crew size show their errors on the first submit', async () => {
    render(<CrewEditor />);
    fill(0, '', 'abc', '2020');
    fill(1, 'Ana', '', 'x');
    fireEvent.click(within(screen.getAllByTestId('crew-member')[4]!).getByRole('button'));
    await submit('Save the crew');
    expect(alerts()).toEqual([
      'Enter a name.',
      'Enter a valid phone number.',
      'A member must be at least 16 years old.',
      'Enter a year, e.g. 1985.',
      'Enter a name.',
      'Enter a name.',
      'List at least 5 members.',
    ]);
    expect(document.activeElement).toBe(screen.getAllByLabelText('Full name')[0]);
    expect(mockSend).not.toHaveBeenCalled();
  });

  test('a full crew is sent as the server reads it, existing members with their id', async () => {
    const id = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    mockCrew.current.members = [{ id, name: 'Ana', phone: null, birthYear: 1990, workerId: null }];
    mockSend.mockResolvedValue({ data: mockCrew.current });
    render(<CrewEditor />);
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByTestId('crew-add'));
    fill(1, ' Boris ', '064 123 4567', '1985');
    for (const [i, name] of ['Cica', 'Dule', 'Eva'].entries()) fill(i + 2, name);
    await submit('Save the crew');
    expect(mockSend).toHaveBeenCalledWith({
      members: [
        { id, name: 'Ana', phone: undefined, birthYear: 1990 },
        { name: 'Boris', phone: '+381641234567', birthYear: 1985 },
        { name: 'Cica' },
        { name: 'Dule' },
        { name: 'Eva' },
      ],
    });
  });
});

describe('a donation', () => {
  test.each([
    ['', 'Enter the donation amount.'],
    ['pet hiljada', 'The amount must be a number, e.g. 1.500.'],
    ['0', 'The smallest amount is 1 RSD.'],
    ['99999999', 'The amount is too large for one donation.'],
    ['10,555', 'The amount may have at most two decimals.'],
  ])('%j is refused on the first submit: %s', async (amount, text) => {
    render(
      <MemoryRouter>
        <DonationForm />
      </MemoryRouter>,
    );
    type('Donation amount (RSD)', amount);
    await submit('Show the IPS QR code');
    expect(alerts()).toEqual([text]);
    expect(document.activeElement).toBe(screen.getByLabelText('Donation amount (RSD)'));
    expect(mockSend).not.toHaveBeenCalled();
  });

  test('an amount as people write it asks for the instructions with its tier', async () => {
    render(
      <MemoryRouter>
        <DonationForm />
      </MemoryRouter>,
    );
    type('Donation amount (RSD)', '7.500,50');
    fireEvent.click(screen.getByLabelText(/Payment slip/));
    await submit('Show the filled payment slip');
    expect(mockSend).toHaveBeenCalledWith({ amount: 7500.5, method: 'slip', tier: 'medium' });
  });
});

describe('a new moba', () => {
  const page = () =>
    render(
      <MemoryRouter>
        <CreateMobaPage />
      </MemoryRouter>,
    );
  const dayAfter = (days: number) => {
    const d = new Date(`${calendarDay(new Date())}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };

  test('an empty form shows every problem on the first submit, focus on the first', async () => {
    page();
    await submit('Publish the moba');
    const required = 'This field is required.';
    expect(alerts()).toEqual([
      ...Array(5).fill(required), // title, description, municipality, jobs, number of workers
      'Enter a date.',
      'Enter a date.',
      'Enter the daily wage.',
      ...Array(4).fill(required), // food, transport, accommodation, group leaders
      'Fix 12 fields marked in red.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Moba title'));
    expect(mockSend).not.toHaveBeenCalled();
  });

  test('a filled form sends the body the server validates', async () => {
    page();
    type('Moba title', 'Berba malina');
    type('Job description', 'Berba malina u zasadu, plaćanje svakog dana.');
    type(/^Municipality/, 'Arilje');
    fireEvent.click(screen.getByLabelText(work.jobs['berba-branje']));
    type('Number of workers', '5');
    type('Start date', dayAfter(1));
    type('End date', dayAfter(5));
    type('Work ends', '15:00');
    type('Daily wage (RSD)', '3500');
    for (const group of [
      'foodProvided',
      'transportProvided',
      'accommodationProvided',
      'groupLeadersAccepted',
    ])
      fireEvent.click(within(screen.getByTestId(`group-${group}`)).getByLabelText('yes'));
    await submit('Publish the moba');
    expect(alerts()).toEqual([]);
    expect(mockSend).toHaveBeenCalledWith({
      title: 'Berba malina',
      description: 'Berba malina u zasadu, plaćanje svakog dana.',
      region: 'RS',
      municipality: 'Arilje',
      crops: [],
      jobActivities: ['berba-branje'],
      numberOfWorkers: 5,
      startDate: dayAfter(1),
      endDate: dayAfter(5),
      workStartTime: '07:00',
      workEndTime: '15:00',
      hoursPerDay: 8,
      paymentType: 'DailyWage',
      dailyWage: 3500,
      foodProvided: true,
      transportProvided: true,
      accommodationProvided: true,
      groupLeadersAccepted: true,
      sponsored: false,
    });
  });
});

describe('the admin filters checked with the service schema', () => {
  test('the queue: an unknown municipality and a range out of order are named on the first submit', async () => {
    const onApply = jest.fn();
    render(<QueueFilters applied={{}} onApply={onApply} />);
    type('Municipality', 'Atlantis');
    type('Moba starts from', '2026-07-10');
    type('Moba starts until', '2026-07-01');
    await submit('Apply filters');
    expect(alerts()).toEqual([
      'Choose a municipality from the list.',
      'The end date cannot be before the start.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Municipality'));
    expect(onApply).not.toHaveBeenCalled();
  });

  test('the queue: good filters are applied as typed', async () => {
    const onApply = jest.fn();
    render(<QueueFilters applied={{ sort: 'newest' }} onApply={onApply} />);
    type('Municipality', 'Arilje');
    type('Moba starts from', '2026-07-01');
    await submit('Apply filters');
    expect(onApply).toHaveBeenCalledWith({
      municipality: 'Arilje',
      district: '',
      startFrom: '2026-07-01',
      startTo: '',
      crop: '',
      sort: 'newest',
    });
  });

  test('the daily statistics: a range out of order is named and not asked for; a good one is', async () => {
    render(<DailyStatsSection />);
    type('From', '2026-07-10');
    type('To', '2026-07-01');
    await submit('Show');
    expect(alerts()).toEqual(['The end date cannot be before the start.']);
    expect(mockQuery).toHaveBeenLastCalledWith({});
    type('To', '2026-07-20');
    await submit('Show');
    expect(mockQuery).toHaveBeenLastCalledWith({ from: '2026-07-10', to: '2026-07-20' });
  });
});

describe('the guest quick registration (plain inputs, the shared schema loaded on send)', () => {
  test('an empty send names every field, focus on the first, and nothing is posted', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    render(
      <MemoryRouter>
        <QuickGuestForm />
      </MemoryRouter>,
    );
    await submit('Send application');
    await waitFor(() => expect(alerts()).toHaveLength(4));
    expect(alerts()).toEqual(Array(4).fill('This field is required.'));
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('an admin reviews a moba', () => {
  test('no note: the error shows on the first decision, focus on the note, nothing sent', async () => {
    render(<ReviewPage />);
    fireEvent.click(screen.getByTestId('review-reject'));
    await waitFor(() => expect(alerts()).toEqual(['The note is required.']));
    expect(document.activeElement).toBe(screen.getByLabelText('Note for the estate'));
    expect(mockSend).not.toHaveBeenCalled();
  });

  test('a note: the decision of the pressed button is sent with it', async () => {
    render(<ReviewPage />);
    type('Note for the estate', ' checked with the estate ');
    fireEvent.click(screen.getByTestId('review-reject'));
    await waitFor(() =>
      expect(mockSend).toHaveBeenCalledWith({
        vacancyId: 'v7',
        decision: 'reject',
        note: 'checked with the estate',
      }),
    );
  });
});
