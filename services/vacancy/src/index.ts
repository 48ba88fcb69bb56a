export { createService } from './service';
export { createEmbedded } from './embedded';
export { vacancyConfigSchema, loadVacancyConfig } from './config';
