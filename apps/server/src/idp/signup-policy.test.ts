import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { teamInvites } from '../db/schema/teams.js';
import type { TestApp } from '../test/app.js';
import { Browser, startListeningTestApp, postSignUp } from '../test/built-in-sign-in.js';
import { insertTestTeam } from '../test/teams.js';
import { insertTestUser } from '../test/users.js';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((testApp) => testApp.close()));
});

/** A listening portal with this SIGNUP_MODE whose first account (always allowed) already exists. */
async function portalWith(environment: Record<string, string>) {
  const { testApp, baseUrl } = await startListeningTestApp(environment);
  apps.push(testApp);
  const first = await postSignUp(new Browser(baseUrl), {
    email: 'founder@anywhere.test',
    password: 'founder passphrase',
  });
  expect(new URL(first.url).pathname).toBe('/auth/callback');
  const signUp = async (email: string) => {
    const { response } = await postSignUp(new Browser(baseUrl), { email, password: 'a fine passphrase' });
    return { status: response.status, page: await response.text() };
  };
  return { testApp, signUp };
}

describe('SIGNUP_MODE', () => {
  it('domains: only addresses at SIGNUP_ALLOWED_DOMAINS may sign up', async () => {
    const { signUp } = await portalWith({
      SIGNUP_MODE: 'domains',
      SIGNUP_ALLOWED_DOMAINS: 'corp.test, @Lab.Corp.test',
    });
    const elsewhere = await signUp('someone@other.test');
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.page).toContain('Accounts here are for addresses at corp.test, lab.corp.test.');
    expect((await signUp('someone@CORP.test')).status).toBe(200);
    expect((await signUp('else@lab.corp.test')).status).toBe(200);
  });

  it('invite: only an address with a pending team invite may sign up', async () => {
    const { testApp, signUp } = await portalWith({ SIGNUP_MODE: 'invite' });
    const owner = await insertTestUser(testApp.database.db);
    const team = await insertTestTeam(testApp.database.db, { ownerId: owner.id });
    await testApp.database.db.insert(teamInvites).values({
      teamId: team.id,
      email: 'invited@corp.test',
      teamRole: 'TeamMember',
      invitedBy: owner.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const uninvited = await signUp('uninvited@corp.test');
    expect(uninvited.status).toBe(403);
    expect(uninvited.page).toContain('Accounts here need an invitation');
    expect((await signUp('Invited@corp.test')).status).toBe(200);
  });

  it('invite: an address an administrator created a user for, who has not signed in yet, may sign up', async () => {
    const { testApp, signUp } = await portalWith({ SIGNUP_MODE: 'invite' });
    await insertTestUser(testApp.database.db, { email: 'added@corp.test', lastLogin: null });
    await insertTestUser(testApp.database.db, { email: 'signed-in@corp.test', lastLogin: new Date() });
    expect((await signUp('Added@CORP.test')).status).toBe(200);
    expect((await signUp('signed-in@corp.test')).status).toBe(403);
  });

  it('closed: nobody signs up after the first account', async () => {
    const { signUp } = await portalWith({ SIGNUP_MODE: 'closed' });
    const refused = await signUp('anyone@corp.test');
    expect(refused.status).toBe(403);
    expect(refused.page).toContain('New accounts are not open here.');
  });

  it('is open in development, invite-only in production unless set, and domains needs its list', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).signup.mode).toBe('open');
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com' };
    expect(loadConfig(production).signup.mode).toBe('invite');
    expect(loadConfig({ ...production, SIGNUP_MODE: 'open' }).signup.mode).toBe('open');
    expect(() => loadConfig({ SIGNUP_MODE: 'domains' })).toThrow(
      /SIGNUP_ALLOWED_DOMAINS is required when SIGNUP_MODE=domains/,
    );
    expect(() => loadConfig({ SIGNUP_MODE: 'domains', SIGNUP_ALLOWED_DOMAINS: 'not a domain' })).toThrow(
      /SIGNUP_ALLOWED_DOMAINS/,
    );
    expect(() => loadConfig({ SIGNUP_MODE: 'sometimes' })).toThrow(/SIGNUP_MODE/);
  });
});
