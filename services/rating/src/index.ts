export { createService } from './service';
export { createEmbedded } from './embedded';
export { ratingConfigSchema, loadRatingConfig } from './config';
