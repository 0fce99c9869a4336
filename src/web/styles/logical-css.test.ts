import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Arabic is laid out right to left (decisions.md §12): the style sheets say "start" and "end",
// never "left" and "right", so that one rule serves both directions (docs/decisions/0128-languages.md).
const PHYSICAL =
  /^\s*(?:(?:margin|padding|border)-(?:left|right)(?:-\w+)?|left|right|float|clear)\s*:|text-align:\s*(?:left|right)\b/;
// A chevron drawn with two borders and turned: its RTL rule turns it the other way.
const ALLOWED = new Set(['features/admin-audit/logs-page.css:  border-right: 2px solid currentcolor;']);

function styleSheets(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return styleSheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('the style sheets', () => {
  it('use logical properties, never left or right', () => {
    const root = path.resolve(__dirname, '..');
    const physical = styleSheets(root).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => `${path.relative(root, file)}:${line}`)
        .filter((entry) => PHYSICAL.test(entry.slice(entry.indexOf(':') + 1)) && !ALLOWED.has(entry)),
    );
    expect(physical).toEqual([]);
  });
});
