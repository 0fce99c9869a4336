import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isWebRoute } from '../../contract/web-routes';
import { notFound } from '../errors';

/** The id of the JSON data block that carries the page's first data (see use-public-settings.ts). */
export const EMBEDDED_DATA_ID = 'public-settings';

/**
 * Serves the built SPA: hashed assets cached for a year and sent pre-compressed (brotli or
 * gzip, made at build time), and index.html for every other GET so deep links work.
 * `embeddedData` is put into each index.html as a JSON data block (never run as a script, so
 * the CSP is untouched): the public pages then render the club's stored content at once, with
 * no request and no flash of the defaults.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | undefined,
  embeddedData?: () => Promise<unknown>,
): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  const headEnd = indexHtml?.indexOf('</head>') ?? -1;

  async function page(): Promise<string> {
    if (!indexHtml || !embeddedData || headEnd < 0) return indexHtml!;
    try {
      // `<` escaped: no value can close the block (`</script>`) or open a comment.
      const json = JSON.stringify(await embeddedData()).replace(/</g, '\\u003c');
      const block = `<script id="${EMBEDDED_DATA_ID}" type="application/json">${json}</script>`;
      return indexHtml.slice(0, headEnd) + block + indexHtml.slice(headEnd);
    } catch (error) {
      // The page still works without it: the SPA asks the API instead.
      app.log.warn({ err: error }, 'index.html served without its embedded data');
      return indexHtml;
    }
  }

  if (webRoot && indexHtml) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/dev/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !indexHtml) {
      throw notFound(`There is no ${request.method} ${pathname}.`);
    }
    return reply
      .status(isWebRoute(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await page());
  });
}
