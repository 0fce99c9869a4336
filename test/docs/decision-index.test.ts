import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DECISIONS = path.resolve(import.meta.dirname, '../../docs/decisions');

// No database here: the PostgreSQL project would only run it again.
describe.skipIf(process.env.TEST_ENGINE === 'postgres')('the index of the decision records', () => {
  it('lists every record once, with a status', () => {
    const records = fs.readdirSync(DECISIONS).filter((name) => /^\d{4}-.*\.md$/.test(name));
    const rows = fs
      .readFileSync(path.join(DECISIONS, 'README.md'), 'utf8')
      .split('\n')
      .flatMap((line) => {
        const row = /^\| \[(\d{4})\]\(([^)]+)\) +\|[^|]+\| +(.+?) +\|$/.exec(line);
        return row ? [{ file: row[2]!, status: row[3]! }] : [];
      });
    expect(rows.map((row) => row.file).sort()).toEqual(records.sort());
    for (const { file, status } of rows) expect(status, file).toMatch(/^(accepted|superseded by \d{4})\b/);
  });
});
