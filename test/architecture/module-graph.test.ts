import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's modules import each other in one direction only, and the base layer below them
 * imports none (issue 29, item 2; decisions 0162 and 0186). ESLint holds who may enter a module
 * (its front door); this holds the shape of the whole: a module cycle or an import running up from
 * deps.ts, db/ or read-model/ fails here, naming the files.
 */
const server = path.resolve('src/server');
const modules = path.join(server, 'modules');
/** The composition root and the tools beside it (the stand-in, the backup CLI) wire modules together. */
const ABOVE_THE_MODULES = ['app.ts', 'main.ts', 'ops', 'dev-intra'].map((entry) => path.join(server, entry));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The module a path lies in (its folder under modules/), if any. */
function moduleOf(file: string): string | undefined {
  const relative = path.relative(modules, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
}

/** Every relative import of a file (static, type-only and dynamic), resolved to a path. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.map((specifier) => path.resolve(path.dirname(file), specifier));
}

const files = sourceFiles(server);

describe('the server modules’ import graph', () => {
  it('has no cycle between modules', () => {
    const edges = new Map<string, Map<string, string>>();
    for (const file of files) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const target of importsOf(file)) {
        const to = moduleOf(target);
        if (!to || to === from) continue;
        if (!edges.has(from)) edges.set(from, new Map());
        edges.get(from)!.set(to, path.relative(server, file));
      }
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (name: string, trail: string[]) => {
      state.set(name, 'open');
      for (const [next, by] of edges.get(name) ?? []) {
        const step = [...trail, `${name} -> ${next} (${by})`];
        if (state.get(next) === 'open')
          cycles.push(step.slice(step.findIndex((s) => s.startsWith(`${next} `))).join(', '));
        else if (!state.has(next)) walk(next, step);
      }
      state.set(name, 'done');
    };
    for (const name of edges.keys()) if (!state.has(name)) walk(name, []);
    expect(edges.size).toBeGreaterThan(5);
    expect(cycles).toEqual([]);
  });

  it('has no import from the base layer (deps.ts, db/, read-model/, plugins/…) into a module', () => {
    const below = files.filter((file) => !moduleOf(file) && !ABOVE_THE_MODULES.some((above) => file.startsWith(above)));
    expect(below.map((file) => path.relative(server, file))).toContain('deps.ts');
    const upward = below.flatMap((file) =>
      importsOf(file)
        .filter((target) => moduleOf(target))
        .map((target) => `${path.relative(server, file)} -> ${path.relative(server, target)}`),
    );
    expect(upward).toEqual([]);
  });
});
