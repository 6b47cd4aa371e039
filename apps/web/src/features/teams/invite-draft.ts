/**
 * What a team's owner typed in the invite form, kept in the tab's sessionStorage until it is sent, so a reload
 * keeps it (docs/decisions/0134-invites-people-can-tell-apart.md). One draft per team, by its address.
 */
export interface InviteDraft {
  emails: string;
  teamRole: 'TeamMember' | 'TeamAdmin';
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const emptyInviteDraft: InviteDraft = { emails: '', teamRole: 'TeamMember' };

export function inviteDraftKey(teamFriendlyId: string): string {
  return `dxp.invite-draft.${teamFriendlyId}`;
}

/** The team's draft, or the empty form when there is none, it is unreadable, or storage is off. */
export function readInviteDraft(storage: DraftStorage | undefined, teamFriendlyId: string): InviteDraft {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(inviteDraftKey(teamFriendlyId)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return emptyInviteDraft;
    const { emails, teamRole } = stored as Record<string, unknown>;
    return {
      emails: typeof emails === 'string' ? emails : '',
      teamRole: teamRole === 'TeamAdmin' ? 'TeamAdmin' : 'TeamMember',
    };
  } catch {
    return emptyInviteDraft;
  }
}

/**
 * Keeps the draft while it has addresses; once they are sent (or cleared) nothing is left behind, the role
 * included. A full or switched-off storage is no error: the draft is a convenience.
 */
export function writeInviteDraft(storage: DraftStorage | undefined, teamFriendlyId: string, draft: InviteDraft): void {
  try {
    if (draft.emails.trim() === '') {
      storage?.removeItem(inviteDraftKey(teamFriendlyId));
    } else {
      storage?.setItem(inviteDraftKey(teamFriendlyId), JSON.stringify(draft));
    }
  } catch {
    // Nothing to do: the form still works, only a reload forgets it.
  }
}

/** The tab's sessionStorage, or undefined where the browser refuses it. */
export function sessionDraftStorage(): DraftStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
