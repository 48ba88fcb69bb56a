// Jest's order is longest-first once it has timings from an earlier run, but a fresh clone has none
// and jest then orders by file size, which can leave a minute-long browser suite to end the run
// alone on one worker. Without timings, the suites of the projects known to be slow (each starts a
// browser or several processes) go first; jest's own order holds within each group.
const Sequencer = require('@jest/test-sequencer').default;

const SLOW_PROJECTS = ['browser', 'system'];

const isSlow = (test) => SLOW_PROJECTS.includes(test.context.config.displayName?.name);

class SlowProjectsFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.every((test) => test.duration != null)) return sorted;
    return [...sorted.filter(isSlow), ...sorted.filter((test) => !isSlow(test))];
  }
}

module.exports = SlowProjectsFirst;
