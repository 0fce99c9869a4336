import fc from 'fast-check';
import type { World } from './security-world';
import { LINK } from './security-world';

/**
 * Requests an attacker, a confused client or a bored student could send: bodies shaped after a
 * route's own schema (so they get past the first check and reach the service and the database)
 * with hostile values mixed in, bodies of any shape at all, malformed JSON, odd query strings and
 * path ids.
 */

/** The parts of zod 4's schema definitions a generator needs to read. */
type ZodDef = {
  type: string;
  format?: string;
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  entries?: Record<string, string | number>;
  values?: unknown[];
  element?: { _zod: { def: ZodDef } };
  innerType?: { _zod: { def: ZodDef } };
  in?: { _zod: { def: ZodDef } };
  options?: { _zod: { def: ZodDef } }[];
  valueType?: { _zod: { def: ZodDef } };
};
const defOf = (schema: unknown): ZodDef | undefined => (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;

export const TIMESTAMPS = [
  '2027-06-01T09:00:00Z',
  '2027-06-02T09:00:00.000+02:00',
  '2026-11-23T10:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '1969-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-14:00',
  '2026-02-30T00:00:00Z',
  '2026-11-23T10:00:00',
  '2026-11-23',
];

export const URLS = [
  LINK,
  `${LINK}-2`,
  'https://github.com/robot-builder',
  'http://example.com/portfolio',
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://www.tinkercad.com:8443/things/x',
  'https://user:pw@www.tinkercad.com/things/x',
  '//evil.example/x',
  'https://evil.example/www.tinkercad.com',
  'HTTPS://WWW.TINKERCAD.COM/things/x',
  `https://www.tinkercad.com/things/${'a'.repeat(480)}`,
];

const WORDS = [
  'approved',
  'declined',
  'validated',
  'pending',
  'pending_validation',
  'in_progress',
  'assigned',
  'member',
  'board',
  'student',
  'beginner',
  'intermediate',
  'advanced',
  'admin',
  'board@club.example',
  'not-an-email',
  'A perfectly reasonable motivation to join.',
];

/** Text that has broken web apps before: injections, control characters, odd Unicode, sizes at and past every limit. */
export const NASTY_TEXT = [
  "' OR '1'='1",
  "'); DROP TABLE users; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '=HYPERLINK("https://evil.example","x")',
  '+cmd|" /C calc"!A0',
  '@SUM(1+1)',
  '-2+3',
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  'a\u0000b',
  '\u0000',
  'line\r\nbreak',
  '\uD800',
  '\uFEFFbom',
  '\u202Egnp.exe',
  'Ω≈ç√∫˜µ≤≥÷',
  '١٢٣',
  'ｔｅｓｔ',
  '🤖'.repeat(5),
  '🤖'.repeat(1001),
  'x'.repeat(2001),
  'x'.repeat(5001),
  'x'.repeat(70_000),
  ' ',
  '',
  '\t\n ',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e3',
  '2147483648',
  '0x10',
  'true',
  'null',
  '__proto__',
];

const NUMBERS = [
  0,
  1,
  -1,
  25,
  69,
  70,
  100,
  101,
  200,
  201,
  1000,
  1001,
  10_000,
  10_001,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53 - 1,
  -(2 ** 53 - 1),
  0.5,
  1e308,
  -1e308,
];

/** Keys an attacker adds hoping the server copies them onto a row or an object's prototype. */
const SNEAKY_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'user_id',
  'is_admin',
  'is_banned',
  'role',
  'status',
  'reviewed_at',
  'experience_points',
  'total_xp_earned',
  'awarded_xp',
  'created_at',
];

/** Path ids: out of range, not numbers, or trying to climb out of the route. Already URL-encoded. */
const PATH_IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x1f',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  'abc',
  'null',
  '..%2F..%2Fadmin%2Fsettings',
  '..%2F',
  '%2e%2e',
  '%00',
  '%20',
  '1%20',
  '%D9%A3',
  "1'%20OR%20'1'%3D'1",
  '1%3BDROP%20TABLE%20users',
  'a'.repeat(300),
];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes out as the bytes of one: invalid UTF-8. */
export const encode = (text: string) =>
  encodeURIComponent(text.replace(LONE_SURROGATE, '\uE000')).replaceAll('%EE%80%80', '%ED%A0%80');

export function arbitraries(ids: World['ids']) {
  const numericIds = Object.values(ids).filter((id): id is number => typeof id === 'number');

  const number = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...numericIds) },
    { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );

  const text = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
    { weight: 2, arbitrary: fc.constantFrom(...WORDS, ...URLS, ...TIMESTAMPS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }) },
  );

  /** Deeply nested: a thousand levels of objects (a NUL at the bottom) and arrays. */
  const deep = fc.constantFrom(
    JSON.parse(`${'{"a":'.repeat(1000)}"a\\u0000"${'}'.repeat(1000)}`) as unknown,
    JSON.parse(`${'['.repeat(1000)}${']'.repeat(1000)}`) as unknown,
  );

  /** Any value at all, in any place. */
  const hostile: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 3, arbitrary: text },
    { weight: 2, arbitrary: number },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, {}, [], [null], { $gt: '' }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: fc.array(fc.oneof(text, number), { minLength: 1, maxLength: 120 }) },
  );

  const sneakyEntries = fc.array(fc.tuple(fc.constantFrom(...SNEAKY_KEYS), hostile), { maxLength: 3 });

  /** A value for a schema: mostly of the kind it expects (at and past its limits), sometimes anything. */
  function valueFor(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
    const def = defOf(schema);
    if (!def || depth > 6) return hostile;
    const expected = plausible(def, depth);
    return fc.oneof({ weight: 4, arbitrary: expected }, { weight: 1, arbitrary: hostile });
  }

  function plausible(def: ZodDef, depth: number): fc.Arbitrary<unknown> {
    switch (def.type) {
      case 'object': {
        const shape = def.shape ?? {};
        const fields = fc.record(
          Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, valueFor(field, depth + 1)])),
          { requiredKeys: [] },
        );
        return fc
          .tuple(fields, sneakyEntries)
          .map(([record, extra]) => Object.fromEntries([...Object.entries(record), ...extra]));
      }
      case 'string':
        if (def.format === 'datetime') return fc.oneof(fc.constantFrom(...TIMESTAMPS), text);
        if (def.format === 'url') return fc.oneof(fc.constantFrom(...URLS), text);
        return text;
      case 'number':
        return number;
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
      case 'literal':
        return fc.constantFrom(...(def.values ?? [null]));
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.oneof(
          fc.array(valueFor(def.element, depth + 1), { maxLength: 5 }),
          fc.array(valueFor(def.element, depth + 1), { minLength: 99, maxLength: 130 }),
        );
      case 'record':
        return fc.dictionary(text, valueFor(def.valueType, depth + 1), { maxKeys: 4 });
      case 'union':
        return fc.oneof(...(def.options ?? []).map((option) => valueFor(option, depth + 1)));
      case 'pipe':
        return valueFor(def.in, depth);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'catch':
      case 'readonly':
        return fc.oneof(valueFor(def.innerType, depth), fc.constant(null));
      default:
        return hostile;
    }
  }

  /** Raw request bodies that are not what they claim to be. */
  const rawBody = fc.constantFrom(
    '{"motivation":',
    '{"__proto__":{"is_admin":true}}',
    '{"constructor":{"prototype":{"is_admin":true}}}',
    '{"a":1,"a":2}',
    '1e999',
    '"\\u0000"',
    '\uFEFF{}',
    'null',
    '',
    `{"motivation":"${'x'.repeat(70_000)}"}`,
    `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
    `${'{"a":'.repeat(10_000)}"\\u0000"${'}'.repeat(10_000)}`,
  );

  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'APPLICATION/JSON',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ),
    },
  );

  /** What goes in the body: JSON text (possibly broken), or nothing. */
  function body(bodySchema: unknown): fc.Arbitrary<{ payload?: string; contentType?: string }> {
    const shaped = bodySchema ? valueFor(bodySchema) : fc.dictionary(fc.constantFrom(...SNEAKY_KEYS), hostile);
    return fc.oneof(
      { weight: 8, arbitrary: fc.record({ payload: shaped.map((value) => JSON.stringify(value)), contentType }) },
      { weight: 1, arbitrary: fc.record({ payload: hostile.map((value) => JSON.stringify(value)), contentType }) },
      { weight: 1, arbitrary: fc.record({ payload: rawBody, contentType }) },
      { weight: 1, arbitrary: fc.constant({}) },
    );
  }

  const queryValue = fc.oneof(
    fc.constantFrom(...numericIds.map(String), ...NASTY_TEXT.filter((value) => value.length < 300)),
    fc.string({ maxLength: 20 }),
  );

  /** A query string: the route's own keys and others, with odd values, repeated keys and broken escapes. */
  function query(querySchema: unknown): fc.Arbitrary<string> {
    const shape = defOf(querySchema)?.shape ?? {};
    const keys = [...Object.keys(shape), 'limit', 'offset', 'event_id', 'status', '__proto__', 'q'];
    const pair = fc
      .tuple(fc.constantFrom(...keys), queryValue)
      .map(([key, value]) => `${encode(key)}=${encode(value)}`);
    return fc.oneof(
      { weight: 6, arbitrary: fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join('&')) },
      { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '&&&', '=x', 'a[b]=1', 'limit=1&limit=2', 'q=%00') },
    );
  }

  /** The route's path with each parameter replaced: real ids mostly, hostile ones often. */
  function path(routePath: string): fc.Arbitrary<string> {
    const params = routePath.match(/:\w+|\*$/g) ?? [];
    const id = fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...numericIds.map(String)) },
      { weight: 2, arbitrary: fc.constantFrom(...PATH_IDS) },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 20 }).map(encode) },
    );
    return fc.tuple(...params.map(() => id)).map((values) => {
      let index = 0;
      return routePath.replace(/:\w+|\*$/g, () => values[index++]!);
    });
  }

  return { hostile, valueFor, body, query, path };
}

/** What a leaf of a valid body is replaced with, one at a time: each has broken a server somewhere. */
function poisonsFor(value: unknown): unknown[] {
  if (typeof value === 'string') {
    return [
      `${value}\u0000`,
      '🤖'.repeat(5),
      `${value}' OR '1'='1`,
      'javascript:alert(document.cookie)',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59-14:00',
      null,
      42,
    ];
  }
  if (typeof value === 'number') return [2 ** 31, 2 ** 31 - 1, -1, 0, 1.5, String(value), null];
  if (typeof value === 'boolean') return [String(value), Number(value), null];
  if (Array.isArray(value)) {
    return [[], [...value, ...value], [2 ** 31], Array.from({ length: 101 }, () => value[0]), [null], {}];
  }
  return [null, [], 'x'];
}

/**
 * A valid request with one leaf of its body poisoned, for every leaf and poison in turn: the
 * inputs most likely to get past validation and reach the database.
 */
export function poisonedBodies(valid: unknown): unknown[] {
  const bodies: unknown[] = [];
  const walk = (value: unknown, replace: (next: unknown) => unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, field] of Object.entries(value)) {
        walk(field, (next) => replace({ ...value, [key]: next }));
      }
      return;
    }
    for (const poison of poisonsFor(value)) bodies.push(replace(poison));
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, (next) => replace(value.with(i, next))));
  };
  walk(valid, (next) => next);
  return bodies;
}
