import { randomInt } from 'node:crypto';

/**
 * A private address no other test uses, for a request whose rate-limit counter must be its own: with Redis, the
 * counters of 127.0.0.1 are shared by every test process and run on the machine.
 */
export function uniqueClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}
