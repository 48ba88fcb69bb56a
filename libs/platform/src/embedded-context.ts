import type { EventBus } from './bus/event-bus';
import type { DocumentStore } from './store/document-store';
import type { AdjustableClock } from './clock';
import type { Logger } from './log';
import type { KeyPair, TokenVerifier } from './auth/tokens';
import type { createMemoryFanoutHub } from './fanout/fanout';

/** What the one-process embedded runtime hands each service's createEmbedded(). */
export interface EmbeddedContext {
  bus: EventBus;
  /** The service's own store: file://DATA_DIR/<service> (or memory in tests). */
  store: DocumentStore;
  clock: AdjustableClock;
  logger: Logger;
  tokens: TokenVerifier;
  keys: KeyPair;
  /** Signs the services' calls to each other (service-tokens.ts). */
  internalSecret: string;
  fanoutHub: ReturnType<typeof createMemoryFanoutHub>;
  dataDir: string;
  /** The address browsers use (the gateway), for links in mails and checkout redirects. */
  publicUrl: string;
  env: NodeJS.ProcessEnv;
}
