import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_SCRIPT_HASH } from './security';

describe('the Content-Security-Policy and index.html', () => {
  it("allows index.html's inline theme script by its hash, and no other inline script exists", () => {
    const html = fs.readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    // Every script without a src, whatever its attributes: each must be the one the hash allows.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(`'sha256-${hash}'`).toBe(THEME_SCRIPT_HASH);
  });
});
