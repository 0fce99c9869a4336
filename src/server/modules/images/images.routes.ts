import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMAGE_SENTENCES, MAX_IMAGE_BYTES } from '../../../contract/image-urls';
import { imageUploadParamsSchema, uploadedImageSchema } from '../../../contract/images';
import type { App, Deps } from '../../deps';
import { AppError, badRequest, notFound } from '../../errors';
import { currentUser } from '../../plugins/session';
import { createImagesService } from './images.service';

/** A year, and never revalidated: an address names its bytes (docs/decisions/0122-uploaded-images.md). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', IMAGE_SENTENCES.tooLarge);

/**
 * The upload's body, whatever its Content-Type: the bytes are judged by their content. Read up
 * to 2 MB; past that the answer is 413 at once, and the rest of the body is read and dropped so
 * that the browser hears the answer rather than a broken connection.
 */
function readImageBody(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (error: Error | null, body?: Buffer) => void,
): void {
  if (Number(request.headers['content-length']) > MAX_IMAGE_BYTES) {
    payload.resume();
    return done(tooLarge());
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (error: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    chunks.length = 0;
    done(error, body);
  };
  payload.on('data', (chunk: Buffer) => {
    if (finished) return;
    size += chunk.length;
    if (size > MAX_IMAGE_BYTES) return finish(tooLarge());
    chunks.push(chunk);
  });
  payload.on('end', () => finish(null, Buffer.concat(chunks)));
  payload.on('error', (error: Error) => finish(error));
}

export async function registerImageRoutes(app: App, deps: Deps): Promise<void> {
  const images = createImagesService(deps);

  // Public: the landing page shows them to everyone. nosniff comes with every answer (plugins/security.ts).
  app.get('/media/:file', { schema: { params: z.object({ file: z.string().max(200) }) } }, async (request, reply) => {
    const data = await images.read(request.params.file);
    if (!data) throw notFound(/*i18n*/ 'There is no such image.');
    return reply.type('image/webp').header('cache-control', IMMUTABLE).send(data);
  });

  // Its own context: the only route whose body is not JSON.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', readImageBody);
    (scope as App).route({
      ...endpoint(routes.uploadImage),
      schema: { params: imageUploadParamsSchema, response: { 201: uploadedImageSchema } },
      handler: async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest(IMAGE_SENTENCES.empty);
        const image = await images.upload(request.body, request.params.kind, currentUser(request));
        return reply.status(201).send(image);
      },
    });
  });
}
