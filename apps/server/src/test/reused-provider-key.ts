import { reuseTestOnlySigningKeys } from '../auth/signing-keys.js';

/**
 * Set-up of every file of the `integration` project: the built-in provider's RSA signing key is generated once per
 * test process and stored again in each new database, instead of generated anew for each (see
 * `reuseTestOnlySigningKeys`). The provider tests still sign and verify with the stored key; servers the tests start
 * as processes make their own.
 */
reuseTestOnlySigningKeys(['identity-provider']);
