/*
 * Where a link in the board's Markdown (group messages, mail templates) may lead, the same rule
 * on the server, which renders it, and in the page, which shows it (issue 35: a protocol-relative
 * `//evil.example/x` or an `http:` address could track or mislead readers). No zod here: the
 * candidate's page reads it without loading the schemas.
 */

/** A path of the app itself: one `/`, never `//host` or `/\host`, which browsers read as another host. */
const APP_PATH = /^\/(?![/\\])[^\s\p{Cc}]*$/u;
/** A mail address to write to (linkify makes one of every address typed in the text). */
const MAIL_ADDRESS = /^mailto:[^\s@/?#]+@[^\s@/?#]+$/i;

/**
 * Whether a link may be shown as a link: an `https:` address with a host and no user name (a
 * reader takes `https://club.example@evil.example` for the club), a path of the app, an address
 * on the app's own origin (`appOrigin`, whatever its scheme: `http://localhost:3000` while
 * developing), or a mail address. Anything else keeps its words without the link.
 */
export function isAllowedLink(href: string, appOrigin?: string): boolean {
  if (APP_PATH.test(href) || MAIL_ADDRESS.test(href)) return true;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  return (url.protocol === 'https:' && url.hostname !== '') || (appOrigin !== undefined && url.origin === appOrigin);
}
