import type { Express } from 'express';
import {
  acceptPartRequestSchema,
  confirmationAnswerRequestSchema,
  dayBoardQuerySchema,
  bulkDecisionRequestSchema,
  dailyStatsQuerySchema,
  queueFilterSchema,
  pagingSchema,
  pendingQueueQuerySchema,
  applyRequestSchema,
  dayAttendanceRequestSchema,
  broadcastRequestSchema,
  crewRequestSchema,
  guestAcceptRequestSchema,
  guestSignupRequestSchema,
  idParamsSchema,
  updateNoteRequestSchema,
} from '@moba/contracts';
import { parseInput, requireUser, userOf, type TokenVerifier } from '@moba/platform';
import type { AppContext } from '../context';
import { applyToVacancy } from '../apply-to-vacancy/apply-to-vacancy';
import { acceptApplication } from '../accept-application/accept-application';
import { rejectApplication } from '../reject-application/reject-application';
import { listPendingApplications, updateNote } from '../moderate-applications/moderate-applications';
import {
  acceptGuest,
  getGuest,
  listPendingGuests,
  signUpGuest,
} from '../guest-applications/guest-applications';
import { answerGuestForm, isFormPost } from '../guest-form/answer-guest-form';
import { approvedApplicants } from '../approved-applicants/approved-applicants';
import { myVacancies } from '../my-vacancies/my-vacancies';
import { myApplications } from '../my-applications/my-applications';
import { readStats } from '../stats/stats';
import { getCrew, saveCrew } from '../keep-crew/keep-crew';
import { answerCrewInvitation, myCrewInvitations } from '../answer-crew-invitations/answer-crew-invitations';
import { acceptPartOfCrew } from '../accept-part-of-crew/accept-part-of-crew';
import { getRoster } from '../roster/roster';
import { markAttendance } from '../mark-attendance/mark-attendance';
import { dailyStats } from '../stats/daily-stats';
import { queueHealth } from '../admin-queue/admin-queue';
import { decideApplications, readBatch } from '../decide-applications/decide-applications';
import { matchGuest, matchWorkers } from '../match-workers/match-workers';
import { standbyRoutes } from './standby-routes';
import { answerConfirmation } from '../answer-confirmation/answer-confirmation';
import { getDayBoard } from '../day-board/day-board';
import { readDayOfWork } from '../read-day-of-work/read-day-of-work';
import { sendBroadcast } from '../send-broadcast/send-broadcast';

/** Thin routers: parse with the contract schema, call the use case, answer. */
export function applicationRoutes(app: Express, ctx: AppContext, tokens: TokenVerifier) {
  const worker = requireUser(tokens, 'Worker');
  const estate = requireUser(tokens, 'Estate');
  const admin = requireUser(tokens, 'Admin');
  const id = (params: unknown) => parseInput(idParamsSchema, params).id;

  app.post('/applications/create', worker, async (req, res) => {
    const input = parseInput(applyRequestSchema, req.body);
    res.status(201).json(await applyToVacancy(ctx, userOf(req).id, input));
  });

  app.post('/signup-guest', async (req, res) => {
    if (isFormPost(req)) return answerGuestForm(ctx, req, res);
    const input = parseInput(guestSignupRequestSchema, req.body);
    res.status(201).json(await signUpGuest(ctx, input));
  });

  app.get('/estates/vacancies/:id/applicants/approved', estate, async (req, res) => {
    res.json(await approvedApplicants(ctx, userOf(req).id, id(req.params)));
  });

  app.get('/estates/vacancies/:id/roster', estate, async (req, res) => {
    res.json(await getRoster(ctx, userOf(req).id, id(req.params)));
  });
  app.post('/estates/vacancies/:id/attendance', estate, async (req, res) => {
    const vacancyId = id(req.params);
    const request = parseInput(dayAttendanceRequestSchema, req.body);
    res.json(await markAttendance(ctx, userOf(req).id, vacancyId, request));
  });

  app.get('/mobas/:id/day-of-work', requireUser(tokens), async (req, res) => {
    res.json(await readDayOfWork(ctx, userOf(req), id(req.params)));
  });

  app.post('/estates/vacancies/:id/broadcasts', estate, async (req, res) => {
    const vacancyId = id(req.params);
    const input = parseInput(broadcastRequestSchema, req.body);
    res.status(201).json(await sendBroadcast(ctx, userOf(req).id, vacancyId, input));
  });

  app.get('/workers/me/crew', worker, async (req, res) => {
    res.json(await getCrew(ctx, userOf(req).id));
  });
  app.put('/workers/me/crew', worker, async (req, res) => {
    const input = parseInput(crewRequestSchema, req.body);
    res.json(await saveCrew(ctx, userOf(req).id, input));
  });
  app.get('/workers/me/crew-invitations', worker, async (req, res) => {
    res.json(await myCrewInvitations(ctx, userOf(req).id));
  });
  app.post('/workers/me/crew-invitations/:id/accept', worker, async (req, res) => {
    res.json(await answerCrewInvitation(ctx, userOf(req).id, id(req.params), true));
  });
  app.post('/workers/me/crew-invitations/:id/decline', worker, async (req, res) => {
    res.json(await answerCrewInvitation(ctx, userOf(req).id, id(req.params), false));
  });

  app.post('/workers/applications/:id/confirmation', worker, async (req, res) => {
    const applicationId = id(req.params);
    const input = parseInput(confirmationAnswerRequestSchema, req.body);
    res.json(await answerConfirmation(ctx, userOf(req).id, applicationId, input));
  });
  app.get('/estates/vacancies/:id/board', requireUser(tokens, 'Estate', 'Admin'), async (req, res) => {
    const vacancyId = id(req.params);
    const { day } = parseInput(dayBoardQuerySchema, req.query);
    res.json(await getDayBoard(ctx, userOf(req), vacancyId, day));
  });

  app.get('/workers/vacancies/my/active', worker, async (req, res) => {
    res.json(await myVacancies(ctx, userOf(req).id, 'active'));
  });
  app.get('/workers/vacancies/my/finished', worker, async (req, res) => {
    res.json(await myVacancies(ctx, userOf(req).id, 'finished'));
  });
  app.get('/workers/applications', worker, async (req, res) => {
    res.json(await myApplications(ctx, userOf(req).id));
  });
  standbyRoutes(app, ctx, { worker, estate });

  app.post('/admin/applications/pending', admin, async (req, res) => {
    res.json(await listPendingApplications(ctx, parseInput(pendingQueueQuerySchema, req.body ?? {})));
  });
  app.post('/admin/applications/queue', admin, async (req, res) => {
    res.json(await queueHealth(ctx, parseInput(queueFilterSchema, req.body ?? {})));
  });
  app.post('/admin/applications/decisions', admin, async (req, res) => {
    const input = parseInput(bulkDecisionRequestSchema, req.body);
    res.json(await decideApplications(ctx, userOf(req), input));
  });
  app.get('/admin/applications/decisions/:id', admin, async (req, res) => {
    res.json(await readBatch(ctx, id(req.params)));
  });
  app.get('/admin/vacancies/:id/matches', admin, async (req, res) => {
    res.json(await matchWorkers(ctx, id(req.params)));
  });
  app.get('/admin/applications/guest/:id/matches', admin, async (req, res) => {
    res.json(await matchGuest(ctx, id(req.params)));
  });
  app.post('/admin/applications/guest/pending', admin, async (req, res) => {
    res.json(await listPendingGuests(ctx, parseInput(pagingSchema, req.body ?? {})));
  });
  app.post('/admin/applications/guest/:id/accept', admin, async (req, res) => {
    const guestId = id(req.params);
    const { vacancyId } = parseInput(guestAcceptRequestSchema, req.body);
    res.json(await acceptGuest(ctx, guestId, vacancyId, userOf(req)));
  });
  app.get('/admin/applications/:id/guest/pending', admin, async (req, res) => {
    res.json(await getGuest(ctx, id(req.params)));
  });
  app.post('/admin/applications/:id/accept', admin, async (req, res) => {
    res.json(await acceptApplication(ctx, id(req.params), userOf(req)));
  });
  app.post('/admin/applications/:id/accept-part', admin, async (req, res) => {
    const applicationId = id(req.params);
    const { memberIds } = parseInput(acceptPartRequestSchema, req.body);
    res.json(await acceptPartOfCrew(ctx, applicationId, memberIds, userOf(req)));
  });
  app.post('/admin/applications/:id/reject', admin, async (req, res) => {
    res.json(await rejectApplication(ctx, id(req.params), userOf(req)));
  });
  app.put('/admin/applications/:id/update-note', admin, async (req, res) => {
    const applicationId = id(req.params);
    const { note } = parseInput(updateNoteRequestSchema, req.body);
    res.json(await updateNote(ctx, applicationId, note, userOf(req)));
  });

  app.get('/admin/stats', admin, async (_req, res) => {
    res.json(await readStats(ctx.store));
  });
  app.get('/admin/stats/daily', admin, async (req, res) => {
    res.json(await dailyStats(ctx, parseInput(dailyStatsQuerySchema, req.query)));
  });
}
