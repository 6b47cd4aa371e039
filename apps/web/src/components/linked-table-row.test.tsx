import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Table, TableBody, TableCell } from '@/components/ui/table';
import { LinkedTableRow, rowLinkProps } from './linked-table-row';

function renderRow(onOpen: () => void, onOther = vi.fn()) {
  render(
    <Table>
      <TableBody>
        <LinkedTableRow>
          <TableCell>
            <a
              href="/system/teams/platform"
              {...rowLinkProps}
              onClick={(event) => {
                event.preventDefault();
                onOpen();
              }}
            >
              Platform
            </a>
          </TableCell>
          <TableCell>Created by Ada</TableCell>
          <TableCell>
            <button type="button" onClick={onOther}>
              Delete
            </button>
          </TableCell>
        </LinkedTableRow>
      </TableBody>
    </Table>,
  );
}

describe('LinkedTableRow', () => {
  it('follows the row link when another cell is clicked', () => {
    const onOpen = vi.fn();
    renderRow(onOpen);
    fireEvent.click(screen.getByText('Created by Ada'));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('leaves a click on another control in the row to that control', () => {
    const onOpen = vi.fn();
    const onDelete = vi.fn();
    renderRow(onOpen, onDelete);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('adds no tab stop of its own: the link stays the one target', () => {
    renderRow(vi.fn());
    expect(screen.getByRole('row')).not.toHaveAttribute('tabindex');
    expect(screen.getByRole('link', { name: 'Platform' })).toBeInTheDocument();
  });
});
