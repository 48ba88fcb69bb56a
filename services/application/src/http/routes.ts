import type { Express } from 'express';
import {
  applyRequestSchema,
  guestAcceptRequestSchema,
  guestSignupRequestSchema,
  idParamsSchema,
  updateNoteRequestSchema,
} from '@moba/contracts';
import { parseInput, requireUser, userOf, type TokenVerifier } from '@moba/platform';
import { z } from 'zod';
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

/** List routes take no body (spec: "none"); anything given must at least be an object. */
const emptyBody = z.union([z.object({}).loose(), z.undefined()]);

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

  app.get('/workers/vacancies/my/active', worker, async (req, res) => {
    res.json(await myVacancies(ctx, userOf(req).id, 'active'));
  });
  app.get('/workers/vacancies/my/finished', worker, async (req, res) => {
    res.json(await myVacancies(ctx, userOf(req).id, 'finished'));
  });
  app.get('/workers/applications', worker, async (req, res) => {
    res.json(await myApplications(ctx, userOf(req).id));
  });

  app.post('/admin/applications/pending', admin, async (req, res) => {
    parseInput(emptyBody, req.body);
    res.json(await listPendingApplications(ctx));
  });
  app.post('/admin/applications/guest/pending', admin, async (req, res) => {
    parseInput(emptyBody, req.body);
    res.json(await listPendingGuests(ctx));
  });
  app.post('/admin/applications/guest/:id/accept', admin, async (req, res) => {
    const guestId = id(req.params);
    const { vacancyId } = parseInput(guestAcceptRequestSchema, req.body);
    res.json(await acceptGuest(ctx, guestId, vacancyId));
  });
  app.get('/admin/applications/:id/guest/pending', admin, async (req, res) => {
    res.json(await getGuest(ctx, id(req.params)));
  });
  app.post('/admin/applications/:id/accept', admin, async (req, res) => {
    res.json(await acceptApplication(ctx, id(req.params)));
  });
  app.post('/admin/applications/:id/reject', admin, async (req, res) => {
    res.json(await rejectApplication(ctx, id(req.params)));
  });
  app.put('/admin/applications/:id/update-note', admin, async (req, res) => {
    const applicationId = id(req.params);
    const { note } = parseInput(updateNoteRequestSchema, req.body);
    res.json(await updateNote(ctx, applicationId, note));
  });

  app.get('/admin/stats', admin, async (_req, res) => {
    res.json(await readStats(ctx.store));
  });
}
