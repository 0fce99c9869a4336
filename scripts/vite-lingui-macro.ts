// Lingui's macros (`<Trans>`, `t`, `plural` from @lingui/*/macro) are a Babel plugin, and this
// app builds with Vite 8 whose React plugin runs oxc, not Babel (docs/decisions/0128-languages.md).
// This plugin runs @babel/core 7 with the macro plugin alone, and only on the files that import a
// macro: the rest of the app never goes through Babel. It serves `vite build`, `vite` (dev) and
// vitest alike.
import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import type { Plugin } from 'vite';

const SOURCE = /\.[cm]?[jt]sx?$/;
const IMPORTS_A_MACRO = /from\s+['"]@lingui\/(?:core|react)\/macro['"]/;

export function linguiMacroPlugin(): Plugin {
  const linguiConfig = getConfig({ skipValidation: true });
  return {
    name: 'lingui-macro',
    enforce: 'pre',
    transform: {
      // Told to the bundler, so that the other files never call into this plugin at all.
      filter: { id: { exclude: /\/node_modules\// }, code: IMPORTS_A_MACRO },
      async handler(code, id) {
        const file = id.split('?')[0]!;
        if (!SOURCE.test(file) || file.includes('/node_modules/') || !IMPORTS_A_MACRO.test(code)) return null;
        const result = await transformAsync(code, {
          filename: file,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: file.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'] },
          plugins: [[linguiMacro, { linguiConfig }]],
        });
        return result?.code ? { code: result.code, map: result.map } : null;
      },
    },
  };
}
