import { describe, expect, it } from 'vitest';
import { friendlyIdFromName, friendlyIdSchema } from './team-schemas';

describe('friendlyIdFromName', () => {
  it.each([
    ['Platform Operations', 'platform-operations'],
    ['  Ünïted Ops & Co. ', 'united-ops-co'],
    ['R&D -- 2026!', 'r-d-2026'],
    ['---', ''],
  ])('%j → %j', (name, friendlyId) => {
    expect(friendlyIdFromName(name)).toBe(friendlyId);
  });

  it('suggests an address the server accepts, even from a long name', () => {
    const friendlyId = friendlyIdFromName(`${'Very long team name '.repeat(5)}-`);
    expect(friendlyId.length).toBeLessThanOrEqual(48);
    expect(friendlyIdSchema.safeParse(friendlyId).success).toBe(true);
  });
});
