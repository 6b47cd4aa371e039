import '@/lib/i18n';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorPage, NotFoundPage } from './error-page';

describe('ErrorPage', () => {
  it('shows the status code, the status message, the differing message and a way back to the dashboard', () => {
    render(<ErrorPage statusCode={403} statusMessage="Forbidden" message="You are not a member of this team." />);
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
    expect(screen.getByText('You are not a member of this team.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('does not repeat a message that equals the status message', () => {
    render(<ErrorPage statusCode={500} statusMessage="Unexpected error" message="Unexpected error" />);
    expect(screen.getAllByText('Unexpected error')).toHaveLength(1);
  });

  it('renders 404 "Page Not Found" for unknown pages', () => {
    render(<NotFoundPage />);
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
