export { jobAlertsApi } from './api';
