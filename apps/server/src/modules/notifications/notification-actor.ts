import { sql } from 'drizzle-orm';

/**
 * An administrator is named by name only: their address is not the recipient's to see (docs/decisions/0135), for
 * these types nor where a system administrator acted on a team they may not belong to.
 */
const namedOnlyTypes: readonly string[] = ['AppRequestApproved', 'AppRequestRejected', 'AccountSecurity'];
const fullName = "nullif(trim(concat_ws(' ', actor.first_name, actor.last_name)), '')";

/**
 * Who did what the notification tells of, stored when it was written (docs/decisions/0135): a user's current
 * name (or address, where the recipient sees it anyway), read by the primary key so a page stays one statement
 * and a rename shows; else the name kept for someone who is no user (a contact form's visitor). For a select
 * from `notifications`: the portal's list and the notification mail read it alike.
 */
export const actorName = sql<string | null>`${sql.raw(`coalesce(notifications.actor_name,
  (select case when notifications.type in (${namedOnlyTypes.map((type) => `'${type}'`).join(', ')})
        or actor.is_system_admin
      then ${fullName} else coalesce(${fullName}, actor.email) end
    from users actor where actor.id = notifications.actor_id))`)}`;
