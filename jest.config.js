/** One jest run for every workspace; each project is a folder of tests. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@moba/contracts$': '<rootDir>/libs/contracts/src/index.ts',
  '^@moba/contracts/(.*)$': '<rootDir>/libs/contracts/src/$1',
  '^@moba/platform$': '<rootDir>/libs/platform/src/index.ts',
  '^@moba/platform/(.*)$': '<rootDir>/libs/platform/src/$1',
};
const node = (name, roots) => ({
  displayName: name,
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
  moduleNameMapper,
  roots,
  testMatch: ['**/*.test.ts'],
});
module.exports = {
  testTimeout: 60000, // only a stuck test should reach it: on a loaded CI machine a sound one takes many times its usual time
  reporters: ['default', '<rootDir>/scripts/jest-slowest-suites.cjs'],
  testSequencer: '<rootDir>/scripts/jest-slow-first-sequencer.cjs',
  projects: [
    node('contracts', ['<rootDir>/libs/contracts']),
    node('platform', ['<rootDir>/libs/platform']),
    ...['auth', 'vacancy', 'application', 'rating', 'payment', 'notification'].map((s) =>
      node(s, [`<rootDir>/services/${s}`]),
    ),
    node('gateway', ['<rootDir>/gateway']),
    node('system', ['<rootDir>/test']),
    {
      ...node('web', ['<rootDir>/web/src', '<rootDir>/web/test/unit']),
      testEnvironment: 'jsdom',
      setupFiles: ['<rootDir>/web/test/unit/polyfills.ts'],
      // Vite bundles the style sheets; a component under test only needs its import to resolve.
      moduleNameMapper: { ...moduleNameMapper, '\\.css$': '<rootDir>/web/test/unit/style-sheet.ts' },
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    },
    { ...node('browser', ['<rootDir>/web/test/browser']), testTimeout: 120000 },
  ],
};
