import { runServiceProcess, serviceDepsOf, type Logger } from '@moba/platform';
import { loadPaymentConfig, type PaymentConfig } from './config';
import { createService } from './service';

/** What an operator should know at start: payment settings that are fine in development only. */
function warnAboutSettings(config: PaymentConfig, logger: Logger) {
  if (!process.env.PUBLIC_URL)
    logger.warn(
      { publicUrl: config.PUBLIC_URL },
      'PUBLIC_URL not set: checkout links and redirects use the default',
    );
  // Production refuses the sandbox unless PAYMENT_SANDBOX_IN_PRODUCTION says this is a demo (runServiceProcess).
  if (config.NODE_ENV === 'production' && config.PAYMENT_PROVIDER === 'sandbox')
    logger.warn(
      'PAYMENT_SANDBOX_IN_PRODUCTION=true: the sandbox payment provider is active: its Pay button features vacancies without charging anything',
    );
  if (!process.env.PAYMENT_SANDBOX_SECRET)
    logger.info(
      'PAYMENT_SANDBOX_SECRET not set: the sandbox signs its callbacks with a key generated for this process',
    );
}

/** Runs the payment service as its own process (distributed mode). */
runServiceProcess('payment', loadPaymentConfig, async (deps) => {
  warnAboutSettings(deps.config, deps.logger);
  return { service: await createService(serviceDepsOf(deps)) };
});
