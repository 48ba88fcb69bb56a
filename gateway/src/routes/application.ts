import { z } from 'zod';
import {
  acceptResultSchema,
  adminStatsSchema,
  applicationSchema,
  applyRequestSchema,
  approvedApplicantSchema,
  guestAcceptRequestSchema,
  guestApplicationSchema,
  guestSignupRequestSchema,
  myApplicationStatusSchema,
  myVacancySchema,
  pendingApplicationSchema,
  updateNoteRequestSchema,
} from '@moba/contracts';
import { route } from './route';

const applyResult = z.object({
  id: z.uuid(),
  status: applicationSchema.shape.status,
  positions: z.number().int(),
});

export const applicationRoutes = [
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
    response: z.array(pendingApplicationSchema),
    summary: 'Pending worker applications with worker and vacancy details',
  }),
  route('POST', '/admin/applications/:id/accept', 'application', ['Admin'], {
    refusals: [404, 409],
    response: acceptResultSchema,
    summary: 'Accept (takes positions atomically)',
  }),
  route('POST', '/admin/applications/:id/reject', 'application', ['Admin'], {
    refusals: [404, 409],
    summary: 'Reject a pending application',
  }),
  route('POST', '/admin/applications/guest/pending', 'application', ['Admin'], {
    response: z.array(guestApplicationSchema),
    summary: 'Pending guest applications',
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
];
