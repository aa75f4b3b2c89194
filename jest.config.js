/**
 * jest for everything that is not a browser: unit (handlers with mocked AWS clients), infra (CDK
 * assertions and cdk-nag on the synthesised templates) and integration (the handlers through the
 * local stack over HTTP). ESM throughout (run with --experimental-vm-modules, see package.json).
 */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'es6' } }];
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
};

export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    { ...common, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'], testTimeout: 60_000 },
  ],
};
