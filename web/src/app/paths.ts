import type { Role } from '@moba/contracts';

/** Every route of spec §2, in one place. Links and guards use these, never literal strings. */
export const paths = {
  moba: (vacancyId: string) => `/moba/${vacancyId}`,
  home: '/',
  /** The home page pre-rendered in the other scripts, for readers without JavaScript. */
  homeIn: (lng: 'sr-Cyrl' | 'en') => `/${lng}`,
  aboutUs: '/#aboutUs',
  privacyPolicy: '/privacy-policy',
  crowdfunding: '/crowdfunding',
  media: '/media',
  login: '/login',
  signup: '/signup',
  /** The sign-up started on one path: the worker's months or the estate's step. */
  signupAs: (type: 'worker' | 'estate') => `/signup?as=${type}`,
  monthAvailability: '/month-availability',
  estateRegistration: '/estate-registration',
  basicInfoRegistration: '/basic-info-registration',
  confirmationEmailSent: '/confirmation-email-sent',
  forgotPasswordEmailSent: '/forgot-password-email-sent',
  confirmEmail: '/confirm-email',
  forgotPassword: '/forgot-password',
  newPassword: '/new-password',
  guestRegistration: '/guest-registration',
  successfulPasswordReset: '/successful-password-reset',
  successfulGuestCreation: '/successful-guest-creation',
  /** The contact form for a visitor; signed-in workers and estates use their own route. */
  contact: '/contact',
  /** The public harvest calendar, pre-rendered in Serbian Latin here and in the other scripts below. */
  harvestCalendar: '/harvest-calendar',
  harvestCalendarIn: (lng: 'sr-Cyrl' | 'en') => `/harvest-calendar/${lng}`,

  estate: {
    root: '/estate',
    home: '/estate/home',
    media: '/estate/media',
    crowdfunding: '/estate/crowdfunding',
    profile: '/estate/profile',
    privacyPolicy: '/estate/privacy-policy',
    myMobas: '/estate/my-mobas',
    pastMobas: '/estate/past-mobas',
    ratings: '/estate/ratings',
    rateWorkers: (vacancyId: string) => `/estate/past-mobas/${vacancyId}/rate-workers`,
    /** The roster of a moba: accepted people by name, printable, attendance once it started. */
    roster: (vacancyId: string) => `/estate/my-mobas/${vacancyId}/roster`,
    /** The day board of a moba: confirmations of each work day, in heads. */
    dayBoard: (vacancyId: string) => `/estate/my-mobas/${vacancyId}/board`,
    /** Meeting details and confirmation settings of an own moba (issue #31). */
    dayOfWork: (vacancyId: string) => `/estate/my-mobas/${vacancyId}/day-of-work`,
    /** The estate's messages to the people accepted on a moba, and how far each got. */
    messages: (vacancyId: string) => `/estate/my-mobas/${vacancyId}/messages`,
    contact: '/estate/contact',
    createNewMoba: '/estate/create-new-moba',
    updatePassword: '/estate/update-password',
  },
  worker: {
    root: '/worker',
    home: '/worker/home',
    media: '/worker/media',
    crowdfunding: '/worker/crowdfunding',
    profile: '/worker/profile',
    privacyPolicy: '/worker/privacy-policy',
    mobas: '/worker/mobas',
    myMobas: '/worker/my-mobas',
    rateEstate: (vacancyId: string) => `/worker/my-mobas/${vacancyId}/rate-estate`,
    ratings: '/worker/ratings',
    /** Job alerts: which new mobas the worker hears of; `?stop=1` (the alert's link) puts stopping first. */
    jobAlerts: '/worker/job-alerts',
    stopJobAlerts: '/worker/job-alerts?stop=1',
    contact: '/worker/contact',
    updatePassword: '/worker/update-password',
    /** The harvest calendar inside the worker's own layout (their menu links to it). */
    harvestCalendar: '/worker/harvest-calendar',
  },
  admin: {
    root: '/admin',
    tickets: '/admin/tickets',
    mobas: '/admin/mobas',
    applicationMobas: (applicationId: string) => `/admin/${applicationId}/mobas`,
    /** Matching help: workers to call for a moba with free places. */
    vacancyMatches: (vacancyId: string) => `/admin/mobas/${vacancyId}/workers`,
    users: '/admin/users',
    stats: '/admin/stats',
    audit: '/admin/audit',
    review: '/admin/review',
  },
  payment: {
    processing: (vacancyId?: string) =>
      vacancyId ? `/payment/processing/${vacancyId}` : '/payment/processing',
    donationSuccess: '/payment/donation/success',
    status: '/payment-status',
  },
} as const;

/** Where each role lands after login and on "Back to platform" (spec §2 Layout). */
export const landingOf = (role: Role): string =>
  role === 'Worker' ? paths.worker.mobas : role === 'Estate' ? paths.estate.myMobas : paths.admin.tickets;

/** Where a user goes once signed in: back to the page that sent them to sign in (their own, or a moba's), else their landing. */
export const afterLogin = (role: Role, from?: string | null): string =>
  from &&
  !from.endsWith('/update-password') && // a password change signs out on purpose: start afresh
  (from.startsWith(`/${role.toLowerCase()}`) || mobaAddress.test(from))
    ? from
    : landingOf(role);

/** Where the reader finds the contact form: the role's route (spec §2) or the public one. Admins get none. */
export const contactOf = (role: Role | null): string | null =>
  role === 'Worker'
    ? paths.worker.contact
    : role === 'Estate'
      ? paths.estate.contact
      : role
        ? null
        : paths.contact;

/** The role-prefixed variant of the shared pages (home, media, crowdfunding, privacy policy). */
export const roleRoot = (role: Role | null): string =>
  role === 'Worker' ? '/worker' : role === 'Estate' ? '/estate' : '';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Route ids for vacancies and applications must be UUID v4 (spec §2, §5). */
export const isUuidV4 = (value: string | undefined): value is string => !!value && uuidV4.test(value);

/** The pages whose address names their script (pre-rendered in each: home, harvest calendar). */
const scriptAddressed = /^(|\/harvest-calendar)(\/(sr-Cyrl|en))?\/?$/;

/** A moba's page in any script (the script leads, as the home page's /sr-Cyrl and /en): [, script, id]. */
export const mobaAddress = /^(?:\/(sr-Cyrl|en))?\/moba\/([^/]+)\/?$/;

/**
 * Where a reader on `pathname` goes on choosing `lng`: the same page's address in that script, for
 * the pages whose address names it (a reload or a shared link then shows the chosen one); `null`
 * for any other page.
 */
export function addressInLanguage(pathname: string, lng: 'sr-Latn' | 'sr-Cyrl' | 'en'): string | null {
  const moba = mobaAddress.exec(pathname)?.[2];
  if (moba) return (lng === 'sr-Latn' ? '' : `/${lng}`) + paths.moba(moba);
  const page = scriptAddressed.exec(pathname)?.[1];
  if (page === undefined) return null;
  return lng === 'sr-Latn' ? page || '/' : `${page}/${lng}`;
}
