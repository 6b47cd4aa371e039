import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchField } from './search-field';

describe('SearchField', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches once typing pauses, with the trimmed text', () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search users" value="" onSearch={onSearch} delayMs={300} />);
    const input = screen.getByRole('searchbox', { name: 'Search users' });
    fireEvent.change(input, { target: { value: 'lov' } });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.change(input, { target: { value: 'lovelace ' } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onSearch).toHaveBeenCalledOnce();
    expect(onSearch).toHaveBeenCalledWith('lovelace');
  });

  it('takes a search changed from outside without searching again', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchField label="Search users" value="ada" onSearch={onSearch} />);
    rerender(<SearchField label="Search users" value="" onSearch={onSearch} />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
    expect(onSearch).not.toHaveBeenCalled();
  });
});
