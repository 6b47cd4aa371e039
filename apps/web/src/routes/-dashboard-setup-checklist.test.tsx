import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiDouble, signedInUser } from '@/test/api-double';
import { signInToApiDouble } from '@/test/render-with-api';
import { createAppRouter } from '@/router';

const answers: Record<string, unknown> = {
  GetMyHomepage: { myHomepage: { teams: [], bookmarks: [], applications: [] } },
  GetSetupChecklist: {
    setupChecklist: {
      isComplete: false,
      items: [
        { key: 'ADD_APPLICATION', isDone: false },
        { key: 'INVITE_PEOPLE', isDone: false },
      ],
    },
  },
  GetMyNotifications: {
    myNotifications: { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 },
  },
};

async function openDashboardAs(isSystemAdmin: boolean) {
  const operationsAsked: string[] = [];
  const api = createApiDouble({
    user: { ...signedInUser, isSystemAdmin },
    resolveGraphQL: ({ operationName }) => {
      operationsAsked.push(operationName);
      return { body: { data: answers[operationName] ?? {} } };
    },
  });
  const { session, graphqlClient, queryClient } = await signInToApiDouble(api);
  const router = createAppRouter(
    { session, loadQueryClient: () => Promise.resolve(queryClient), graphqlClient },
    createMemoryHistory({ initialEntries: ['/dashboard'] }),
  );
  render(<RouterProvider router={router} />);
  return { operationsAsked };
}

afterEach(() => localStorage.clear());

describe("the administrator's dashboard", () => {
  it('draws the setup checklist with the page, never later above content already shown', async () => {
    await openDashboardAs(true);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    // Present in the same render as the page's heading: appearing later would push the page down (layout shift).
    expect(screen.getByRole('heading', { name: 'Set up your portal' })).toBeInTheDocument();
  });

  it('does not ask for the checklist for someone who is not an administrator', async () => {
    const { operationsAsked } = await openDashboardAs(false);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(screen.queryByRole('heading', { name: 'Set up your portal' })).toBeNull();
    expect(operationsAsked).toContain('GetMyHomepage');
    expect(operationsAsked).not.toContain('GetSetupChecklist');
  });
});
