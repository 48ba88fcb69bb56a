import type { Express, Response } from 'express';
import { requireUser, userOf, type TokenVerifier } from '@moba/platform';
import type { VacancyContext } from '../context';
import { createVacancy } from '../create-vacancy/create-vacancy';
import {
  browseOpenVacancies,
  openVacanciesByCrop,
  previewOpenVacancies,
} from '../browse-vacancies/browse-vacancies';
import { listAllVacancies } from '../list-all-vacancies/list-all-vacancies';
import { listEstateVacancies } from '../list-estate-vacancies/list-estate-vacancies';
import { deleteVacancy } from '../delete-vacancy/delete-vacancy';
import { featureVacancy, featuringOffer } from '../feature-vacancy/feature-vacancy';
import type { CachedPage } from '../browse-vacancies/open-vacancies-read-model';
import { reportVacancy } from '../report-vacancy/report-vacancy';
import { decideReview, reviewQueue } from '../review-listings/review-listings';
import { setDayOfWork } from '../set-day-of-work/set-day-of-work';
import { showMobaPage } from '../show-moba-page/show-moba-page';

/** Answers a cached page, or 304 when the client already holds it (workers on slow networks). */
function sendPage(res: Response, page: CachedPage, ifNoneMatch: string | undefined) {
  res.setHeader('ETag', page.etag);
  res.setHeader('Cache-Control', 'private, no-cache');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(page.json);
}

/** Thin routers: authorise, call the use case, answer. Ids and bodies are checked by the use cases' schemas. */
export function vacancyRoutes(app: Express, ctx: VacancyContext, tokens: TokenVerifier) {
  app.post('/estates/vacancies/create', requireUser(tokens, 'Estate'), async (req, res) => {
    res.status(201).json(await createVacancy(ctx, userOf(req), req.body));
  });

  app.get('/estates/vacancies/all', requireUser(tokens, 'Estate'), async (req, res) => {
    res.json(await listEstateVacancies(ctx, userOf(req)));
  });

  app.delete('/estates/vacancies/:id', requireUser(tokens, 'Estate'), async (req, res) => {
    await deleteVacancy(ctx, userOf(req), req.params);
    res.json({ ok: true });
  });

  app.put('/estates/vacancies/:id/day-of-work', requireUser(tokens, 'Estate', 'Admin'), async (req, res) => {
    res.json(await setDayOfWork(ctx, userOf(req), req.params, req.body));
  });

  app.get('/estates/featuring-offer', requireUser(tokens, 'Estate'), async (req, res) => {
    res.json(await featuringOffer(ctx, userOf(req)));
  });

  app.post('/estates/vacancies/:id/feature', requireUser(tokens, 'Estate'), async (req, res) => {
    res.json(await featureVacancy(ctx, userOf(req), req.params));
  });

  // Public: the home page shows visitors a few real open mobas; a minute old is fresh enough.
  app.get('/vacancies/preview', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(previewOpenVacancies(ctx));
  });

  // Public: the harvest calendar's counts of open mobas per crop; a minute old is fresh enough.
  app.get('/vacancies/open-by-crop', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(openVacanciesByCrop(ctx));
  });

  // Public: one moba's page, the same for everyone (after the literal /vacancies/* routes above).
  app.get('/vacancies/:id', async (req, res) => {
    res.json(await showMobaPage(ctx, req.params));
  });

  app.post('/workers/vacancies/open', requireUser(tokens, 'Worker'), (req, res) => {
    sendPage(res, browseOpenVacancies(ctx, req.body, userOf(req)), req.header('if-none-match'));
  });

  app.post('/admin/vacancies/open', requireUser(tokens, 'Admin'), (req, res) => {
    sendPage(res, browseOpenVacancies(ctx, req.body), req.header('if-none-match'));
  });

  app.post('/admin/vacancies/all', requireUser(tokens, 'Admin'), async (req, res) => {
    res.json(await listAllVacancies(ctx, req.body));
  });

  app.post('/workers/vacancies/:id/report', requireUser(tokens, 'Worker'), async (req, res) => {
    res.status(201).json(await reportVacancy(ctx, userOf(req), req.params, req.body));
  });

  app.post('/admin/vacancies/review', requireUser(tokens, 'Admin'), async (_req, res) => {
    res.json(await reviewQueue(ctx));
  });

  app.post('/admin/vacancies/:id/decide', requireUser(tokens, 'Admin'), async (req, res) => {
    res.json(await decideReview(ctx, userOf(req), req.params, req.body));
  });
}
