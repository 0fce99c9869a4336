/**
 * The placeholders of a mail template (docs/decisions/0120-mail-templates.md):
 *
 * - `{{name}}` stands for a value;
 * - `{{#name}}...{{/name}}` is shown only when `name` has a value (not empty, and not 0), and
 *   `{{^name}}...{{/name}}` only when it has none;
 * - a section tag alone on its line takes its line with it, so sections read as blocks;
 * - a value of several lines repeats, on each of its lines, the Markdown markers that stand
 *   before it on its line (`> ` of a quote, `- ` of a list item), so it stays inside them.
 *
 * A template is parsed once into nodes; `problems` lists what a save must refuse.
 */

import { isolated, listed, type Sentence } from '../../../contract/i18n';
import type { Said } from '../../i18n';

export type Values = Record<string, string>;

type Section = { section: string; inverted: boolean; children: Node[] };
type Node = string | { name: string } | Section;

/**
 * What a save must refuse: a sentence of the server's catalog and its values, told in the
 * reader's language where the answer is written (docs/decisions/0128-languages.md).
 */
export type Problem = Said & { placeholder?: string };

const NOT_A_PLACEHOLDER: Sentence =
  /*i18n*/ '{written} is not a placeholder: a placeholder is a name in double braces, such as {example}.';
const UNKNOWN_PLACEHOLDER: Sentence =
  /*i18n*/ 'This email does not know the placeholder {placeholder}. It knows {known}.';
const CLOSES_NO_SECTION: Sentence = /*i18n*/ '{written} closes no section: open one with {opening} before it.';
const NEVER_CLOSED: Sentence = /*i18n*/ 'The section {opening} is never closed: end it with {closing}.';

const TAG = /\{\{\s*([#^/]?)\s*([^{}]*?)\s*\}\}/g;
const NAME = /^[a-z][a-z0-9_]*$/;

/** A placeholder as the board writes it, for the sentences that name one. */
export const braces = (name: string) => `{{${name}}}`;

/** When a section tag stands alone on its line, that line's text around it goes with it. */
function standalone(source: string, start: number, end: number): [number, number] {
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const newline = source.indexOf('\n', end);
  const lineEnd = newline === -1 ? source.length : newline + 1;
  const before = source.slice(lineStart, start);
  const after = source.slice(end, newline === -1 ? source.length : newline);
  return /^[ \t]*$/.test(before) && /^[ \t\r]*$/.test(after) ? [lineStart, lineEnd] : [start, end];
}

export type Parsed = { nodes: Node[]; problems: Problem[]; names: Set<string> };

export function parseTemplate(source: string, known: readonly string[]): Parsed {
  const problems: Problem[] = [];
  const names = new Set<string>();
  const root: Section = { section: '', inverted: false, children: [] };
  const open: Section[] = [root];
  const top = () => open[open.length - 1]!;
  let at = 0;
  const check = (name: string, written: string) => {
    if (!NAME.test(name)) {
      problems.push({ sentence: NOT_A_PLACEHOLDER, values: { written, example: braces('name') } });
      return false;
    }
    if (!known.includes(name)) {
      problems.push({
        placeholder: name,
        sentence: UNKNOWN_PLACEHOLDER,
        // Joined, each isolated in Arabic, in the language the answer is told in.
        values: { placeholder: braces(name), known: () => listed(known.map((each) => isolated(braces(each)))) },
      });
      return false;
    }
    names.add(name);
    return true;
  };

  for (const match of source.matchAll(TAG)) {
    const [written, sigil = '', name = ''] = match;
    const isSection = sigil !== '';
    const [start, end] = isSection
      ? standalone(source, match.index, match.index + written.length)
      : [match.index, match.index + written.length];
    if (start > at) top().children.push(source.slice(at, start));
    at = end;
    if (!check(name, written)) continue;
    if (sigil === '') top().children.push({ name });
    else if (sigil === '/') {
      if (top().section === name) open.pop();
      else problems.push({ sentence: CLOSES_NO_SECTION, values: { written, opening: `{{#${name}}}` } });
    } else {
      const section: Section = { section: name, inverted: sigil === '^', children: [] };
      top().children.push(section);
      open.push(section);
    }
  }
  if (at < source.length) top().children.push(source.slice(at));
  for (const section of open.slice(1)) {
    const name = section.section;
    problems.push({ sentence: NEVER_CLOSED, values: { opening: `{{#${name}}}`, closing: `{{/${name}}}` } });
  }
  return { nodes: root.children, problems, names };
}

const hasValue = (value: string | undefined) => Boolean(value && value.trim() !== '' && value.trim() !== '0');

/** The Markdown markers (and indentation) that open a line: a quote's `>`, a list item's `-` or `1.`. */
const MARKERS = /^(?:[ \t]*(?:>[ \t]?|[-*+][ \t]|\d{1,9}[.)][ \t]))*[ \t]*/;

/**
 * Fills the template: each value becomes what `write` makes of each of its lines, lines after
 * the first starting with the markers that open the line the placeholder stands on.
 */
export function fill(nodes: Node[], values: Values, write: (line: string, name: string) => string): string {
  let out = '';
  const walk = (list: Node[]) => {
    for (const node of list) {
      if (typeof node === 'string') out += node;
      else if ('section' in node) {
        if (hasValue(values[node.section]) !== node.inverted) walk(node.children);
      } else {
        const lines = (values[node.name] ?? '').replace(/\r\n?/g, '\n').split('\n');
        const prefix = MARKERS.exec(out.slice(out.lastIndexOf('\n') + 1))![0];
        out += lines
          .map((line, n) => (n === 0 ? write(line, node.name) : `\n${`${prefix}${write(line, node.name)}`.trimEnd()}`))
          .join('');
      }
    }
  };
  walk(nodes);
  return out;
}
