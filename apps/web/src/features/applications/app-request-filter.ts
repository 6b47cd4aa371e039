import { searchText } from '@/lib/cursor-paging';
import type { GetAppRequestsVariables } from './api/get-app-requests';

export const appRequestStatusChoices = ['pending', 'approved', 'rejected', 'withdrawn', 'all'] as const;

export type AppRequestStatusChoice = (typeof appRequestStatusChoices)[number];

/**
 * The filter and order of the request list, as they sit in the URL. Absent means the default:
 * pending requests, newest first, every team and application.
 */
export type AppRequestFilter = {
  status?: Exclude<AppRequestStatusChoice, 'pending'>;
  /** A team's friendly id, or part of it. */
  team?: string;
  /** An application id. */
  app?: string;
  order?: 'oldest';
};

const statusValues = {
  pending: 'PENDING',
  approved: 'APPROVED',
  rejected: 'REJECTED',
  withdrawn: 'WITHDRAWN',
} as const;

/** A status choice other than the default (pending) from a URL or a form value; anything else is the default. */
export function nonDefaultStatusChoiceOf(value: unknown): AppRequestFilter['status'] {
  return appRequestStatusChoices.find(
    (choice) => choice !== 'pending' && choice === value,
  ) as AppRequestFilter['status'];
}

export function appRequestFilterOf(search: Record<string, unknown>): AppRequestFilter {
  return {
    status: nonDefaultStatusChoiceOf(search.status),
    team: searchText(search.team)?.toLowerCase(),
    app: searchText(search.app),
    order: search.order === 'oldest' ? 'oldest' : undefined,
  };
}

/** True when the list shows something other than the default (pending requests, newest first). */
export function isFiltered(filter: AppRequestFilter): boolean {
  return Object.values(filter).some(Boolean);
}

export function appRequestVariablesOf(filter: AppRequestFilter): Pick<GetAppRequestsVariables, 'where' | 'order'> {
  const status = filter.status ?? 'pending';
  return {
    where: {
      ...(status === 'all' ? {} : { status: { eq: statusValues[status] } }),
      ...(filter.team ? { teamFriendlyId: { contains: filter.team } } : {}),
      ...(filter.app ? { applicationId: { eq: filter.app } } : {}),
    },
    order: [{ createdAt: filter.order === 'oldest' ? 'ASC' : 'DESC' }],
  };
}
