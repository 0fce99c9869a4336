import { randomBytes } from 'node:crypto';
import type Token from 'markdown-it/lib/token.mjs';
import { say, type Sentence } from '../../../contract/i18n';
import { RTL_LOCALES, type Locale } from '../../../contract/locales';
import { escapeHtml, markup, SafeHtml } from './html';
import { boardMarkdown, type MarkdownEnv } from './markdown';
import { fill, type Parsed, type Values } from './template';

/**
 * How a mail looks (docs/decisions/0120-mail-templates.md): its Markdown rendered by markdown-it
 * with raw HTML off (decision 0116), inline styles on the tags it makes (mail programs drop
 * style sheets), inside the club's page with its signature. The text part is the same Markdown
 * with the values filled in. A mail in Arabic is right to left: `dir` on the page, and the
 * styles that have a side mirrored (mail programs know few logical properties), decision 0128.
 * The frame's words are the server catalog's, read in the language `speaking` set.
 */

export const CLUB = '1337 Robotics Club';

const STYLES: Record<string, string> = {
  h1: 'margin:0 0 16px;font-size:22px;line-height:1.3;',
  h2: 'margin:24px 0 12px;font-size:19px;line-height:1.3;',
  h3: 'margin:20px 0 8px;font-size:17px;line-height:1.3;',
  p: 'margin:0 0 16px;',
  blockquote: 'margin:0 0 16px;padding:12px 16px;background:#eef3f6;border-left:4px solid #00babc;',
  ul: 'margin:0 0 16px;padding-left:20px;',
  ol: 'margin:0 0 16px;padding-left:20px;',
  a: 'color:#006f71;',
  code: 'font-family:Consolas,Menlo,monospace;background:#eef3f6;padding:0 3px;',
};
/** The same styles for a right-to-left mail: the quote's bar and the lists' indent on the right. */
const RTL_STYLES: Record<string, string> = {
  ...STYLES,
  blockquote: 'margin:0 0 16px;padding:12px 16px;background:#eef3f6;border-right:4px solid #00babc;',
  ul: 'margin:0 0 16px;padding-right:20px;',
  ol: 'margin:0 0 16px;padding-right:20px;',
};
const QUOTED_PARAGRAPH = 'margin:0 0 8px;';
const BUTTON_PARAGRAPH = 'margin:24px 0;';
const BUTTON =
  'display:inline-block;padding:10px 18px;border-radius:6px;background:#00babc;color:#06282a;font-weight:700;text-decoration:none;';

/** A paragraph that holds one link and nothing else: it reads as the mail's button. */
function isButton(tokens: Token[], at: number): boolean {
  const inline = tokens[at + 1];
  const children = inline?.children ?? [];
  return (
    tokens[at]!.level === 0 &&
    inline?.type === 'inline' &&
    children[0]?.type === 'link_open' &&
    children[children.length - 1]?.type === 'link_close' &&
    children.filter((child) => child.type === 'link_open').length === 1
  );
}

type RenderEnv = MarkdownEnv & { rtl?: boolean };
// The board's Markdown as everywhere (links and pictures checked first), styled for mail programs.
const markdown = boardMarkdown();
markdown.core.ruler.push('mail_styles', (state) => {
  const styles = (state.env as RenderEnv).rtl ? RTL_STYLES : STYLES;
  let quoted = 0;
  state.tokens.forEach((token, at) => {
    if (token.type === 'blockquote_open') quoted++;
    if (token.type === 'blockquote_close') quoted--;
    if (token.nesting === -1) return;
    if (token.type === 'paragraph_open' && isButton(state.tokens, at)) {
      token.attrSet('style', BUTTON_PARAGRAPH);
      state.tokens[at + 1]!.children![0]!.attrSet('style', BUTTON);
      return;
    }
    const style = token.type === 'paragraph_open' && quoted > 0 ? QUOTED_PARAGRAPH : styles[token.tag];
    if (style && token.type !== 'inline') token.attrSet('style', style);
    for (const child of token.children ?? []) {
      const childStyle = styles[child.tag];
      if (childStyle && child.nesting !== -1 && !child.attrGet('style')) child.attrSet('style', childStyle);
    }
  });
});

/**
 * Where a value goes, kept out of Markdown's reach: private-use characters around a number that
 * is new at every rendering (the nonce) and the value's index. Nobody can write a marker that
 * stands for another value (a candidate's text, the board's notes): they cannot know the nonce.
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';
/** A marker as written, or percent-encoded by markdown-it in a link's address; its index in group 1 or 2. */
const markerPattern = (nonce: string) =>
  new RegExp(`${OPEN}${nonce}(\\d+)${CLOSE}|%EE%80%80${nonce}(\\d+)%EE%80%81`, 'g');

/** Values inserted as they are: the app's own address, from the configuration, for links. */
const LITERAL = new Set(['app_url']);

/**
 * The HTML of a filled template. Each line of a value stands in the Markdown as a marker, so
 * that nothing a person typed (a name, feedback) is read as Markdown; once rendered, each marker
 * becomes its line, escaped, in one pass (no value is read again for markers). In a link's
 * address a value is percent-encoded, after markdown-it checked the address, so it can never
 * make a `javascript:` link.
 */
export function renderMarkdownWithValues(template: Parsed, values: Values, locale: Locale = 'en'): SafeHtml {
  const nonce = randomBytes(8).toString('hex');
  const lines: string[] = [];
  const source = fill(template.nodes, values, (line, name) => {
    if (LITERAL.has(name) || line === '') return line;
    lines.push(line);
    return `${OPEN}${nonce}${lines.length - 1}${CLOSE}`;
  });
  const html = markdown
    .render(tidy(source), {
      appUrl: values.app_url ?? '',
      absolute: true,
      rtl: RTL_LOCALES.has(locale),
    } satisfies RenderEnv)
    .replace(markerPattern(nonce), (_, inText: string | undefined, inAddress: string | undefined) => {
      const line = lines[Number(inText ?? inAddress)] ?? '';
      return escapeHtml(inText === undefined ? encodeURIComponent(line) : line);
    });
  return new SafeHtml(html);
}

/** Runs of blank lines (sections left out) read as one; no blank line opens or ends the text. */
const tidy = (text: string) =>
  text
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const LINK_IN_TEXT: Sentence = /*i18n*/ '{label}: {address}';

/** The text part: the Markdown filled in, with a link alone on its line written "label: address". */
export function renderTextWithValues(template: Parsed, values: Values): string {
  return tidy(fill(template.nodes, values, (line) => line)).replace(
    /^\[([^\]\n]+)\]\(([^()\s]+)\)$/gm,
    (_, label: string, address: string) => say(LINK_IN_TEXT, { label, address }),
  );
}

/** A header must stay on one line whatever a title holds. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const SIGNATURE: Sentence = /*i18n*/ 'The board of the {club}';

/** The text part: the content, then the signature in the language Lingui speaks now. */
export function mailText(content: string, appUrl: string): string {
  return `${content}\n\n${say(SIGNATURE, { club: CLUB })}\n${appUrl}\n`;
}

const PAGE_STYLE =
  'max-width:560px;margin:0 auto;padding:24px;background:#ffffff;color:#1b232b;' +
  'font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;';

/** The HTML part in `locale` (its signature in the language Lingui speaks now). */
export function mailHtml(subject: string, content: SafeHtml, appUrl: string, locale: Locale = 'en'): string {
  const dir = RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
  return markup`<!doctype html>
<html lang="${locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${subject}</title>
</head>
<body style="margin:0;padding:0;background:#f4f6f8;">
<div dir="${dir}" style="${PAGE_STYLE}">
${content}<p style="margin:24px 0 0;color:#4a5560;font-size:14px;">${say(SIGNATURE, { club: CLUB })}<br><a href="${appUrl}" style="color:#006f71;">${appUrl}</a></p>
</div>
</body>
</html>
`.value;
}
