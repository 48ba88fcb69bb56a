import { createMemoryBus, type EventBus } from '../src';
import { eventBusContract } from '../src/testing/contracts';

// The memory bus is one broker per process: every client of a test is the same bus.
let shared: EventBus;
beforeEach(() => {
  shared = createMemoryBus();
});
eventBusContract('memory://', () => shared);
