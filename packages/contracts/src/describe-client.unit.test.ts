import { describe, expect, it } from 'vitest';
import { describeClient } from './describe-client.js';

describe('describeClient', () => {
  it('names the browser and the system, or what it can, or the header itself', () => {
    expect(describeClient('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      describeClient(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      describeClient(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(describeClient('curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeClient(null)).toBe('Unknown client');
  });
});
