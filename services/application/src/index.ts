export { createService } from './service';
export { createEmbedded } from './embedded';
export { applicationConfigSchema, loadApplicationConfig } from './config';
