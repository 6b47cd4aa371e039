import { useTestOnlyPasswordHashCost } from '../idp/passwords.js';

/**
 * Set-up of every server test file: password hashes made in the test process cost N=2^10 (about 2 ms of CPU) instead
 * of OWASP's 2^15 (about 220 ms), as a server started with TEST_ONLY_PASSWORD_HASH_COST would. The suites sign
 * people up and in a few hundred times per database; at the full cost that was most of their CPU.
 */
useTestOnlyPasswordHashCost(2 ** 10);
