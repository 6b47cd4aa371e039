import { describe, expect, it } from 'vitest';
import { addTeamInputSchema, teamFormSchema, updateTeamInputSchema } from './teams.js';

const logoMessage = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.find((issue) => issue.path[0] === 'logoUrl')?.message;

describe('team logos', () => {
  it('refuse http:// (the portal’s Content-Security-Policy would block the image) with a field message that says https://', () => {
    const logoUrl = 'http://example.com/logo.png';
    const form = teamFormSchema.safeParse({ name: 'Acme', friendlyId: 'acme', logoUrl });
    expect(form.success).toBe(false);
    expect(logoMessage(form)).toMatch(/https:\/\//);
    expect(logoMessage(form)).not.toMatch(/http:\/\//);
    expect(addTeamInputSchema.safeParse({ name: 'Acme', friendlyId: 'acme', logoUrl }).success).toBe(false);
    expect(updateTeamInputSchema.safeParse({ teamFriendlyId: 'acme', logoUrl }).success).toBe(false);
  });

  it('accept https://, and no logo', () => {
    const logoUrl = 'https://example.com/logo.png';
    expect(teamFormSchema.safeParse({ name: 'Acme', friendlyId: 'acme', logoUrl }).success).toBe(true);
    expect(teamFormSchema.safeParse({ name: 'Acme', friendlyId: 'acme', logoUrl: '' }).success).toBe(true);
    expect(updateTeamInputSchema.safeParse({ teamFriendlyId: 'acme', logoUrl: null }).success).toBe(true);
  });
});
