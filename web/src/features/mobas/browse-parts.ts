/**
 * Browse's parts a moba's page reuses (index.ts: loadBrowseParts): the details, the apply panel and
 * the report link, without the browse page's own list and filters, which a pasted moba link never shows.
 */
export { VacancyDetails } from './components/VacancyDetails';
export { ApplyPanel } from './components/ApplyPanel';
export { ReportLink } from './components/ReportLink';
export { useMyApplicationsQuery } from './api';
