import { describe, expect, it } from 'vitest';
import { friendlyIdFromName, friendlyIdSchema, isFriendlyId } from './team-address.js';
import { addTeamInputSchema, teamFormSchema } from './teams.js';

describe('friendlyIdFromName', () => {
  it.each([
    ['Café Zürich', 'cafe-zurich'],
    ['Platform Operations', 'platform-operations'],
    ['  Ünïted Ops & Co. ', 'united-ops-co'],
    ['Acme Research Ltd.', 'acme-research-ltd'],
    ['R&D -- 2026!', 'r-d-2026'],
    ['---', ''],
  ])('%j → %j', (name, friendlyId) => {
    expect(friendlyIdFromName(name)).toBe(friendlyId);
  });

  it('suggests an address every schema accepts, even from a long name', () => {
    const friendlyId = friendlyIdFromName(`${'Very long team name '.repeat(5)}-`);
    expect(friendlyId.length).toBeLessThanOrEqual(48);
    expect(isFriendlyId(friendlyId)).toBe(true);
    expect(friendlyIdSchema.safeParse(friendlyId).success).toBe(true);
  });

  it('gives "Café Zürich" one address that the forms and the API accept alike', () => {
    const friendlyId = friendlyIdFromName('Café Zürich');
    const form = { name: 'Café Zürich', friendlyId, logoUrl: '' };
    expect(teamFormSchema.parse(form).friendlyId).toBe('cafe-zurich');
    expect(teamFormSchema.parse({ ...form, ownerEmail: '' }).friendlyId).toBe('cafe-zurich');
    expect(addTeamInputSchema.parse({ name: 'Café Zürich', friendlyId }).friendlyId).toBe('cafe-zurich');
  });
});

describe('friendlyIdSchema', () => {
  it.each(['abc', 'a-b', 'team-42', 'x'.repeat(48)])('accepts %j', (value) => {
    expect(friendlyIdSchema.safeParse(value).success).toBe(true);
    expect(isFriendlyId(value)).toBe(true);
  });

  it.each(['ab', 'Caps-Team', '-abc', 'abc-', 'a_b_c', 'cafe-zu\u0301rich', 'x'.repeat(49)])('refuses %j', (value) => {
    expect(friendlyIdSchema.safeParse(value).success).toBe(false);
    expect(isFriendlyId(value)).toBe(false);
  });
});
