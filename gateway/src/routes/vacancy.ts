import {
  createVacancyFields,
  createVacancyResultSchema,
  dayOfWorkStateSchema,
  setDayOfWorkSchema,
  estateVacanciesSchema,
  mobaPageSchema,
  featureVacancyResultSchema,
  featuringOfferSchema,
  okSchema,
  openByCropSchema,
  reportResultSchema,
  reportVacancySchema,
  reviewDecisionResultSchema,
  reviewDecisionSchema,
  reviewQueueSchema,
  vacancyFiltersSchema,
  vacancyPageSchema,
  vacancyPreviewSchema,
} from '@moba/contracts';
import { route } from './route';

export const vacancyRoutes = [
  route('GET', '/vacancies/preview', 'vacancy', 'public', {
    response: vacancyPreviewSchema,
    summary: 'A few open vacancies with free places for the home page: public fields only, no estate',
  }),
  route('GET', '/vacancies/open-by-crop', 'vacancy', 'public', {
    response: openByCropSchema,
    summary: 'How many Open vacancies each crop has now (the public harvest calendar)',
  }),
  route('GET', '/vacancies/:id', 'vacancy', 'public', {
    refusals: [404],
    response: mobaPageSchema,
    summary:
      "One moba's public page: what browse shows plus the estate's rating, verified mark, promises kept and late cancellations; never meeting details",
  }),
  route('POST', '/workers/vacancies/open', 'vacancy', ['Worker'], {
    body: vacancyFiltersSchema,
    response: vacancyPageSchema,
    summary:
      'Browse Open vacancies with filters; featured first, then newest, or nearest first from `near` (great-circle km, seat to seat); ETag and 304 on repeats',
  }),
  route('GET', '/estates/vacancies/all', 'vacancy', ['Estate'], {
    response: estateVacanciesSchema,
    summary: "The estate's own vacancies, active and past",
  }),
  route('DELETE', '/estates/vacancies/:id', 'vacancy', ['Estate'], {
    refusals: [404, 409],
    ownsObject: true,
    response: okSchema,
    summary: 'Delete an own vacancy; its accepted workers are told',
  }),
  route('POST', '/estates/vacancies/create', 'vacancy', ['Estate'], {
    status: 201,
    body: createVacancyFields,
    response: createVacancyResultSchema,
    summary: 'Publish a moba (every rule of spec §5); sponsored ones go through featuring',
  }),
  route('PUT', '/estates/vacancies/:id/day-of-work', 'vacancy', ['Estate', 'Admin'], {
    refusals: [404, 409],
    ownsObject: true,
    body: setDayOfWorkSchema,
    response: dayOfWorkStateSchema,
    summary:
      "Set or change an own moba's meeting details and confirmation settings (admin: any moba) until it ends; left-out parts stay, meeting null clears them",
  }),
  route('GET', '/estates/featuring-offer', 'vacancy', ['Estate'], {
    response: featuringOfferSchema,
    summary: "What featuring costs the estate now: the promo's free one for its first vacancy, or the price",
  }),
  route('POST', '/estates/vacancies/:id/feature', 'vacancy', ['Estate'], {
    ownsObject: true,
    response: featureVacancyResultSchema,
    summary:
      'Feature an own published vacancy later: the promo vacancy at once for free, any other through the payment (then POST /payment/create)',
  }),
  route('POST', '/admin/vacancies/open', 'vacancy', ['Admin'], {
    body: vacancyFiltersSchema,
    response: vacancyPageSchema,
    summary: 'Admin: the Open vacancies with the same filters as browsing',
  }),
  route('POST', '/admin/vacancies/all', 'vacancy', ['Admin'], {
    body: vacancyFiltersSchema,
    response: vacancyPageSchema,
    summary: 'Admin: every vacancy in any status (filter by one status), newest first',
  }),
  route('POST', '/workers/vacancies/:id/report', 'vacancy', ['Worker'], {
    status: 201,
    refusals: [404, 409],
    body: reportVacancySchema,
    response: reportResultSchema,
    summary:
      'A worker reports an open moba (reason and text), once; reports weighing enough hide it until an admin decides',
  }),
  route('POST', '/admin/vacancies/review', 'vacancy', ['Admin'], {
    response: reviewQueueSchema,
    summary: 'Admin: mobas held for review (wage below the legal minimum, out of season) and reported ones',
  }),
  route('POST', '/admin/vacancies/:id/decide', 'vacancy', ['Admin'], {
    refusals: [404, 409],
    body: reviewDecisionSchema,
    response: reviewDecisionResultSchema,
    summary:
      'Admin: approve (open, or keep after reports) or reject (close) a held or reported moba, with a note',
  }),
];
