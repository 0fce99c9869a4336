import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '../../../contract/audit';

const SERVER = path.resolve(import.meta.dirname, '../..');

function serverSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The text of each `recordAudit(…)` call's argument list, by its parentheses. */
function recordAuditCalls(source: string): string[] {
  const calls: string[] = [];
  for (let at = source.indexOf('recordAudit('); at !== -1; at = source.indexOf('recordAudit(', at + 1)) {
    let depth = 0;
    let end = at + 'recordAudit'.length;
    do {
      if (source[end] === '(') depth++;
      else if (source[end] === ')') depth--;
      end++;
    } while (depth > 0 && end < source.length);
    calls.push(source.slice(at, end));
  }
  return calls;
}

/** Every action some server code writes: the literals of each call's `action:` (a literal or a choice of literals). */
function writtenActions() {
  const written = new Map<string, string>();
  const unreadable: string[] = [];
  for (const file of serverSources(SERVER)) {
    for (const call of recordAuditCalls(fs.readFileSync(file, 'utf8'))) {
      const action = /\baction:\s*([^\n]*)/.exec(call)?.[1];
      // The definition itself (`recordAudit(db: Executor, entry)`) and its recursion pass the entry on.
      if (action === undefined) continue;
      const literals = [...action.matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((match) => match[1]!);
      if (literals.length === 0 || action.includes('`')) unreadable.push(`${path.relative(SERVER, file)}: ${action}`);
      for (const literal of literals) written.set(literal, path.relative(SERVER, file));
    }
  }
  return { written, unreadable };
}

// contract/audit.ts types `action` by the list, so an action missing from it does not compile;
// this holds the list to the writes the other way too: no label names an action nothing writes.
describe('the audit actions of the contract', () => {
  const { written, unreadable } = writtenActions();

  it('finds every action the server writes written out as a literal', () => {
    expect(unreadable).toEqual([]);
    expect(written.size).toBeGreaterThan(40);
  });

  it('has a label for every action the server writes', () => {
    expect([...written.keys()].filter((action) => !(action in AUDIT_ACTION_LABELS))).toEqual([]);
  });

  it('lists no action that nothing writes', () => {
    expect(AUDIT_ACTIONS.filter((action) => !written.has(action))).toEqual([]);
  });
});
