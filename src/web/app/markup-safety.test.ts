import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The page shows text and links that people typed (motivations, feedback, profile links): React
 * escapes text, so the one way to run it as markup is to ask for it, and a link opened in a new
 * tab must not hand the opened page a handle on ours.
 */
const WEB = path.resolve(import.meta.dirname, '..');
const sources = (fs.readdirSync(WEB, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, text: fs.readFileSync(path.join(WEB, file), 'utf8') }));

describe('markup built from what people typed', () => {
  it('reads the web sources', () => {
    expect(sources.length).toBeGreaterThan(20);
  });

  it('never sets HTML from a string (dangerouslySetInnerHTML, innerHTML, outerHTML, insertAdjacentHTML)', () => {
    const found = sources.filter(({ text }) =>
      /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write/.test(text),
    );
    expect(found.map(({ file }) => file)).toEqual([]);
  });

  it('opens every new-tab link with rel="noopener noreferrer"', () => {
    const bare = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/<a\b[^>]*target="_blank"[^>]*>/g)]
        .filter(([tag]) => !/rel="noopener noreferrer"/.test(tag))
        .map(([tag]) => `${file}: ${tag}`),
    );
    expect(bare).toEqual([]);
  });
});
