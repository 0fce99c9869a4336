import fs from 'node:fs';

/**
 * The import rules of src/web (docs/decisions/0113-web-data-layer-and-forms.md), as
 * no-restricted-imports blocks generated from the folders of src/web/features:
 *
 * - a feature reaches another only through its public entry: its `api.ts` (data: queries,
 *   mutations, query keys) and the modules listed in FEATURE_ENTRIES below;
 * - app/ (router, layouts) also takes the features' pages (`*-page`);
 * - components/ and lib/ are shared by all and import no feature and no app/;
 * - only a feature's api.ts (and lib/) calls the API client or TanStack Query's hooks.
 *
 * Each block repeats the rule "web never imports src/server", since a block's options replace
 * those of the blocks before it.
 */

/** What a feature offers the others besides its api.ts; a module not listed stays the feature's own. */
export const FEATURE_ENTRIES = {
  auth: ['sign-in', 'user-menu', 'language-menu', 'sign-out-button'],
  challenges: ['challenges-step'],
  hackathon: ['hackathon-step'],
  messages: ['board-messages'],
  health: ['debug-panel', 'intra-banner'],
  journey: ['progress-bar'],
  projects: ['my-projects', 'project-status'],
  'admin-maintenance': ['maintenance-panel'],
  'admin-applications': ['decisions'],
  'admin-rounds': ['round-filter'],
  'admin-audit': ['action-names'],
  'admin-messages': ['message-selected'],
};

const FEATURES_DIR = new URL('../src/web/features/', import.meta.url);
const features = fs
  .readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const server = {
  // Relative paths only: `react-dom/server` is a package, not src/server.
  regex: '^\\.\\.?/(.*/)?server(/|$)',
  message: 'src/web must not import src/server: share code through src/contract.',
};

const entriesOf = (feature, extra = []) => ['api', ...(FEATURE_ENTRIES[feature] ?? []), ...extra].join('|');
const listed = (feature) => (FEATURE_ENTRIES[feature] ?? []).map((entry) => `, ${entry}`).join('');

/** From inside features/: `../<other>/<module>` only when the module is the other feature's entry. */
const betweenFeatures = features.map((feature) => ({
  regex: `^\\.\\./${feature}/(?!(?:${entriesOf(feature)})$)`,
  message: `Import ${feature} only through its public entry: api.ts${listed(feature)} (eslint/web-imports.js).`,
}));

/** From app/: a feature's entry or one of its pages. */
const fromApp = features.map((feature) => ({
  regex: `^(\\.\\./)+features/${feature}/(?!(?:${entriesOf(feature, ['[a-z-]+-page'])})$)`,
  message: `app/ takes only ${feature}'s api.ts, its pages${listed(feature)} (eslint/web-imports.js).`,
}));

const shared = {
  regex: '^(\\.\\./)+(features|app)(/|$)',
  message: 'components/ and lib/ are shared by every feature: they import no feature and nothing of app/.',
};

const apiCalls = {
  regex: '(^|/)lib/api-client$',
  importNames: ['api', 'call', 'callWith'],
  message: "Call the API from the feature's api.ts, and use its hooks here.",
};

const queryHooks = {
  group: ['@tanstack/react-query'],
  importNames: ['useQuery', 'useQueries', 'useSuspenseQuery', 'useInfiniteQuery', 'useMutation', 'useQueryClient'],
  message: "Queries, mutations and their keys live in the feature's api.ts: import its hooks.",
};

const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export const webImportBlocks = [
  { files: ['src/web/**/*.{ts,tsx}'], rules: rule(server, apiCalls) },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    ignores: ['src/web/features/*/api.ts'],
    rules: rule(server, ...betweenFeatures, apiCalls, queryHooks),
  },
  { files: ['src/web/features/*/api.ts'], rules: rule(server, ...betweenFeatures) },
  { files: ['src/web/app/**/*.{ts,tsx}'], rules: rule(server, ...fromApp, apiCalls) },
  { files: ['src/web/components/**/*.{ts,tsx}'], rules: rule(server, shared, apiCalls) },
  { files: ['src/web/lib/**/*.{ts,tsx}'], rules: rule(server, shared) },
];
