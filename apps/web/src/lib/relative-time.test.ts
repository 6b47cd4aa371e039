import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2026-11-26T12:00:00Z');
const ago = (milliseconds: number) => new Date(now.getTime() - milliseconds);
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('formatRelativeTime', () => {
  it.each([
    [ago(10_000), 'just now'],
    [ago(44_000), 'just now'],
    [ago(90_000), '2 minutes ago'],
    [ago(44 * minute), '44 minutes ago'],
    [ago(50 * minute), '1 hour ago'],
    [ago(3 * hour), '3 hours ago'],
    [ago(23 * hour), 'yesterday'],
    [ago(3 * day), '3 days ago'],
    [ago(40 * day), 'last month'],
    [ago(90 * day), '3 months ago'],
    [ago(400 * day), 'last year'],
    [ago(-2 * day), 'in 2 days'],
    [ago(-3 * hour), 'in 3 hours'],
  ])('%s → %j', (instant, text) => {
    expect(formatRelativeTime(instant, now)).toBe(text);
  });
});
