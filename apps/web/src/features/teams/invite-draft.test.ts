import { describe, expect, it } from 'vitest';
import { emptyInviteDraft, inviteDraftKey, readInviteDraft, writeInviteDraft } from './invite-draft';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('invite drafts', () => {
  it('keeps one draft per team address, read back as typed', () => {
    const storage = memoryStorage();
    writeInviteDraft(storage, 'platform', { emails: 'ada@example.com\ngrace@', teamRole: 'TeamAdmin' });
    writeInviteDraft(storage, 'platform-2', { emails: 'linus@example.com', teamRole: 'TeamMember' });
    expect(readInviteDraft(storage, 'platform')).toEqual({ emails: 'ada@example.com\ngrace@', teamRole: 'TeamAdmin' });
    expect(readInviteDraft(storage, 'platform-2')).toEqual({ emails: 'linus@example.com', teamRole: 'TeamMember' });
    expect(readInviteDraft(storage, 'other')).toEqual(emptyInviteDraft);
  });

  it('leaves nothing behind once no address is left, whatever the role', () => {
    const storage = memoryStorage();
    writeInviteDraft(storage, 'platform', { emails: 'ada@example.com', teamRole: 'TeamAdmin' });
    writeInviteDraft(storage, 'platform', { emails: '  ', teamRole: 'TeamAdmin' });
    expect(storage.items.has(inviteDraftKey('platform'))).toBe(false);
  });

  it('reads a damaged or foreign value as the empty form, and survives a storage that refuses', () => {
    const storage = memoryStorage();
    storage.setItem(inviteDraftKey('platform'), '{not json');
    expect(readInviteDraft(storage, 'platform')).toEqual(emptyInviteDraft);
    storage.setItem(inviteDraftKey('platform'), JSON.stringify({ emails: 42, teamRole: 'TeamOwner' }));
    expect(readInviteDraft(storage, 'platform')).toEqual(emptyInviteDraft);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(() => writeInviteDraft(refusing, 'platform', { emails: 'a@b.c', teamRole: 'TeamMember' })).not.toThrow();
    expect(readInviteDraft(refusing, 'platform')).toEqual(emptyInviteDraft);
    expect(readInviteDraft(undefined, 'platform')).toEqual(emptyInviteDraft);
  });
});
