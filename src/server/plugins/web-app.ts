import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isWebRoute } from '../../contract/web-routes';
import { notFound } from '../errors';

/** The id of the JSON data block that carries the page's first data (see use-public-settings.ts). */
export const EMBEDDED_DATA_ID = 'public-settings';

/**
 * Serves the built SPA: its files from memory (below), hashed assets cached for a year, and
 * index.html for every other GET so deep links work.
 * `embeddedData` is put into each index.html as a JSON data block (never run as a script, so
 * the CSP is untouched): the public pages then render the club's stored content at once, with
 * no request and no flash of the defaults. It is asked for every page; while it answers the
 * same object, the page made from it is sent again.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | undefined,
  embeddedData?: () => Promise<unknown>,
): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  const headEnd = indexHtml?.indexOf('</head>') ?? -1;

  /** The last page made, for as long as `embeddedData` answers the very same object. */
  let made: { data: unknown; page: string } | undefined;
  async function page(): Promise<string> {
    if (!indexHtml || !embeddedData || headEnd < 0) return indexHtml!;
    try {
      const data = await embeddedData();
      if (made !== undefined && made.data === data) return made.page;
      // `<` escaped: no value can close the block (`</script>`) or open a comment.
      const json = JSON.stringify(data).replace(/</g, '\\u003c');
      const block = `<script id="${EMBEDDED_DATA_ID}" type="application/json">${json}</script>`;
      made = { data, page: indexHtml.slice(0, headEnd) + block + indexHtml.slice(headEnd) };
      return made.page;
    } catch (error) {
      // The page still works without it: the SPA asks the API instead.
      app.log.warn({ err: error }, 'index.html served without its embedded data');
      return indexHtml;
    }
  }

  if (webRoot && indexHtml) registerBuiltFiles(app, webRoot);

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/dev/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !indexHtml) {
      throw notFound({
        sentence: /*i18n*/ 'There is no {method} {pathname}.',
        values: { method: request.method, pathname },
      });
    }
    return reply
      .status(isWebRoute(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await page());
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

type BuiltFile = { body: Buffer; br?: Buffer; gzip?: Buffer; type: string; cacheControl: string; etag: string };

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/**
 * The build's files, read once at start with their brotli and gzip twins (made at build time):
 * the build never changes while the server runs, and a campus loads them by the thousand on
 * opening day, where reading them from disk for each request cost more than the rest of a
 * candidate's sign-in (decision 0106). About a megabyte and a half in all.
 */
function readBuiltFiles(webRoot: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const all = new Set(filesUnder(webRoot));
  for (const file of all) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const twin = (suffix: string) => (all.has(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
    const body = fs.readFileSync(file);
    const relative = path.relative(webRoot, file).split(path.sep).join('/');
    files.set(`/${relative}`, {
      body,
      br: twin('.br'),
      gzip: twin('.gz'),
      type: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    });
  }
  return files;
}

/** One route a file (`config.file` names it, as the authorization matrix expects), served from memory. */
function registerBuiltFiles(app: FastifyInstance, webRoot: string): void {
  for (const [url, file] of readBuiltFiles(webRoot)) {
    app.get(url, { config: { file: url.slice(1) } }, (request, reply) => {
      reply.header('content-type', file.type).header('cache-control', file.cacheControl).header('etag', file.etag);
      if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
      const accepted = request.headers['accept-encoding'] ?? '';
      const encoding =
        file.br && /\bbr\b/.test(accepted) ? 'br' : file.gzip && /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      if (file.br || file.gzip) reply.header('vary', 'accept-encoding');
      if (!encoding) return reply.send(file.body);
      return reply.header('content-encoding', encoding).send(encoding === 'br' ? file.br : file.gzip);
    });
  }
}
