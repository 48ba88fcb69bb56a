import type { Clock, Logger, OutboxRelay, TokenSigner } from '@moba/platform';
import type { AuthConfig } from './config';
import type { Users } from './store';
import type { AuditLog } from './keep-audit-log/keep-audit-log';
import type { AddressFailureLimiter } from './domain/login-failures';

/** What every use case of the auth service works with. */
export interface AuthContext {
  users: Users;
  auditLog: AuditLog;
  clock: Clock;
  config: AuthConfig;
  signer: TokenSigner;
  relay: OutboxRelay;
  logger: Logger;
  addressFailures: AddressFailureLimiter;
}

export const nowIso = (ctx: Pick<AuthContext, 'clock'>) => ctx.clock.now().toISOString();
/** Events carry the service clock's time (the development clock can be moved). */
export const at = (ctx: Pick<AuthContext, 'clock'>) => ({ occurredAt: ctx.clock.now() });
