import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a response goes as it is: the compressed form would save less than a packet. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (GraphQL JSON, the CSV export) for clients that accept it. Brotli at quality 4
 * compresses JSON better than gzip at a similar CPU cost; the default quality, 11, costs milliseconds per
 * answer. The SPA's files are compressed once at build and served as they are (`http/spa.ts`).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
