import '@/lib/i18n';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useNavigate,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useUnsavedChangesGuard } from './unsaved-changes-guard';

/** A page with one text field that counts as changed once it differs from "Acme", and a save that moves on. */
function EditPage() {
  const [name, setName] = useState('Acme');
  const navigate = useNavigate();
  const guard = useUnsavedChangesGuard(name !== 'Acme');
  return (
    <>
      {guard.dialog}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          guard.allowLeaving();
          void navigate({ href: '/elsewhere' });
        }}
      >
        <label>
          Team name
          <input value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="submit">Save</button>
      </form>
    </>
  );
}

/** Leaves the page the way a navigation link does (the test router's paths are not the app's typed ones). */
function ElsewhereLink() {
  const navigate = useNavigate();
  return (
    <a
      href="/elsewhere"
      onClick={(event) => {
        event.preventDefault();
        void navigate({ href: '/elsewhere' });
      }}
    >
      Elsewhere
    </a>
  );
}

function renderApp() {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <ElsewhereLink />
        <Outlet />
      </>
    ),
  });
  const editRoute = createRoute({ getParentRoute: () => rootRoute, path: '/edit', component: EditPage });
  const elsewhereRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/elsewhere',
    component: () => <h1>Somewhere else</h1>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([editRoute, elsewhereRoute]),
    history: createMemoryHistory({ initialEntries: ['/edit'] }),
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('useUnsavedChangesGuard', () => {
  it('lets an unchanged form go without asking', async () => {
    const { router, user } = renderApp();
    await user.click(await screen.findByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks before a changed form is left; staying keeps the typed text, leaving goes on', async () => {
    const { router, user } = renderApp();
    const field = await screen.findByLabelText('Team name');
    await user.clear(field);
    await user.type(field, 'Acme Finance');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('your changes are lost');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByLabelText('Team name')).toHaveValue('Acme Finance');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeInTheDocument();
  });

  it('lets a saved form move on without asking', async () => {
    const { user } = renderApp();
    await user.type(await screen.findByLabelText('Team name'), ' Finance');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
