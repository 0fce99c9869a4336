import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isWebRoute } from '../../contract/web-routes';
import { notFound } from '../errors';

/**
 * Serves the built SPA: hashed assets cached for a year and sent pre-compressed (brotli or
 * gzip, made at build time), and index.html for every other GET so deep links work.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : undefined;

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
      .send(indexHtml);
  });
}
