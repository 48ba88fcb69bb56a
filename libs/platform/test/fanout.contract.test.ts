import { createMemoryFanoutHub } from '../src';
import { fanoutContract } from '../src/testing/contracts';

let hub: ReturnType<typeof createMemoryFanoutHub>;
beforeEach(() => {
  hub = createMemoryFanoutHub();
});
fanoutContract('memory://', () => hub.instance());
