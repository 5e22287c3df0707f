import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { FileStore } from './file-store';
import { isFileKey } from './file-store';
import { describeVariants, findVariant, type PhotoVariant, renderVariant } from './images';

const querySchema = z.object({
  w: z.coerce.number().int().positive().optional(),
  h: z.coerce.number().int().positive().optional(),
});

// File names are unique per upload, so an answer never changes: cache it for a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /svc/files/<key>[?w=&h=]: a stored photo, or one of its whitelisted sizes (made once, then kept). */
export function registerFileRoutes(app: FastifyInstance, store: FileStore): void {
  // Concurrent first requests for one variant share one rendering.
  const rendering = new Map<string, Promise<Buffer | null>>();
  const renderOnce = (variantKey: string, key: string, variant: PhotoVariant) => {
    let pending = rendering.get(variantKey);
    if (!pending) {
      pending = (async () => {
        const original = await store.get(key);
        if (!original) return null;
        const data = await renderVariant(original, variant);
        await store.put(variantKey, data);
        return data;
      })().finally(() => rendering.delete(variantKey));
      rendering.set(variantKey, pending);
    }
    return pending;
  };

  app.get('/svc/files/*', { schema: { querystring: querySchema, hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isFileKey(key)) throw AppError.notFound('No such file');
    const { w, h } = request.query as z.infer<typeof querySchema>;
    let kept = key;
    const variant = w === undefined && h === undefined ? null : findVariant(w, h);
    if (variant === undefined) {
      throw AppError.badRequest(`This photo size is not offered; use one of ${describeVariants()}`, 'w');
    }
    if (variant) kept = key.replace(/\.(jpg|png|webp)$/, `_${variant.w}x${variant.h ?? 0}.jpg`);
    // A stored file (the original, or a size made before) is streamed as it is read; a size asked
    // for the first time is made, kept, and sent from memory.
    const opened = await store.open(kept);
    const data = opened ? null : variant ? await renderOnce(kept, key, variant) : null;
    if (!opened && !data) throw AppError.notFound('No such file');
    reply.header('Cache-Control', IMMUTABLE).type(key.endsWith('.png') && !variant ? 'image/png' : 'image/jpeg');
    if (opened) {
      if (opened.size > 0) reply.header('Content-Length', opened.size);
      return reply.send(opened.body);
    }
    return reply.send(data);
  });
}
