import { describe, expect, it } from 'vitest';
import { teamLabel } from './team-label';

describe('teamLabel', () => {
  it('tells two teams of the same name apart by their address', () => {
    const first = teamLabel({ name: 'Platform', friendlyId: 'platform' });
    const second = teamLabel({ name: 'Platform', friendlyId: 'platform-2' });
    expect(first).toBe('Platform (platform)');
    expect(second).toBe('Platform (platform-2)');
    expect(first).not.toBe(second);
  });
});
