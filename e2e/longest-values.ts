/**
 * The longest values the API accepts, for the layout matrix (issue 28): a page must hold them at
 * 360 px in every language. Written in English, as a board and candidates write them, so that an
 * Arabic page shows them in their own direction (dir="auto" or <bdi>) or they read backwards.
 */

const WORDS = [
  'Build',
  'the',
  'line-following',
  'robot',
  'with',
  'two',
  'infrared',
  'sensors',
  'and',
  'a',
  'microcontroller',
  'in',
  'Tinkercad,',
  'then',
  'tune',
  'its',
  'proportional',
  'controller',
  'until',
  'it',
  'keeps',
  'the',
  'track.',
];

/** Sentences of exactly `length` characters, ending with a full stop (where a bidi defect shows first). */
export function longText(length: number, start = ''): string {
  let text = start;
  for (let i = 0; text.length < length + 1; i += 1) text += `${text ? ' ' : ''}${WORDS[i % WORDS.length]}`;
  return `${text.slice(0, length - 1).trimEnd()}.`.padEnd(length, '.');
}

/** A name of exactly `length` characters (no full stop): an event's, a team's, a title. */
export function longName(length: number, start: string): string {
  const text = longText(length + 40, start).replace(/[.,]/g, '');
  return text.slice(0, length).trimEnd().padEnd(length, 'x');
}

/** A token with nowhere to break, of exactly `length` characters. */
export function longToken(length: number, start = ''): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let token = start;
  for (let i = 0; token.length < length; i += 1) token += alphabet[(i * 7) % alphabet.length];
  return token;
}

/** A Tinkercad link of the longest length the API takes (500 characters). */
export const longestTinkercadLink = (tag: string) =>
  longToken(500, `https://www.tinkercad.com/things/${tag}-line-follower?sharecode=`);

/** An http(s) address of exactly `length` characters. */
export const longUrl = (length: number, host = 'https://example.org/') => longToken(length, `${host}portfolio/`);

/** A 42 login of the longest length the stand-in takes (20 characters), starting with `prefix`. */
export const longestLogin = (prefix: string) => longToken(20, `${prefix}-`);
