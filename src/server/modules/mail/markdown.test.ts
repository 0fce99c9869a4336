import { describe, expect, it } from 'vitest';
import { isAllowedLink } from '../../../contract/links';
import { renderMarkdown } from './markdown';
import { composeMail } from './mail-templates';

const APP = 'https://club.example.org';
const MEDIA = `/media/${'a'.repeat(64)}-96x96.webp`;
const html = (source: string, appUrl = APP) => renderMarkdown(source, appUrl).value;

/** Links that could track or mislead a reader: none may stay a link (issue 35). */
const REFUSED = [
  '//evil.example/x',
  'http://evil.example/x',
  'https://club.example.org@evil.example/x',
  'ftp://evil.example/x',
  'https:',
];

describe('links and pictures in the board’s Markdown', () => {
  it('keeps https links with a host, the app’s own paths and addresses, and mail addresses', () => {
    expect(html('[rules](https://club.example.org/rules) [apply](/apply) [me](mailto:board@club.example.org)')).toBe(
      '<p><a href="https://club.example.org/rules">rules</a> <a href="/apply">apply</a> ' +
        '<a href="mailto:board@club.example.org">me</a></p>\n',
    );
    // The app's own origin while developing is plain http: still the app.
    expect(html('[tracker](http://localhost:3000/apply)', 'http://localhost:3000')).toBe(
      '<p><a href="http://localhost:3000/apply">tracker</a></p>\n',
    );
    expect(html('see https://club.example.org/rules or board@club.example.org')).toContain(
      '<a href="https://club.example.org/rules">https://club.example.org/rules</a> or <a href="mailto:board@club.example.org">',
    );
  });

  it.each(REFUSED)('keeps the words of a link to %s without the link', (href) => {
    const out = html(`Read [the rules](${href}) now.`);
    expect(out).not.toContain('<a');
    expect(out).toContain('the rules');
  });

  it('makes no link of a protocol-relative or plain-http address typed in the text, nor of an autolink', () => {
    for (const source of ['<http://evil.example/x>', 'www.evil.example/x', 'http://evil.example/x']) {
      expect(html(source), source).not.toContain('<a');
    }
  });

  it('shows a picture only from the club’s own /media, at its absolute address; any other is its description', () => {
    expect(html(`![logo](${MEDIA}) ![again](${APP}${MEDIA})`)).toBe(
      `<p><img src="${APP}${MEDIA}" alt="logo"> <img src="${APP}${MEDIA}" alt="again"></p>\n`,
    );
    for (const src of ['https://tracker.example/p.gif', '//tracker.example/p.gif', `https://evil.example${MEDIA}`]) {
      expect(html(`![a pixel](${src})`), src).toBe('<p>a pixel</p>\n');
    }
  });

  it('reads a link the same way in the page as on the server', () => {
    // A backslash is a slash to a browser; in Markdown it arrives percent-encoded, a mere path.
    for (const href of [...REFUSED, '/\\evil.example/x']) expect(isAllowedLink(href, APP), href).toBe(false);
    for (const href of ['https://club.example.org/rules', '/apply', 'mailto:a@b.example']) {
      expect(isAllowedLink(href, APP), href).toBe(true);
    }
  });
});

describe('links and pictures in the emails', () => {
  const mail = (body: string) =>
    composeMail(
      { kind: 'board_message', subject: 'News', body },
      { subject: '', body: '' },
      { userId: 1, email: 'zineb@student.1337.ma', name: 'Zineb', locale: 'en' },
      APP,
      'Africa/Casablanca',
    );

  it('carries no remote picture and no link elsewhere than https, the app or a mail address', () => {
    const { html: out } = mail(
      '![pixel](https://tracker.example/p.gif?who=zineb) [win](//evil.example/x) [plain](http://evil.example)\n\n' +
        `![our logo](${MEDIA}) [rules](https://club.example.org/rules) [apply](/apply)`,
    );
    expect(out.match(/<img [^>]*>/g)).toEqual([`<img src="${APP}${MEDIA}" alt="our logo">`]);
    expect(out).not.toMatch(/tracker\.example|href="\/\/|href="http:/);
    expect(out).toContain('pixel win plain');
    expect(out).toContain('<a href="https://club.example.org/rules"');
    // A mail has no page to be relative to: the app's path is its whole address there.
    expect(out).toContain(`<a href="${APP}/apply" style=`);
    // The mail's own button back to the app stays.
    expect(out).toContain(`href="${APP}/apply"`);
  });
});
