import { z } from 'zod';

const runtimeConfigSchema = z.object({
  environment: z.string(),
  oidc: z.object({
    authority: z.url(),
    clientId: z.string().min(1),
    audience: z.string().nullish(),
    redirectUri: z.url(),
    postLogoutRedirectUri: z.url(),
    scope: z.string().min(1),
    organization: z.string().nullish(),
  }),
  monitoring: z
    .object({ clientToken: z.string().min(1), site: z.string().min(1), service: z.string().min(1) })
    .nullable(),
  tagManagerId: z.string().nullable(),
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
