export { createService } from './service';
export { createEmbedded } from './embedded';
export { authConfigSchema, loadAuthConfig } from './config';
