/**
 * The import rules of src/server (docs/decisions/0112-server-layers.md), as no-restricted-imports
 * blocks scoped by file globs:
 *
 * - routes and hooks (the HTTP edge) call services, never a repository;
 * - below the edge (services, repositories and a module's other code) nothing imports plugins,
 *   routes or hooks;
 * - a repository never imports a service;
 * - plugins import no feature module: app.ts hands them what they need;
 * - the read model (the journey, the latest application) imports no module: the modules read through it.
 *
 * Another module is reached through its index.ts only: eslint/module-front-door.js.
 *
 * Each block repeats the rule "server never imports src/web" (and the repository block the rule
 * of the code below the edge), since a block's options replace those of the blocks before it.
 */

const LAYERS = 'see docs/decisions/0112-server-layers.md';

const web = {
  // Relative paths only, as for the web's rule on src/server.
  regex: '^\\.\\.?/(.*/)?web(/|$)',
  message: 'src/server must not import src/web: share code through src/contract.',
};
const repository = {
  group: ['**/*.repository'],
  message: `Server layers: a route or hook calls a service, never a repository (${LAYERS}).`,
};
const httpEdge = {
  group: ['**/plugins/**', '**/plugins', '**/*.routes', '**/*.hook'],
  message: `Server layers: services and repositories never import plugins, routes or hooks; the HTTP edge calls them (${LAYERS}).`,
};
const service = {
  group: ['**/*.service'],
  message: `Server layers: a repository never imports a service; the service calls the repository (${LAYERS}).`,
};
const featureModule = {
  group: ['**/modules/**'],
  message: `Server layers: plugins import no feature module; app.ts hands them what they need (${LAYERS}).`,
};

const moduleFromReadModel = {
  group: ['**/modules/**', '**/modules'],
  message:
    'The read model (src/server/read-model) sits below the modules: it reads their tables and imports no module (decision 0162).',
};

const banned = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [web, ...patterns] }] });

export const serverImportBlocks = [
  { files: ['src/server/**/*.ts'], rules: banned() },
  { files: ['src/server/**/*.routes.ts', 'src/server/**/*.hook.ts'], rules: banned(repository) },
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['**/*.routes.ts', '**/*.hook.ts', '**/*.test.ts'],
    rules: banned(httpEdge),
  },
  { files: ['src/server/**/*.repository.ts'], rules: banned(httpEdge, service) },
  { files: ['src/server/plugins/**/*.ts'], ignores: ['**/*.test.ts'], rules: banned(featureModule) },
  { files: ['src/server/read-model/**/*.ts'], ignores: ['**/*.test.ts'], rules: banned(httpEdge, moduleFromReadModel) },
];
