import '@/lib/i18n';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { IconPicker } from './icon-picker';

function Harness({ initial = '', onChange }: { initial?: string; onChange: (name: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="icon">Icon</label>
      <IconPicker
        id="icon"
        value={value}
        onChange={(name) => {
          setValue(name);
          onChange(name);
        }}
      />
    </>
  );
}

describe('IconPicker', { timeout: 15_000 }, () => {
  it('filters the collection by name as one types, and picks an icon with a click', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Icon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an icon' });
    expect(within(dialog).getByText(/^Showing 96 of \d{4} icons/)).toBeVisible();

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search icons' }), 'git');
    const options = within(dialog).getAllByRole('option');
    expect(options.length).toBeGreaterThan(5);
    expect(options.every((option) => option.textContent.includes('git'))).toBe(true);
    expect(within(dialog).getByText(`${options.length} icons`)).toBeVisible();

    await user.type(within(dialog).getByRole('searchbox'), ' merge');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['git-merge', 'git-merge-conflict']);
    await user.click(within(dialog).getByRole('option', { name: 'git-merge-conflict' }));
    expect(onChange).toHaveBeenLastCalledWith('git-merge-conflict');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Icon' })).toHaveAccessibleDescription('git-merge-conflict');
  });

  it('says when nothing matches', async () => {
    render(<Harness onChange={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Icon' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Search icons' }), 'zzzz-nothing');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('No icon matches this search.')).toBeVisible();
  });

  it('works from the keyboard: arrows move through the results, Enter picks, and No icon clears', async () => {
    const onChange = vi.fn();
    render(<Harness initial="git-branch" onChange={onChange} />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Icon' }).focus();
    await user.keyboard('{Enter}');
    const search = await screen.findByRole('searchbox', { name: 'Search icons' });
    expect(search).toHaveFocus();
    await user.keyboard('git-pull');
    await user.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(options[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(options.at(-1)).toHaveFocus();
    await user.keyboard('{Home}{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(options[1]!.textContent);

    await user.click(screen.getByRole('button', { name: 'Icon' }));
    const noIcon = await screen.findByRole('button', { name: 'No icon' });
    expect(noIcon).toHaveAttribute('aria-pressed', 'false');
    await user.click(noIcon);
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('button', { name: 'Icon' })).toHaveAccessibleDescription('No icon');
  });
});
