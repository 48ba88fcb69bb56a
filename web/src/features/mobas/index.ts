/** What other features use of browsing and applying (the moba's page applies as browse does). */
export { ApplyPanel } from './components/ApplyPanel';
export { ReportLink } from './components/VacancyDialog';
export { WorkTags } from './components/WorkTags';
export { FairPayFacts } from './components/FindFacts';
export { useMyApplicationsQuery } from './api';
