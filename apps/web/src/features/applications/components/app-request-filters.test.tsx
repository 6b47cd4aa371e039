import '@/lib/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { AppRequestFilters } from './app-request-filters';

/** A catalogue far larger than one page: the picker only ever asks for the matches of what was typed. */
const catalogue = Array.from({ length: 10_000 }, (_, index) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Application ${String(index).padStart(5, '0')}`,
  description: null,
  logoUrl: null,
  isDxp: false,
  updatedAt: '2026-11-01T00:00:00.000Z',
  teams: [],
}));

function searchCatalogue(variables: Record<string, unknown>) {
  const search = typeof variables.search === 'string' ? variables.search.toLowerCase() : '';
  const matches = catalogue.filter((application) => application.name.toLowerCase().includes(search));
  const first = Number(variables.first);
  return {
    body: {
      data: {
        allApplications: {
          nodes: matches.slice(0, first),
          pageInfo: { hasNextPage: matches.length > first, hasPreviousPage: false, startCursor: null, endCursor: null },
        },
      },
    },
  };
}

async function renderFilters(filter = {}, chosenApplicationName?: string) {
  const onApply = vi.fn();
  const rendered = await renderWithApi(
    <AppRequestFilters filter={filter} chosenApplicationName={chosenApplicationName} onApply={onApply} />,
    {
      resolveGraphQL: (body) =>
        body.operationName === 'GetAllApplications' ? searchCatalogue(body.variables) : { body: { data: {} } },
    },
  );
  return { ...rendered, onApply };
}

describe('AppRequestFilters: the application picker', () => {
  beforeAll(() => {
    // jsdom lays nothing out, so it has no scrolling; the picker keeps the active option in view with it.
    if (!('scrollIntoView' in Element.prototype)) Object.assign(Element.prototype, { scrollIntoView() {} });
  });

  it('finds any application of a large catalogue by typing, picks it with the keyboard and applies it', async () => {
    const { onApply, graphqlCalls } = await renderFilters();
    const user = userEvent.setup();
    const picker = screen.getByRole('combobox', { name: 'Application' });
    expect(picker).toHaveTextContent('All applications');
    expect(picker).toHaveAttribute('aria-expanded', 'false');

    picker.focus();
    await user.keyboard('{ArrowDown}');
    const searchBox = await screen.findByRole('combobox', { name: 'Search applications' });
    expect(searchBox).toHaveFocus();
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Applications' });
    expect(await within(list).findAllByRole('option')).toHaveLength(21);
    expect(screen.getByText('The first 20 matches; type more of the name to narrow them.')).toBeInTheDocument();

    await user.type(searchBox, '0987');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'All applications',
        'Application 00987',
        'Application 09870',
        'Application 09871',
        'Application 09872',
        'Application 09873',
        'Application 09874',
        'Application 09875',
        'Application 09876',
        'Application 09877',
        'Application 09878',
        'Application 09879',
      ]),
    );
    // The first match is active; two steps down is the second one after it.
    expect(searchBox).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByRole('option', { name: 'Application 00987' }).id,
    );
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{Enter}');

    expect(screen.queryByRole('listbox')).toBeNull();
    expect(picker).toHaveTextContent('Application 09870');
    expect(picker).toHaveFocus();
    // Picking applies at once: there is no Apply button.
    expect(onApply).toHaveBeenCalledWith(
      { app: catalogue[9870]!.id, status: undefined, team: undefined, order: undefined },
      { replace: false },
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();

    // Searches ask for one small page of matches, never the count.
    const searches = graphqlCalls().filter((call) => call.operationName === 'GetAllApplications');
    expect(searches.at(-1)!.variables).toEqual({ search: '0987', first: 20 });
  });

  it('shows the chosen application by name, goes back to every application, and says when nothing matches', async () => {
    const chosen = catalogue[42]!;
    const { onApply } = await renderFilters({ app: chosen.id }, chosen.name);
    const user = userEvent.setup();
    const picker = screen.getByRole('combobox', { name: 'Application' });
    expect(picker).toHaveTextContent(chosen.name);

    await user.click(picker);
    const list = await screen.findByRole('listbox', { name: 'Applications' });
    await user.type(screen.getByRole('combobox', { name: 'Search applications' }), 'no such thing');
    expect(await screen.findByText('No application matches “no such thing”.')).toBeInTheDocument();
    await user.click(within(list).getByRole('option', { name: 'All applications' }));
    expect(picker).toHaveTextContent('All applications');
    expect(onApply).toHaveBeenCalledWith(
      { app: undefined, status: undefined, team: undefined, order: undefined },
      { replace: false },
    );
  });

  it('Enter picks nothing until the matches of what was typed have arrived', async () => {
    await renderFilters();
    const user = userEvent.setup();
    const picker = screen.getByRole('combobox', { name: 'Application' });
    await user.click(picker);
    const list = await screen.findByRole('listbox', { name: 'Applications' });
    await within(list).findByRole('option', { name: 'Application 00000' });
    await user.type(screen.getByRole('combobox', { name: 'Search applications' }), '09999{Enter}');
    // The previous matches were still showing: nothing is picked from them.
    expect(screen.getByRole('listbox', { name: 'Applications' })).toBeInTheDocument();
    expect(picker).toHaveTextContent('All applications');
    await within(list).findByRole('option', { name: 'Application 09999' });
    await waitFor(() => expect(list).not.toHaveAttribute('aria-busy'));
    await user.keyboard('{Enter}');
    expect(picker).toHaveTextContent('Application 09999');
  });

  it('closes on Escape without changing the choice', async () => {
    await renderFilters();
    const user = userEvent.setup();
    const picker = screen.getByRole('combobox', { name: 'Application' });
    await user.click(picker);
    await screen.findByRole('listbox', { name: 'Applications' });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(picker).toHaveTextContent('All applications');
    expect(picker).toHaveFocus();
  });
});
