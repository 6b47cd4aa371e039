import { describe, expect, it } from 'vitest';
import { resolvePostLoginTarget } from './post-login-target';

describe('ASVS V3.7.2 open redirect – resolvePostLoginTarget', () => {
  it('opens the application request named by app-request:{id}', () => {
    expect(resolvePostLoginTarget('app-request:0b7c5a2e-1f1e-4d6b-8a55-6f0e4a9b2c11')).toBe(
      '/system/app-requests/0b7c5a2e-1f1e-4d6b-8a55-6f0e4a9b2c11',
    );
  });

  it('keeps a path on this site, with its query and fragment', () => {
    expect(resolvePostLoginTarget('/teams/acme/members?tab=invites#top')).toBe('/teams/acme/members?tab=invites#top');
  });

  it('goes to the dashboard without a target', () => {
    expect(resolvePostLoginTarget(undefined)).toBe('/dashboard');
    expect(resolvePostLoginTarget('')).toBe('/dashboard');
    expect(resolvePostLoginTarget(42)).toBe('/dashboard');
  });

  it.each([
    '//evil.com',
    '//evil.com/dashboard',
    '/\\evil.com',
    'https://evil.com/dashboard',
    'http://localhost:3000/dashboard',
    'javascript:alert(1)',
    'evil.com',
    '/\tevil',
    'app-request:../../admin',
    'app-request:',
  ])('refuses %s and goes to the dashboard', (target) => {
    expect(resolvePostLoginTarget(target)).toBe('/dashboard');
  });
});
