import { describe, expect, it } from 'vitest';
import { errorCodes, isErrorCode } from './error-codes.js';

describe('errorCodes', () => {
  it('gives every code an HTTP error status and a title', () => {
    for (const [code, { httpStatus, title }] of Object.entries(errorCodes)) {
      expect(code).toMatch(/^[A-Z_]+$/);
      expect(httpStatus).toBeGreaterThanOrEqual(400);
      expect(httpStatus).toBeLessThan(600);
      expect(title).not.toBe('');
    }
  });

  it('knows its own codes only', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
