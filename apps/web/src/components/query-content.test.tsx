import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KeyRoundIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { QueryContent } from './query-content';

function Keys({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['keys'], queryFn: load, retry: false });
  return (
    <QueryContent query={query} placeholderRows={2} icon={KeyRoundIcon} failedTitle="Your keys could not be loaded">
      {(keys) => <p>{keys.join(', ')}</p>}
    </QueryContent>
  );
}

describe('QueryContent', () => {
  it('stands in while loading, says why it failed, and shows the data once "Try again" succeeds', async () => {
    let attempts = 0;
    const load = () =>
      new Promise<string[]>((resolve, reject) => {
        attempts += 1;
        setTimeout(() => (attempts === 1 ? reject(new Error('The network is down')) : resolve(['alpha', 'beta'])), 20);
      });
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <Keys load={load} />
      </QueryClientProvider>,
    );
    expect(container.querySelector('[aria-busy]')?.children).toHaveLength(2);

    expect(await screen.findByRole('heading', { name: 'Your keys could not be loaded' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('alpha, beta')).toBeVisible();
    expect(attempts).toBe(2);
  });
});
