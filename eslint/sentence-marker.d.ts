import type { ESLint, Rule } from 'eslint';

export const sentenceMarker: Rule.RuleModule;
export const sentencePlugin: ESLint.Plugin;
