export { createService } from './service';
export { createEmbedded } from './embedded';
export { paymentConfigSchema, loadPaymentConfig } from './config';
export type { PaymentProvider } from './provider/payment-provider';
