import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
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
  return { operationsAsked, router };
}

afterEach(() => localStorage.clear());

describe("the administrator's dashboard", () => {
  it('draws the setup checklist with the page, never later above content already shown', async () => {
    await openDashboardAs(true);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    // Present in the same render as the page's heading: appearing later would push the page down (layout shift).
    expect(screen.getByRole('heading', { name: 'Set up your portal' })).toBeInTheDocument();
  });

  it('asks for the checklist once on opening the page, and again on the next visit', async () => {
    const { operationsAsked, router } = await openDashboardAs(true);
    await screen.findByRole('heading', { name: 'Set up your portal' });
    // The bell's list is asked for after the page has drawn: by then a second ask would have gone out too.
    await waitFor(() => expect(operationsAsked).toContain('GetMyNotifications'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const checklistAsks = () => operationsAsked.filter((operation) => operation === 'GetSetupChecklist').length;
    expect(checklistAsks()).toBe(1);

    await router.invalidate();
    await waitFor(() => expect(checklistAsks()).toBe(2));
  });

  it('does not ask for the checklist for someone who is not an administrator', async () => {
    const { operationsAsked } = await openDashboardAs(false);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(screen.queryByRole('heading', { name: 'Set up your portal' })).toBeNull();
    expect(operationsAsked).toContain('GetMyHomepage');
    expect(operationsAsked).not.toContain('GetSetupChecklist');
  });
});
