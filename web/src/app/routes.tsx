import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Redirect, RequireRole, UnknownRoute, VisitorsOnly } from './guards';
import { paths } from './paths';
import { useSession } from './session';
import { chunks } from './route-chunks';
import { PublicLayout } from './layouts/PublicLayout';

// Every page is code-split: a visitor on a slow connection downloads only the page they open, and a
// worker signing in never downloads the home page (a pre-rendered page preloads its own chunk).
// StoreLayout brings Redux + RTK Query with the first page that needs them.
const HomePage = lazy(chunks.home);
const PrivacyPolicyPage = lazy(chunks.privacyPolicy);
const MediaPage = lazy(chunks.media);
const CrowdfundingPage = lazy(chunks.crowdfunding);
const StoreLayout = lazy(chunks.storeLayout);
const AppLayout = lazy(chunks.appLayout);

const GuestRegistrationPage = lazy(chunks.guest);
const SuccessfulGuestCreationPage = lazy(() => import('../features/guest/pages/SuccessfulGuestCreationPage'));
const LoginPage = lazy(chunks.login);
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage'));
const ForgotPasswordEmailSentPage = lazy(() => import('../features/auth/pages/ForgotPasswordEmailSentPage'));
const NewPasswordPage = lazy(() => import('../features/auth/pages/NewPasswordPage'));
const SuccessfulPasswordResetPage = lazy(() => import('../features/auth/pages/SuccessfulPasswordResetPage'));
const ConfirmEmailPage = lazy(() => import('../features/auth/pages/ConfirmEmailPage'));
const ConfirmationEmailSentPage = lazy(() => import('../features/auth/pages/ConfirmationEmailSentPage'));
const UpdatePasswordPage = lazy(() => import('../features/auth/pages/UpdatePasswordPage'));
const SignupPage = lazy(chunks.signup);
const MonthAvailabilityPage = lazy(() => import('../features/registration/pages/MonthAvailabilityPage'));
const EstateRegistrationPage = lazy(() => import('../features/registration/pages/EstateRegistrationPage'));
const BasicInfoRegistrationPage = lazy(
  () => import('../features/registration/pages/BasicInfoRegistrationPage'),
);
const TicketsPage = lazy(chunks.adminTickets);
const AdminMobasPage = lazy(() => import('../features/admin/pages/MobasPage'));
const ApplicationMobasPage = lazy(() => import('../features/admin/pages/ApplicationMobasPage'));
const UsersPage = lazy(() => import('../features/admin/pages/UsersPage'));
const StatsPage = lazy(() => import('../features/admin/pages/StatsPage'));
const VacancyMatchesPage = lazy(() => import('../features/admin/pages/VacancyMatchesPage'));
const AuditPage = lazy(() => import('../features/admin/pages/AuditPage'));
const ReviewPage = lazy(() => import('../features/admin/pages/ReviewPage'));
const PaymentProcessingPage = lazy(() => import('../features/payment-result/pages/PaymentProcessingPage'));
const PaymentStatusPage = lazy(() => import('../features/payment-result/pages/PaymentStatusPage'));
const DonationSuccessPage = lazy(() => import('../features/donations/pages/DonationSuccessPage'));
const ContactPage = lazy(() => import('../features/contact/ContactPage'));
const HarvestCalendarPage = lazy(() => import('../features/harvest-calendar/HarvestCalendarPage'));
// The calendar's styles are in the first stylesheet: its page is read without JavaScript, which
// would never load the lazy page's own CSS.
import '../features/harvest-calendar/harvest-calendar.css';
const MobasPage = lazy(chunks.workerMobas);
const MobaPage = lazy(chunks.mobaPage);
const WorkerMyMobasPage = lazy(() => import('../features/my-mobas/pages/WorkerMyMobasPage'));
const EstateMyMobasPage = lazy(chunks.estateMyMobas);
const EstatePastMobasPage = lazy(() => import('../features/my-mobas/pages/EstatePastMobasPage'));
const RatingsPage = lazy(() => import('../features/ratings/pages/RatingsPage'));
const RateEstatePage = lazy(() => import('../features/ratings/pages/RateEstatePage'));
const RateWorkersPage = lazy(() => import('../features/ratings/pages/RateWorkersPage'));
const estateMobaPages = () => import('../features/day-of-work/estate-moba-pages');
const DayBoardPage = lazy(() => estateMobaPages().then((m) => ({ default: m.DayBoardPage })));
const EditDayOfWorkPage = lazy(() => estateMobaPages().then((m) => ({ default: m.EditDayOfWorkPage })));
const RosterPage = lazy(() => estateMobaPages().then((m) => ({ default: m.RosterPage })));
const MessagesPage = lazy(() => estateMobaPages().then((m) => ({ default: m.MessagesPage })));
const CreateMobaPage = lazy(() => import('../features/create-moba/pages/CreateMobaPage'));
const WorkerProfilePage = lazy(() => import('../features/profile/pages/WorkerProfilePage'));
const JobAlertsPage = lazy(() => import('../features/job-alerts/pages/JobAlertsPage'));
const EstateProfilePage = lazy(() => import('../features/profile/pages/EstateProfilePage'));

/** The signed-in layout for a signed-in user, the public one for a visitor. */
function SessionLayout() {
  const { role } = useSession();
  return role ? <AppLayout /> : <PublicLayout />;
}

/** Media, crowdfunding and privacy policy exist for visitors and for each signed-in role. */
const sharedPageRoutes = (
  <>
    <Route path="media" element={<MediaPage />} />
    <Route path="crowdfunding" element={<CrowdfundingPage />} />
    <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
  </>
);

/**
 * A worker's or an estate's part of the site below /worker or /estate: home and the shared public
 * pages, the role's own pages, and the account pages both roles have.
 */
function memberRoutes(role: 'Worker' | 'Estate', landing: string, ownPages: ReactNode) {
  return (
    <Route path={role.toLowerCase()} element={<RequireRole role={role} />}>
      <Route index element={<Redirect to={landing} />} />
      <Route element={<PublicLayout />}>
        <Route path="home" element={<HomePage />} />
        {sharedPageRoutes}
      </Route>
      <Route element={<AppLayout />}>
        {ownPages}
        <Route path="ratings" element={<RatingsPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="update-password" element={<UpdatePasswordPage />} />
        <Route path="*" element={<UnknownRoute />} />
      </Route>
    </Route>
  );
}

/** Spec §2, route by route. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path={paths.homeIn('sr-Cyrl')} element={<HomePage />} />
        <Route path={paths.homeIn('en')} element={<HomePage />} />
        {sharedPageRoutes}
        <Route path="harvest-calendar/:script?" element={<HarvestCalendarPage />} />
        <Route element={<StoreLayout />}>
          <Route path="guest-registration" element={<GuestRegistrationPage />} />
          <Route path="successful-guest-creation" element={<SuccessfulGuestCreationPage />} />
          <Route path="confirm-email" element={<ConfirmEmailPage />} />
          <Route path="new-password" element={<NewPasswordPage />} />
          <Route path="successful-password-reset" element={<SuccessfulPasswordResetPage />} />
          <Route path="confirmation-email-sent" element={<ConfirmationEmailSentPage />} />
          <Route path="forgot-password-email-sent" element={<ForgotPasswordEmailSentPage />} />
          <Route element={<VisitorsOnly />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="signup" element={<SignupPage />} />
            <Route path="month-availability" element={<MonthAvailabilityPage />} />
            <Route path="estate-registration" element={<EstateRegistrationPage />} />
            <Route path="basic-info-registration" element={<BasicInfoRegistrationPage />} />
          </Route>
          <Route path="contact" element={<ContactPage />} />
        </Route>
      </Route>

      {/* A checkout comes back to these fixed addresses; a signed-in payer stays in the signed-in layout. */}
      <Route element={<SessionLayout />}>
        <Route element={<StoreLayout />}>
          <Route path="payment/processing/:vacancyId?" element={<PaymentProcessingPage />} />
          <Route path="payment/donation/success" element={<DonationSuccessPage />} />
          <Route path="payment-status" element={<PaymentStatusPage />} />
          <Route path=":script?/moba/:id" element={<MobaPage />} />
        </Route>
      </Route>

      {memberRoutes(
        'Worker',
        paths.worker.mobas,
        <>
          <Route path="mobas" element={<MobasPage />} />
          <Route path="my-mobas" element={<WorkerMyMobasPage />} />
          <Route path="my-mobas/:vacancyId/rate-estate" element={<RateEstatePage />} />
          <Route path="profile" element={<WorkerProfilePage />} />
          <Route path="job-alerts" element={<JobAlertsPage />} />
          <Route path="harvest-calendar" element={<HarvestCalendarPage />} />
        </>,
      )}

      {memberRoutes(
        'Estate',
        paths.estate.myMobas,
        <>
          <Route path="my-mobas" element={<EstateMyMobasPage />} />
          <Route path="past-mobas" element={<EstatePastMobasPage />} />
          <Route path="past-mobas/:vacancyId/rate-workers" element={<RateWorkersPage />} />
          <Route path="my-mobas/:vacancyId/roster" element={<RosterPage />} />
          <Route path="my-mobas/:vacancyId/board" element={<DayBoardPage />} />
          <Route path="my-mobas/:vacancyId/day-of-work" element={<EditDayOfWorkPage />} />
          <Route path="my-mobas/:vacancyId/messages" element={<MessagesPage />} />
          <Route path="create-new-moba" element={<CreateMobaPage />} />
          <Route path="profile" element={<EstateProfilePage />} />
        </>,
      )}

      <Route path="admin" element={<RequireRole role="Admin" />}>
        <Route index element={<Redirect to={paths.admin.tickets} />} />
        <Route element={<AppLayout />}>
          <Route path="tickets" element={<TicketsPage />} />
          <Route path="mobas" element={<AdminMobasPage />} />
          <Route path=":applicationId/mobas" element={<ApplicationMobasPage />} />
          <Route path="mobas/:vacancyId/workers" element={<VacancyMatchesPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="stats" element={<StatsPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="review" element={<ReviewPage />} />
          <Route path="*" element={<UnknownRoute />} />
        </Route>
      </Route>

      <Route path="*" element={<UnknownRoute />} />
    </Routes>
  );
}
