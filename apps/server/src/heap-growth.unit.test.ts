import { setFlagsFromString } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { limitHeapGrowth } from './heap-growth.js';

vi.mock('node:v8', () => ({ setFlagsFromString: vi.fn() }));

describe('limitHeapGrowth', () => {
  afterEach(() => {
    vi.mocked(setFlagsFromString).mockClear();
  });

  it('lets the heap grow to twice its live size between full collections', () => {
    limitHeapGrowth(['--enable-source-maps']);
    expect(setFlagsFromString).toHaveBeenCalledWith('--heap-growing-percent=100');
  });

  it("leaves an operator's own growth factor on node's command line in place", () => {
    limitHeapGrowth(['--heap-growing-percent=50']);
    expect(setFlagsFromString).not.toHaveBeenCalled();
  });
});
