import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../contract/locales';
import { speaking, tell } from '../../i18n';
import { renderMarkdownWithValues, renderTextWithValues } from './mail-layout';
import { parseTemplate } from './template';

const KNOWN = ['name', 'notes', 'count', 'place', 'list', 'app_url'];
const text = (source: string, values: Record<string, string>) =>
  renderTextWithValues(parseTemplate(source, KNOWN), values);
const html = (source: string, values: Record<string, string>) =>
  renderMarkdownWithValues(parseTemplate(source, KNOWN), values).value;
/** A template's problems as the board reads them in `locale`. */
const problems = (source: string, known = ['name'], locale: Locale = 'en') =>
  speaking(locale, () => parseTemplate(source, known).problems.map(tell));

/** The placeholder rules of docs/decisions/0120-mail-templates.md. */
describe('mail template placeholders', () => {
  it('shows a section when its value is there (not empty, not 0), an inverted one when it is not', () => {
    const source = 'A{{#notes}} with {{notes}}{{/notes}}{{^notes}} alone{{/notes}}.';
    expect(text(source, { notes: 'care' })).toBe('A with care.');
    expect(text(source, { notes: '  ' })).toBe('A alone.');
    expect(text('{{#count}}{{count}} left{{/count}}{{^count}}none left{{/count}}', { count: '0' })).toBe('none left');
    expect(text('{{#count}}{{count}} left{{/count}}', { count: '10' })).toBe('10 left');
  });

  it('takes the line of a section tag that stands alone, and reads blank runs as one', () => {
    const source = 'Hello\n\n{{#notes}}\nNote: {{notes}}\n{{/notes}}\n\nBye';
    expect(text(source, { notes: 'hi' })).toBe('Hello\n\nNote: hi\n\nBye');
    expect(text(source, {})).toBe('Hello\n\nBye');
  });

  it('keeps each line of a value inside the quote or list its placeholder opens', () => {
    expect(text('Said:\n  > {{notes}}', { notes: 'one\n\nthree' })).toBe('Said:\n  > one\n  >\n  > three');
    expect(text('- {{list}}', { list: 'ivy\njack' })).toBe('- ivy\n- jack');
    expect(text('Dear {{name}}', { name: 'a\nb' })).toBe('Dear a\nb');
    expect(html('- {{list}}', { list: 'ivy\n<jack>' })).toBe(
      '<ul style="margin:0 0 16px;padding-left:20px;">\n<li>ivy</li>\n<li>&#60;jack&#62;</li>\n</ul>\n',
    );
  });

  it('never reads a value as Markdown or HTML, even in a link address', () => {
    const values = {
      name: '*Eve* <img src=x onerror=alert(1)> [x](javascript:alert(1))',
      place: 'javascript:alert(1)',
    };
    const out = html('Hi {{name}}, [go]({{app_url}}/to/{{place}}) [there]({{place}}) [home]({{app_url}}/apply)', {
      ...values,
      app_url: 'https://c.org',
    });
    expect(out).toContain('Hi *Eve* &#60;img src=x onerror=alert(1)&#62; [x](javascript:alert(1)),');
    expect(out).toContain('<a href="https://c.org/to/javascript%3Aalert(1)"');
    // A value standing for the whole address is no https address: its words stay, without the link.
    expect(out).toContain('</a> there <a href="https://c.org/apply"');
    expect(out).not.toMatch(/<img|href="javascript/);
  });

  it('lets no text stand for another value: markers typed by a candidate or the board show as typed', () => {
    // The renderer's markers as main wrote them (index 0 is the first value), raw and as markdown-it
    // percent-encodes them in a link's address.
    const spoofs = ['\uE0000\uE001', '%EE%80%800%EE%80%81', '\uE000%EE%80%800%EE%80%81\uE001'];
    for (const spoof of spoofs) {
      const notes = `see ${spoof} here`;
      const out = html(`Dear {{name}},\n\n> {{notes}}\n\n[more]({{app_url}}/n?x={{notes}}) ${spoof}`, {
        name: 'Zineb',
        notes,
        app_url: 'https://c.org',
      });
      expect(out.match(/Zineb/g), spoof).toHaveLength(1);
      expect(out, spoof).toContain(`<p style="margin:0 0 8px;">see ${spoof} here</p>`);
      expect(out, spoof).toContain(`href="https://c.org/n?x=${encodeURIComponent(notes)}"`);
      // Typed in the template itself, it stays as the board wrote it.
      expect(out, spoof).toContain(`</a> ${spoof}</p>`);
    }
  });

  it('lists each problem: an unknown placeholder by name, a section left open or closing none, a malformed tag', () => {
    expect(problems('Hi {{name}}')).toEqual([]);
    expect(problems('Hi {{ name }} {{xp}}')).toEqual([
      'This email does not know the placeholder {{xp}}. It knows {{name}}.',
    ]);
    expect(problems('{{#name}}open')).toEqual(['The section {{#name}} is never closed: end it with {{/name}}.']);
    expect(problems('shut{{/name}}')).toEqual(['{{/name}} closes no section: open one with {{#name}} before it.']);
    // A saved template that a later catalogue no longer matches still sends: the tag is nothing.
    expect(text('Hi {{gone}}!{{#gone}} kept{{/gone}}', { gone: 'x' })).toBe('Hi ! kept');
    expect(problems('{{Two words}}')).toEqual([
      '{{Two words}} is not a placeholder: a placeholder is a name in double braces, such as {{name}}.',
    ]);
  });

  it('tells each problem in the language asked, the known placeholders listed in its way (decision 0128)', () => {
    const NNBSP = '\u202f';
    const known = ['name', 'app_url', 'review_notes'];
    expect(problems('{{xp}}', known, 'en')).toEqual([
      'This email does not know the placeholder {{xp}}. It knows {{name}}, {{app_url}}, {{review_notes}}.',
    ]);
    expect(problems('{{xp}} {{/name}}{{#name}}', known, 'fr')).toEqual([
      `Cet e-mail n’a pas de variable {{xp}}. Ses variables sont${NNBSP}: {{name}}, {{app_url}} et {{review_notes}}.`,
      `{{/name}} ne ferme aucune section${NNBSP}: ouvrez-en une avec {{#name}} avant elle.`,
      `La section {{#name}} n’est jamais fermée${NNBSP}: terminez-la par {{/name}}.`,
    ]);
    // Each Latin placeholder isolated (U+2068…U+2069), so that right to left keeps its braces in order.
    expect(problems('{{xp}} {{a b}}', known, 'ar')).toEqual([
      'لا تعرف هذه الرسالة المتغير \u2068{{xp}}\u2069. المتغيرات التي تعرفها: \u2068{{name}}\u2069، و\u2068{{app_url}}\u2069، و\u2068{{review_notes}}\u2069.',
      '\u2068{{a b}}\u2069 ليس متغيرًا: المتغير اسم بين قوسين معقوفين مزدوجين، مثل \u2068{{name}}\u2069.',
    ]);
    // A backslash the board wrote stays as written, in any language.
    expect(problems('{{\\u0041}}', known, 'fr')[0]).toMatch(/^\{\{\\u0041\}\} n’est pas une variable/);
  });
});
