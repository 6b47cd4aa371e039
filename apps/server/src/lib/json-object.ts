import { z } from 'zod';

/** What a free-form JSON field (team and application meta) may hold: it is stored, and copied into the event log. */
export const MAX_JSON_OBJECT_BYTES = 16_384;

/** A JSON object of at most MAX_JSON_OBJECT_BYTES bytes as UTF-8 JSON. */
export const jsonObjectSchema = z
  .unknown()
  .optional()
  .pipe(z.record(z.string(), z.unknown(), 'Meta must be a JSON object.'))
  .refine(
    (value) => Buffer.byteLength(JSON.stringify(value)) <= MAX_JSON_OBJECT_BYTES,
    `Use at most ${MAX_JSON_OBJECT_BYTES / 1024} KiB (${MAX_JSON_OBJECT_BYTES} bytes) of JSON.`,
  );
