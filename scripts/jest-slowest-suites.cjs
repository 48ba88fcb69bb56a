// A jest reporter: after each run, the ten suites that took longest, the ones that decide how long
// CI takes. A suite's time is its wall time in its worker, setup and teardown included.
const { relative } = require('node:path');

const SHOWN = 10;

class SlowestSuites {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const suites = results.testResults
      .filter((suite) => suite.perfStats.end > 0)
      .map((suite) => ({
        seconds: (suite.perfStats.end - suite.perfStats.start) / 1000,
        project: suite.displayName?.name ?? '',
        file: relative(this.rootDir, suite.testFilePath),
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SHOWN);
    if (suites.length === 0) return;
    const width = Math.max(...suites.map((suite) => suite.project.length));
    const lines = suites.map(
      ({ seconds, project, file }) =>
        `${seconds.toFixed(1).padStart(7)} s  ${project.padEnd(width)}  ${file}`,
    );
    process.stderr.write(`\nSlowest ${suites.length} suites:\n${lines.join('\n')}\n`);
  }
}

module.exports = SlowestSuites;
