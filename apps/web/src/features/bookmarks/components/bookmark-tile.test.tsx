import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookmarkTile } from './bookmark-tile';

describe('BookmarkTile', () => {
  it('opens an http(s) bookmark in a new tab without handing over the opener or referrer', () => {
    render(<BookmarkTile bookmark={{ id: '1', name: 'Status', url: 'https://status.example.com/' }} />);
    const link = screen.getByRole('link', { name: /Status/ });
    expect(link).toHaveAttribute('href', 'https://status.example.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('never puts any other scheme in an href', () => {
    const { container } = render(
      <BookmarkTile bookmark={{ id: '2', name: 'Sneaky', url: 'javascript:alert(1)', logoUrl: 'javascript:alert(2)' }} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.innerHTML).not.toContain('href="javascript');
    expect(container.innerHTML).not.toContain('src="javascript');
    expect(screen.getByText('Sneaky')).toBeVisible();
  });
});
