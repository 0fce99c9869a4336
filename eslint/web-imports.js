import fs from 'node:fs';

/**
 * The import rules of src/web (docs/decisions/0113-web-data-layer-and-forms.md), as
 * no-restricted-imports blocks generated from the folders of src/web/features:
 *
 * - a feature reaches another only through its `api.ts` (data: queries, mutations, query keys),
 *   save the few modules of FEATURE_ENTRIES below, each with its reason;
 * - app/ (router, layouts, and the pages that show several features, app/pages/) also takes the
 *   features' pages (`*-page`) and the parts of APP_PARTS;
 * - components/ and lib/ are shared by all and import no feature and no app/;
 * - only a feature's api.ts (and lib/) calls the API client or TanStack Query's hooks.
 *
 * Each block repeats the rule "web never imports src/server", since a block's options replace
 * those of the blocks before it.
 */

/**
 * The parts that app/ assembles, besides a feature's api.ts and pages: what the layouts frame
 * every page with, and the panels of the pages that show several features. No feature imports them.
 */
export const APP_PARTS = {
  // The site header's account card, language choice and sign-out (layouts/site-layout, admin-layout).
  auth: ['user-menu', 'language-menu', 'sign-out-button'],
  // The debug panel under every page and the intra's state above the admin pages.
  health: ['debug-panel', 'intra-banner'],
  // The tracker (app/pages/tracker-page) and the panels of other features it shows.
  journey: ['tracker'],
  challenges: ['challenges-step'],
  hackathon: ['hackathon-step'],
  messages: ['board-messages'],
  projects: ['my-projects'],
  // The maintenance jobs above the admin's Projects list (app/pages/projects-page).
  'admin-maintenance': ['maintenance-panel'],
};

/**
 * The exceptions to "a feature reaches another only through its api.ts": pieces of an admin page
 * that another admin page shows inside its own list or dialog, with that feature's hooks and words.
 */
export const FEATURE_ENTRIES = {
  // useDecisions: the Users page's detail decides an application with the review's confirmations
  // and undo, and the review, the Applications list and that detail must decide alike.
  'admin-applications': ['decisions'],
  // "Message the chosen people" of the Users and Applications lists: the Messages page's own form.
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
const listed = (feature, extra = []) =>
  [...(FEATURE_ENTRIES[feature] ?? []), ...extra].map((entry) => `, ${entry}`).join('');

/** From inside features/: `../<other>/<module>` only when the module is the other feature's entry. */
const betweenFeatures = features.map((feature) => ({
  regex: `^\\.\\./${feature}/(?!(?:${entriesOf(feature)})$)`,
  message: `Import ${feature} only through its public entry: api.ts${listed(feature)} (eslint/web-imports.js).`,
}));

/** From app/: a feature's entry or one of its pages. */
const fromApp = features.map((feature) => ({
  regex: `^(\\.\\./)+features/${feature}/(?!(?:${entriesOf(feature, ['[a-z-]+-page', ...(APP_PARTS[feature] ?? [])])})$)`,
  message: `app/ takes only ${feature}'s api.ts, its pages${listed(feature, APP_PARTS[feature])} (eslint/web-imports.js).`,
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
