import { z } from 'zod';
import {
  acceptPartRequestSchema,
  confirmationAnswerRequestSchema,
  confirmationViewSchema,
  dayBoardSchema,
  bulkDecisionRequestSchema,
  bulkDecisionResultSchema,
  dailyStatsSchema,
  guestMatchSchema,
  queueFilterSchema,
  queueHealthSchema,
  vacancyMatchesSchema,
  acceptResultSchema,
  dayAttendanceRequestSchema,
  dayRosterSchema,
  broadcastRequestSchema,
  sentBroadcastSchema,
  crewRequestSchema,
  crewSchema,
  crewInvitationSchema,
  crewInvitationAnswerSchema,
  adminStatsSchema,
  applicationSchema,
  applyRequestSchema,
  approvedApplicantSchema,
  guestAcceptRequestSchema,
  guestApplicationSchema,
  guestSignupRequestSchema,
  myApplicationStatusSchema,
  myVacancySchema,
  mobaDayOfWorkSchema,
  pendingApplicationsPageSchema,
  pendingQueueQuerySchema,
  guestApplicationsPageSchema,
  pagingSchema,
  updateNoteRequestSchema,
} from '@moba/contracts';
import { standbyRoutes } from './standby';
import { route } from './route';

const applyResult = z.object({
  id: z.uuid(),
  status: applicationSchema.shape.status,
  positions: z.number().int(),
});

export const applicationRoutes = [
  ...standbyRoutes,
  route('GET', '/mobas/:id/day-of-work', 'application', 'user', {
    refusals: [403, 404],
    ownsObject: true,
    response: mobaDayOfWorkSchema,
    summary:
      "A moba's meeting details, meeting time per work day and confirmation settings: only for its accepted people (a crew's leader and its joined, accepted members), its estate and admins; others 403 APPLICATION.NOT_ON_MOBA",
  }),
  route('POST', '/applications/create', 'application', ['Worker'], {
    status: 201,
    refusals: [404, 409],
    body: applyRequestSchema,
    response: applyResult,
    summary:
      "Apply once to an Open vacancy (a group leader with peopleCount); a second try answers 409 text 'Already applied'",
  }),
  route('POST', '/signup-guest', 'application', 'public', {
    status: 201,
    rateLimit: 'guest',
    body: guestSignupRequestSchema,
    response: z.object({ id: z.uuid() }),
    htmlForm: true,
    summary:
      'Guest application from a visitor; a form post from a browser without JavaScript is answered with an HTML page',
  }),
  route('GET', '/estates/vacancies/:id/applicants/approved', 'application', ['Estate'], {
    refusals: [404],
    ownsObject: true,
    response: z.array(approvedApplicantSchema),
    summary: 'Accepted applicants of the own vacancy',
  }),
  route('GET', '/estates/vacancies/:id/roster', 'application', ['Estate'], {
    refusals: [404],
    ownsObject: true,
    response: dayRosterSchema,
    summary:
      "The roster of the own vacancy: every head (named or numbered), the applicants' phones, attendance per work day",
  }),
  route('POST', '/estates/vacancies/:id/attendance', 'application', ['Estate'], {
    refusals: [404, 409],
    ownsObject: true,
    body: dayAttendanceRequestSchema,
    response: dayRosterSchema,
    summary:
      'Mark who came on one work day that has come (default: the latest), per head of the roster; answers the roster',
  }),
  route('POST', '/workers/applications/:id/confirmation', 'application', ['Worker'], {
    body: confirmationAnswerRequestSchema,
    response: confirmationViewSchema,
    ownsObject: true,
    refusals: [404, 409],
    summary:
      'The applicant (a crew leader for the crew) answers the open confirmation: yes (optionally fewer heads; the rest are given back) or no (all given back); a second answer or one after the deadline is refused (409)',
  }),
  route('GET', '/estates/vacancies/:id/board', 'application', ['Estate', 'Admin'], {
    response: dayBoardSchema,
    ownsObject: true,
    refusals: [404],
    summary:
      "The day board of the own moba (admins: any): per work day (?day=YYYY-MM-DD), each accepted application's confirmation and the totals in heads",
  }),
  route('POST', '/estates/vacancies/:id/broadcasts', 'application', ['Estate'], {
    status: 201,
    refusals: [404, 409, 429],
    ownsObject: true,
    body: broadcastRequestSchema,
    response: sentBroadcastSchema,
    summary:
      'The estate sends a message to everyone accepted on its moba (all days or one day): start moved, no work (moves the day), bring, or checked free text. broadcastId makes a retry send nothing twice; at most 10 a moba a day (429)',
  }),
  route('GET', '/workers/me/crew', 'application', ['Worker'], {
    response: crewSchema,
    summary: "The group leader's crew (named members)",
  }),
  route('PUT', '/workers/me/crew', 'application', ['Worker'], {
    body: crewRequestSchema,
    response: crewSchema,
    rateLimit: 'crew',
    summary:
      'A group leader saves their whole crew (5 to 200 members; name, optional phone and year of birth). ' +
      'A phone links nobody: its registered worker is invited and joins by accepting. Saves and new phones are capped per day (429)',
    refusals: [429],
  }),
  route('GET', '/workers/me/crew-invitations', 'application', ['Worker'], {
    response: z.array(crewInvitationSchema),
    summary: "The invitations into leaders' crews the worker has not answered yet",
  }),
  route('POST', '/workers/me/crew-invitations/:id/accept', 'application', ['Worker'], {
    response: crewInvitationAnswerSchema,
    ownsObject: true,
    summary: 'The invited worker joins the crew (their attendance then counts for them)',
    refusals: [404, 409],
  }),
  route('POST', '/workers/me/crew-invitations/:id/decline', 'application', ['Worker'], {
    response: crewInvitationAnswerSchema,
    ownsObject: true,
    summary: 'The invited worker declines: the member stays an unlinked person',
    refusals: [404, 409],
  }),
  route('GET', '/workers/vacancies/my/active', 'application', ['Worker'], {
    response: z.array(myVacancySchema),
    summary: "The worker's active vacancies",
  }),
  route('GET', '/workers/vacancies/my/finished', 'application', ['Worker'], {
    response: z.array(myVacancySchema),
    summary: "The worker's finished vacancies",
  }),
  route('GET', '/workers/applications', 'application', ['Worker'], {
    response: z.array(myApplicationStatusSchema),
    summary: "The status of each of the worker's own applications (applied, accepted, not accepted)",
  }),
  route('POST', '/admin/applications/pending', 'application', ['Admin'], {
    body: pendingQueueQuerySchema,
    response: pendingApplicationsPageSchema,
    summary:
      'A page of the pending worker applications with worker and vacancy details; optional filters (municipality, district, moba start dates, crop, moba), sort by waiting time, paging (page, pageSize)',
  }),
  route('POST', '/admin/applications/queue', 'application', ['Admin'], {
    body: queueFilterSchema,
    response: queueHealthSchema,
    summary:
      'Queue health: how many wait, the oldest waiting time, per moba free places against waiting; mobas starting tomorrow with free places marked urgent',
  }),
  route('POST', '/admin/applications/decisions', 'application', ['Admin'], {
    refusals: [409],
    body: bulkDecisionRequestSchema,
    response: bulkDecisionResultSchema,
    summary:
      'Bulk accept or reject (by ids or by filter), each item by the single decision rules; batchId is the idempotency key; the answer lists every item',
  }),
  route('GET', '/admin/applications/decisions/:id', 'application', ['Admin'], {
    refusals: [404],
    response: bulkDecisionResultSchema,
    summary: 'Progress and outcome of a bulk decision',
  }),
  route('GET', '/admin/vacancies/:id/matches', 'application', ['Admin'], {
    refusals: [404],
    response: vacancyMatchesSchema,
    summary: 'Workers available in the moba’s months who have not applied, the nearest first',
  }),
  route('GET', '/admin/applications/guest/:id/matches', 'application', ['Admin'], {
    refusals: [404],
    response: z.array(guestMatchSchema),
    summary: 'Open mobas with a free place for a guest, the best fit (nearest, soonest) first',
  }),
  route('POST', '/admin/applications/:id/accept', 'application', ['Admin'], {
    refusals: [404, 409],
    response: acceptResultSchema,
    summary: 'Accept (takes positions atomically)',
  }),
  route('POST', '/admin/applications/:id/accept-part', 'application', ['Admin'], {
    refusals: [404, 409],
    body: acceptPartRequestSchema,
    response: acceptResultSchema.extend({ acceptedMemberIds: z.array(z.uuid()) }),
    summary: 'Accept part of a crew (the leader and the named members); takes exactly those heads atomically',
  }),
  route('POST', '/admin/applications/:id/reject', 'application', ['Admin'], {
    refusals: [404, 409],
    summary: 'Reject a pending application',
  }),
  route('POST', '/admin/applications/guest/pending', 'application', ['Admin'], {
    body: pagingSchema,
    response: guestApplicationsPageSchema,
    summary: 'A page of the pending guest applications, the longest waiting first (page, pageSize)',
  }),
  route('POST', '/admin/applications/guest/:id/accept', 'application', ['Admin'], {
    refusals: [404, 409],
    body: guestAcceptRequestSchema,
    response: acceptResultSchema,
    summary: "Place a guest into a vacancy; the same vacancy twice answers 409 text 'already applied'",
  }),
  route('GET', '/admin/applications/:id/guest/pending', 'application', ['Admin'], {
    refusals: [404],
    response: guestApplicationSchema,
    summary: 'One guest application',
  }),
  route('PUT', '/admin/applications/:id/update-note', 'application', ['Admin'], {
    refusals: [404],
    body: updateNoteRequestSchema,
    summary: 'Admin note on an application or guest application',
  }),
  route('GET', '/admin/stats', 'application', ['Admin'], {
    response: adminStatsSchema,
    summary: 'Statistics read model',
  }),
  route('GET', '/admin/stats/daily', 'application', ['Admin'], {
    response: dailyStatsSchema,
    summary: 'Per-day series (applications, accepted, waiting time p50/p90) for ?from=&to= (YYYY-MM-DD)',
  }),
];
