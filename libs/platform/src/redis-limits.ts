/**
 * How long a Redis adapter waits for the answer to a command it sent (ioredis `commandTimeout`). A
 * Redis that hangs, or a network that silently drops packets, would otherwise hold the command (an
 * outbox relay's publish, a fan-out, a dev clock move) without end; the timeout is a transient failure
 * (failure.ts), retried like an outage. Generous for a loaded machine; blocking reads (XREADGROUP
 * BLOCK, SUBSCRIBE) use connections without it.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 5_000;
