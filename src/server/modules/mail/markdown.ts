import MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import { mediaImage } from '../../../contract/image-urls';
import { isAllowedLink } from '../../../contract/links';
import { SafeHtml } from './html';

/**
 * What a rendering needs to know of the app: its public address (PUBLIC_URL; empty in a few unit
 * tests), and whether the app's paths must become absolute addresses (in a mail, which has no page
 * to be relative to).
 */
export type MarkdownEnv = { appUrl: string; absolute?: boolean };

/**
 * The club's own uploaded image at `src` (`/media/...`, or the same under the app's address),
 * as an absolute address a mail program can load; undefined for any other address.
 */
function clubImage(src: string, appUrl: string): string | undefined {
  const path = src.startsWith(`${appUrl}/`) ? src.slice(appUrl.length) : src;
  return mediaImage(path) ? `${appUrl}${path}` : undefined;
}

/**
 * Links and pictures of the board's Markdown, after markdown-it's own check (which refuses
 * `javascript:`, `vbscript:`, `file:` and `data:`): a link stays a link only to an https address
 * with a host, the app's own paths or a mail address (`isAllowedLink`), otherwise its words stay
 * without it; a picture is shown only from the club's own `/media` addresses, otherwise its
 * description stands in. So nothing the board writes makes a reader's mail program fetch
 * another site (a tracking pixel) or a link lead somewhere its words hide (issue 35).
 */
function linkPolicy(state: StateCore): void {
  const { appUrl, absolute = false } = state.env as MarkdownEnv;
  const appOrigin = URL.canParse(appUrl) ? new URL(appUrl).origin : undefined;
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const kept: Token[] = [];
    const refused: boolean[] = [];
    for (const token of block.children) {
      if (token.type === 'link_open') {
        const href = token.attrGet('href') ?? '';
        const allowed = isAllowedLink(href, appOrigin);
        refused.push(!allowed);
        if (allowed && absolute && href.startsWith('/')) token.attrSet('href', `${appUrl}${href}`);
        if (allowed) kept.push(token);
      } else if (token.type === 'link_close') {
        if (!refused.pop()) kept.push(token);
      } else if (token.type === 'image') {
        const src = clubImage(token.attrGet('src') ?? '', appUrl);
        if (src) {
          token.attrSet('src', src);
          kept.push(token);
        } else {
          const description = new state.Token('text', '', 0);
          description.content = token.content;
          kept.push(description);
        }
      } else kept.push(token);
    }
    block.children = kept;
  }
}

/** markdown-it as the board's Markdown is read everywhere: raw HTML off (decision 0116), links and pictures checked. */
export function boardMarkdown(): MarkdownIt {
  const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });
  markdown.core.ruler.push('link_policy', linkPolicy);
  return markdown;
}

/**
 * Markdown the board writes (group messages, shown in the app), rendered by markdown-it with raw
 * HTML off: every `<` a person typed is escaped (decision 0116); links and pictures as above.
 */
const markdown = boardMarkdown();

export function renderMarkdown(source: string, appUrl: string): SafeHtml {
  return new SafeHtml(markdown.render(source, { appUrl } satisfies MarkdownEnv));
}
