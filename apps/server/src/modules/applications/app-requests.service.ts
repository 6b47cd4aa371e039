import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import { type RequestAccessInput, requestAccessInputSchema } from '@dxp/contracts/request-access';
import { optionalTextSchema } from '@dxp/contracts/text';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { defineFilteredList, findFilteredPage, type ListFilter, type ListRequest } from '../../db/filtered-list.js';
import { mapPageNodes, type Page } from '../../db/keyset-pagination.js';
import {
  type AppRequestAction,
  type AppRequestHistoryRow,
  type AppRequestRow,
  type AppRequestStatus,
  appRequestHistory,
  appRequests,
  applications,
  type TeamApplicationStatus,
  teamApplications,
} from '../../db/schema/applications.js';
import { teamMembers, teams } from '../../db/schema/teams.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { publishAfterCommit } from '../../live/after-commit.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { createNotification, markNotificationsReadAbout } from '../notifications/notifications.service.js';
import { anyTeamRole, findTeamForActor } from '../teams/team-access.js';
import { requireApplication } from './applications.service.js';
import { isPendingRequestOf } from './pending-request.js';

/** A request with the names it refers to, as lists and the detail screens show it. */
export type AppRequestNode = AppRequestRow & {
  applicationName: string;
  /** Null once the team was deleted. */
  teamFriendlyId: string | null;
  teamName: string;
  requestedBy: string;
  teamApplicationStatus: TeamApplicationStatus | null;
};

/** What the request-access screen shows: the contact details prefilled, or why a request is not possible. */
export interface RequestAccessInfo {
  errorMessage: string | null;
  appId: string;
  appName: string;
  teamName: string;
  teamFriendlyId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  termsLink: string | null;
  termsDate: Date | null;
}

const requestNotFound = () => new AppError('NOT_FOUND', 'Application request not found.');

/** "Ada Lovelace", or the email when the profile has no name. */
export function displayNameOf(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

/** Requests with their application, team, requester and the team's current grant, in one statement. */
function selectAppRequestNodes(db: DatabaseExecutor) {
  return db
    .select({
      request: appRequests,
      applicationName: applications.name,
      teamFriendlyId: teams.friendlyId,
      // The team's current name, or the one it had when it asked once it is deleted.
      teamName: sql<string>`coalesce(${teams.name}, ${appRequests.teamName})`,
      requester: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      teamApplicationStatus: teamApplications.status,
    })
    .from(appRequests)
    .innerJoin(applications, eq(applications.id, appRequests.applicationId))
    .leftJoin(teams, eq(teams.id, appRequests.teamId))
    .innerJoin(users, eq(users.id, appRequests.requestedById))
    .leftJoin(
      teamApplications,
      and(
        eq(teamApplications.teamId, appRequests.teamId),
        eq(teamApplications.applicationId, appRequests.applicationId),
      ),
    );
}

type SelectedNode = Awaited<ReturnType<ReturnType<typeof selectAppRequestNodes>['where']>>[number];

function toNode(row: SelectedNode): AppRequestNode {
  return {
    ...row.request,
    applicationName: row.applicationName,
    teamFriendlyId: row.teamFriendlyId,
    teamName: row.teamName,
    requestedBy: displayNameOf(row.requester),
    teamApplicationStatus: row.teamApplicationStatus,
  };
}

async function readNode(db: DatabaseExecutor, requestId: string): Promise<AppRequestNode> {
  const [row] = await selectAppRequestNodes(db).where(eq(appRequests.id, requestId));
  if (!row) throw requestNotFound();
  return toNode(row);
}

export const appRequestList = defineFilteredList(appRequests, {
  filter: {
    status: 'string',
    teamFriendlyId: {
      kind: 'string',
      column: sql`(select ${teams.friendlyId} from ${teams} where ${teams.id} = ${appRequests.teamId})`,
    },
    applicationId: 'id',
    createdAt: 'dateTime',
  },
  /** Served by the (created_at, id), (closed_sort_at, id) and (status, created_at, id) indexes. */
  sort: { createdAt: appRequests.createdAt, closedAt: appRequests.closedSortAt, status: appRequests.status },
  defaultOrder: [{ createdAt: 'DESC' }],
});
type AppRequestFilter = ListFilter<typeof appRequestList>;

/** Ids in a filter must be UUIDs before they reach SQL, so a wrong one is a client error, not a database error. */
function requireIdFilterValues(where: AppRequestFilter | null | undefined): void {
  if (!where) return;
  const ids = [where.applicationId?.eq, ...(where.applicationId?.in ?? [])].filter((id) => id != null);
  if (ids.some((id) => !z.uuid().safeParse(id).success)) {
    throw new AppError('INVALID_REQUEST', 'applicationId must be an application id.', { field: 'applicationId' });
  }
  for (const group of [...(where.and ?? []), ...(where.or ?? [])]) requireIdFilterValues(group);
}

/** Every request, newest first unless ordered otherwise; for system admins. Two statements per page. */
export async function listAppRequests(
  db: DatabaseExecutor,
  options: ListRequest<typeof appRequestList>,
): Promise<Page<AppRequestNode>> {
  requireIdFilterValues(options.where);
  const page = await findFilteredPage(db, appRequestList, options);
  const ids = page.edges.map((edge) => edge.node.id);
  const rows = ids.length === 0 ? [] : await selectAppRequestNodes(db).where(inArray(appRequests.id, ids));
  const nodes = new Map(rows.map((row) => [row.request.id, toNode(row)]));
  return mapPageNodes(page, (request) => nodes.get(request.id)!);
}

/** One request: for system admins and members of the request's (enabled) team; anyone else NOT_FOUND. */
export async function findAppRequestForActor(
  db: DatabaseExecutor,
  options: { actor: Actor; requestId: string },
): Promise<AppRequestNode> {
  const { actor, requestId } = options;
  if (!z.uuid().safeParse(requestId).success) throw requestNotFound();
  const isMemberOfTeam = and(
    eq(teams.enabled, true),
    exists(
      db
        .select({ one: sql`1` })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, appRequests.teamId), eq(teamMembers.userId, actor.user.id))),
    ),
  );
  const [row] = await selectAppRequestNodes(db).where(
    and(eq(appRequests.id, requestId), actor.user.isSystemAdmin ? undefined : isMemberOfTeam),
  );
  if (!row) throw requestNotFound();
  return toNode(row);
}

/** The history of each request, oldest first, in one statement (for the per-request loader). */
export async function listAppRequestHistory(
  db: DatabaseExecutor,
  options: { requestIds: readonly string[] },
): Promise<AppRequestHistoryRow[]> {
  return db
    .select()
    .from(appRequestHistory)
    .where(inArray(appRequestHistory.requestId, [...options.requestIds]))
    .orderBy(asc(appRequestHistory.createdAt), asc(appRequestHistory.id));
}

async function hasGrant(db: DatabaseExecutor, options: { teamId: string; applicationId: string }): Promise<boolean> {
  const [grant] = await db
    .select({ status: teamApplications.status })
    .from(teamApplications)
    .where(and(eq(teamApplications.teamId, options.teamId), eq(teamApplications.applicationId, options.applicationId)));
  return grant !== undefined;
}

async function hasPendingRequest(
  db: DatabaseExecutor,
  options: { teamId: string; applicationId: string },
): Promise<boolean> {
  const [pending] = await db.select({ id: appRequests.id }).from(appRequests).where(isPendingRequestOf(options));
  return pending !== undefined;
}

/**
 * The request-access screen's data for one of the caller's teams: the profile's contact details and,
 * when a request is not possible, a sentence saying why. Unknown applications and teams are NOT_FOUND.
 */
export async function findAppInfoForRequest(
  db: DatabaseExecutor,
  options: { actor: Actor; applicationId: string; teamFriendlyId: string },
): Promise<RequestAccessInfo> {
  const { actor, applicationId, teamFriendlyId } = options;
  const { team } = await findTeamForActor(db, { actor, friendlyId: teamFriendlyId, roles: anyTeamRole });
  const application = await requireApplication(db, { applicationId });
  const where = { teamId: team.id, applicationId: application.id };
  let errorMessage: string | null = null;
  if (!team.enabled) {
    errorMessage = `The team ${team.name} is disabled, so it cannot request applications.`;
  } else if (await hasGrant(db, where)) {
    errorMessage = `The team ${team.name} already has ${application.name}.`;
  } else if (await hasPendingRequest(db, where)) {
    errorMessage = `A request for ${application.name} by the team ${team.name} is already waiting for approval.`;
  }
  const { user } = actor;
  return {
    errorMessage,
    appId: application.id,
    appName: application.name,
    teamName: team.name,
    teamFriendlyId: team.friendlyId,
    email: user.email,
    firstName: user.firstName || null,
    lastName: user.lastName || null,
    phoneNumber: user.primaryPhone,
    termsLink: application.termsLink,
    termsDate: application.termsDate,
  };
}

export const commentsSchema = optionalTextSchema(2000);

async function addHistoryEntry(
  db: DatabaseExecutor,
  options: { requestId: string; action: AppRequestAction; actor: Actor; comments?: string | null },
): Promise<void> {
  await db.insert(appRequestHistory).values({
    requestId: options.requestId,
    action: options.action,
    actorId: options.actor.user.id,
    actorName: displayNameOf(options.actor.user),
    comments: options.comments ?? null,
  });
}

/**
 * A team member asks for an application for the team. One pending request per team and application
 * (DUPLICATE_VALUE, decided by the partial unique index); every system admin is notified.
 */
export async function requestApplicationAccess(
  db: DatabaseExecutor,
  options: { actor: Actor; input: RequestAccessInput },
): Promise<AppRequestNode> {
  const { actor } = options;
  const input = requestAccessInputSchema.parse(options.input);
  return db.transaction(async (transaction) => {
    const { team } = await findTeamForActor(transaction, {
      actor,
      friendlyId: input.teamFriendlyId,
      roles: anyTeamRole,
    });
    if (!team.enabled) {
      throw new AppError('INVALID_REQUEST', `The team ${team.name} is disabled, so it cannot request applications.`);
    }
    const application = await requireApplication(transaction, { applicationId: input.appId });
    if (await hasGrant(transaction, { teamId: team.id, applicationId: application.id })) {
      throw new AppError('INVALID_REQUEST', `The team ${team.name} already has ${application.name}.`);
    }
    if (application.termsLink && !input.acceptTerms) {
      throw new AppError('INVALID_REQUEST', `Accept the terms of ${application.name} to request it.`, {
        field: 'acceptTerms',
      });
    }
    let request: AppRequestRow;
    try {
      [request] = (await transaction
        .insert(appRequests)
        .values({
          applicationId: application.id,
          teamId: team.id,
          teamName: team.name,
          requestedById: actor.user.id,
          contactEmail: input.contactEmail,
          contactPhone: input.contactPhone,
          firstName: input.firstName,
          lastName: input.lastName,
          message: input.message,
          termsAcceptedAt: application.termsLink ? new Date() : null,
        })
        .returning()) as [AppRequestRow];
    } catch (error) {
      if (isUniqueViolation(error, 'app_requests_one_pending')) {
        throw new AppError(
          'DUPLICATE_VALUE',
          `A request for ${application.name} by the team ${team.name} is already waiting for approval.`,
        );
      }
      throw error;
    }
    await addHistoryEntry(transaction, { requestId: request.id, action: 'CREATED', actor, comments: input.message });
    const admins = await transaction.select({ id: users.id }).from(users).where(eq(users.isSystemAdmin, true));
    for (const admin of admins) {
      await createNotification(transaction, {
        userId: admin.id,
        type: 'AppRequestCreated',
        message: `${displayNameOf(actor.user)} requests ${application.name} for the team ${team.name}.`,
        externalId: request.id,
        actor: { userId: actor.user.id },
      });
    }
    publishAfterCommit(transaction, { name: 'pending-requests', data: {} });
    await recordEvent(transaction, {
      eventType: 'app-request.created',
      actor,
      payload: {
        requestId: request.id,
        applicationId: application.id,
        applicationName: application.name,
        teamId: team.id,
        friendlyId: team.friendlyId,
      },
    });
    return readNode(transaction, request.id);
  });
}

type Outcome = 'APPROVED' | 'REJECTED';

const closedWords: Record<Exclude<AppRequestStatus, 'PENDING'>, string> = {
  APPROVED: 'approved',
  REJECTED: 'rejected',
  WITHDRAWN: 'withdrawn',
};

/** Why a request that was not pending could not be closed; NOT_FOUND when there is no such request. */
async function alreadyClosed(db: DatabaseExecutor, requestId: string): Promise<AppError> {
  const [current] = await db
    .select({ status: appRequests.status })
    .from(appRequests)
    .where(eq(appRequests.id, requestId));
  if (!current) return requestNotFound();
  return new AppError(
    'INVALID_REQUEST',
    `This request was already ${closedWords[current.status as keyof typeof closedWords]}.`,
  );
}

/**
 * Closes a pending request. The conditional `UPDATE … WHERE status = 'PENDING'` decides a race: of any
 * number of simultaneous approvals and rejections exactly one changes the row, the others see it closed.
 */
async function closeAppRequest(
  db: DatabaseExecutor,
  options: { actor: Actor; requestId: string; comments?: string | null; outcome: Outcome },
): Promise<AppRequestNode> {
  const { actor, requestId, outcome } = options;
  const comments = commentsSchema.parse(options.comments);
  if (!z.uuid().safeParse(requestId).success) throw requestNotFound();
  return db.transaction(async (transaction) => {
    const [request] = await transaction
      .update(appRequests)
      .set({
        status: outcome,
        comments: comments ?? sql`${appRequests.comments}`,
        closedAt: sql`now()`,
        closedById: actor.user.id,
      })
      .where(and(eq(appRequests.id, requestId), eq(appRequests.status, 'PENDING')))
      .returning();
    if (!request) throw await alreadyClosed(transaction, requestId);
    // A deleted team's pending requests go with it, so a pending request always has its team.
    if (outcome === 'APPROVED' && request.teamId) {
      await transaction
        .insert(teamApplications)
        .values({ teamId: request.teamId, applicationId: request.applicationId, status: 'ENABLED' })
        .onConflictDoUpdate({
          target: [teamApplications.teamId, teamApplications.applicationId],
          set: { status: 'ENABLED', updatedAt: new Date() },
        });
    }
    return announceClosedRequest(transaction, { actor, request, status: outcome, decision: { comments } });
  });
}

/**
 * What every closing of a pending request does once its row is closed: its history entry, the administrators'
 * "X requests Y" read (it needs no administrator's action any more), the requester's and the administrators'
 * lists told and the event recorded. An administrator's `decision` is also told to the requester, and its
 * comments go in the event.
 */
async function announceClosedRequest(
  transaction: DatabaseExecutor,
  options: {
    actor: Actor;
    request: AppRequestRow;
    status: Exclude<AppRequestStatus, 'PENDING'>;
    decision?: { comments: string | null | undefined };
  },
): Promise<AppRequestNode> {
  const { actor, request, status, decision } = options;
  const requestId = request.id;
  await addHistoryEntry(transaction, {
    requestId,
    action: status,
    actor,
    comments: decision ? decision.comments : null,
  });
  await markNotificationsReadAbout(transaction, { type: 'AppRequestCreated', externalIds: [requestId] });
  const node = await readNode(transaction, requestId);
  if (decision) {
    const { comments } = decision;
    await createNotification(transaction, {
      userId: request.requestedById,
      type: status === 'APPROVED' ? 'AppRequestApproved' : 'AppRequestRejected',
      message:
        `Your request for ${node.applicationName} for the team ${node.teamName} was ${closedWords[status]}.` +
        (comments ? ` Comment: ${comments}` : ''),
      externalId: requestId,
      actor: { userId: actor.user.id },
    });
  }
  publishAfterCommit(transaction, {
    userId: request.requestedById,
    name: 'access-request',
    data: { id: requestId, status },
  });
  publishAfterCommit(transaction, { name: 'pending-requests', data: {} });
  await recordEvent(transaction, {
    eventType: `app-request.${closedWords[status]}`,
    actor,
    payload: {
      requestId,
      applicationId: request.applicationId,
      applicationName: node.applicationName,
      teamId: request.teamId,
      friendlyId: node.teamFriendlyId,
      ...(decision ? { comments: decision.comments } : {}),
    },
  });
  return node;
}

/** System admins approve a pending request; the team gets the application ENABLED and the requester is told. */
export function approveAppRequest(
  db: DatabaseExecutor,
  options: { actor: Actor; requestId: string; comments?: string | null },
): Promise<AppRequestNode> {
  return closeAppRequest(db, { ...options, outcome: 'APPROVED' });
}

/** System admins reject a pending request; the requester is told, with the comments. */
export function rejectAppRequest(
  db: DatabaseExecutor,
  options: { actor: Actor; requestId: string; comments?: string | null },
): Promise<AppRequestNode> {
  return closeAppRequest(db, { ...options, outcome: 'REJECTED' });
}

/**
 * The requester takes back a pending request: it is closed as WITHDRAWN, the administrators' "X requests Y" are
 * read, and the team may ask again. Teammates and administrators see the request but cannot withdraw it.
 */
export async function withdrawAppRequest(
  db: DatabaseExecutor,
  options: { actor: Actor; requestId: string },
): Promise<AppRequestNode> {
  const { actor, requestId } = options;
  const visible = await findAppRequestForActor(db, { actor, requestId });
  if (visible.requestedById !== actor.user.id) {
    throw new AppError('AUTH_NOT_AUTHORIZED', 'Only the person who made a request can withdraw it.');
  }
  return db.transaction(async (transaction) => {
    const [request] = await transaction
      .update(appRequests)
      .set({ status: 'WITHDRAWN', closedAt: sql`now()`, closedById: actor.user.id })
      .where(
        and(
          eq(appRequests.id, requestId),
          eq(appRequests.status, 'PENDING'),
          eq(appRequests.requestedById, actor.user.id),
        ),
      )
      .returning();
    if (!request) throw await alreadyClosed(transaction, requestId);
    return announceClosedRequest(transaction, { actor, request, status: 'WITHDRAWN' });
  });
}

/** System admins rewrite the comments of any request; empty text clears them. */
export async function updateAppRequestComments(
  db: DatabaseExecutor,
  options: { actor: Actor; requestId: string; comments: string },
): Promise<AppRequestNode> {
  const { actor, requestId } = options;
  const comments = commentsSchema.parse(options.comments);
  if (!z.uuid().safeParse(requestId).success) throw requestNotFound();
  return db.transaction(async (transaction) => {
    const [request] = await transaction
      .update(appRequests)
      .set({ comments })
      .where(eq(appRequests.id, requestId))
      .returning({ id: appRequests.id });
    if (!request) throw requestNotFound();
    await addHistoryEntry(transaction, { requestId, action: 'COMMENTS_UPDATED', actor, comments });
    await recordEvent(transaction, {
      eventType: 'app-request.comments-updated',
      actor,
      payload: { requestId, comments },
    });
    return readNode(transaction, requestId);
  });
}
