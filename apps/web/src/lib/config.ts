// zod/mini: the same checks at a fraction of the size, since this runs before the first paint.
import { z } from 'zod/mini';

const runtimeConfigSchema = z.object({
  environment: z.string(),
  oidc: z.object({
    authority: z.url(),
    clientId: z.string().check(z.minLength(1)),
    audience: z.nullish(z.string()),
    redirectUri: z.url(),
    postLogoutRedirectUri: z.url(),
    scope: z.string().check(z.minLength(1)),
    organization: z.nullish(z.string()),
  }),
  monitoring: z.nullable(
    z.object({
      clientToken: z.string().check(z.minLength(1)),
      site: z.string().check(z.minLength(1)),
      service: z.string().check(z.minLength(1)),
    }),
  ),
  tagManagerId: z.nullable(z.string()),
});

/** The runtime public settings served by GET /api/config (docs/api.md). */
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export async function fetchRuntimeConfig(fetchImplementation: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImplementation('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`Unable to load the runtime configuration (HTTP ${response.status})`);
  }
  return runtimeConfigSchema.parse(await response.json());
}
