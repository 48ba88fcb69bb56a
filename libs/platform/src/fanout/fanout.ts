/** Push fan-out across notification instances: every instance hears every published message. */
export interface Fanout {
  publish(userId: string, message: unknown): Promise<void>;
  /** Several messages at once, heard in their order: one Redis PUBLISH for all (a batch's pushes). */
  publishMany(messages: { userId: string; message: unknown }[]): Promise<void>;
  onMessage(handler: (userId: string, message: unknown) => void): void;
  close(): Promise<void>;
}

/** In one process all instances share one hub; each createMemoryFanout(hub) is one instance. */
export function createMemoryFanoutHub() {
  const handlers = new Set<(userId: string, message: unknown) => void>();
  return {
    instance(): Fanout {
      const mine: ((userId: string, message: unknown) => void)[] = [];
      return {
        async publish(userId, message) {
          for (const handler of handlers) handler(userId, message);
        },
        async publishMany(messages) {
          for (const { userId, message } of messages)
            for (const handler of handlers) handler(userId, message);
        },
        onMessage(handler) {
          mine.push(handler);
          handlers.add(handler);
        },
        async close() {
          for (const handler of mine) handlers.delete(handler);
        },
      };
    },
  };
}

export const createMemoryFanout = (): Fanout => createMemoryFanoutHub().instance();
