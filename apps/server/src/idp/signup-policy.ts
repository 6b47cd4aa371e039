import { normaliseEmail } from '@dxp/contracts/email-address';
import { and, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { DatabaseExecutor } from '../db/client.js';
import { identityAccounts } from '../db/schema/auth.js';
import { teamInvites } from '../db/schema/teams.js';
import { users } from '../db/schema/users.js';

/**
 * Why SIGNUP_MODE refuses a sign-up with this address, in the form's words, or undefined when it may go on.
 * `invite` allows addresses with a pending team invite and those of people an administrator created.
 * The installation's first account is always allowed: someone has to be able to start it.
 */
export async function signUpRefusal(
  db: DatabaseExecutor,
  signup: Config['signup'],
  email: string,
): Promise<string | undefined> {
  if (signup.mode === 'open') return undefined;
  const [anyAccount] = await db.select({ id: identityAccounts.id }).from(identityAccounts).limit(1);
  if (!anyAccount) return undefined;
  const address = normaliseEmail(email);
  switch (signup.mode) {
    case 'closed':
      return 'New accounts are not open here. Ask an administrator to create one for you.';
    case 'domains': {
      const domain = address.slice(address.lastIndexOf('@') + 1);
      if (signup.allowedDomains.includes(domain)) return undefined;
      return `Accounts here are for addresses at ${signup.allowedDomains.join(', ')}.`;
    }
    case 'invite': {
      const [invite] = await db
        .select({ id: teamInvites.id })
        .from(teamInvites)
        .where(
          and(
            sql`lower(${teamInvites.email}) = ${address}`,
            isNull(teamInvites.acceptedAt),
            isNull(teamInvites.declinedAt),
            gt(teamInvites.expiresAt, new Date()),
          ),
        )
        .limit(1);
      if (invite) return undefined;
      // An administrator created a user with this address who has not signed in yet: the sign-up answers as for
      // any taken address (the owner gets a mail that leads to "Forgot password?").
      const [created] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${address}`, isNull(users.lastLogin)))
        .limit(1);
      return created ? undefined : 'Accounts here need an invitation: ask a team to invite this address.';
    }
  }
}
