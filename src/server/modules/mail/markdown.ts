import MarkdownIt from 'markdown-it';
import { SafeHtml } from './html';

/**
 * Markdown the board writes (group messages, and the mail templates to come), rendered by
 * markdown-it with raw HTML off: every `<` a person typed is escaped, and its link check refuses
 * javascript:, vbscript:, file: and data: addresses (decision 0116).
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

export function renderMarkdown(source: string): SafeHtml {
  return new SafeHtml(markdown.render(source));
}
