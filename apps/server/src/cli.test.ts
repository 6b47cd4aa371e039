import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuthenticator } from './auth/authenticator.js';
import { type CommandContext, parseCommand, runCli, UsageError } from './cli.js';
import { loadConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { eventLogs } from './db/schema/events.js';
import { signInWithPassword } from './idp/identity-accounts.js';
import { findUserByEmail } from './modules/users/users.service.js';
import { createTestDatabase } from './test/database.js';

const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3999' });
let database: DatabaseHandle;
let printed: string[];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function context(overrides: Partial<CommandContext> = {}): CommandContext {
  printed = [];
  return { db: database.db, config, print: (line) => printed.push(line), ...overrides };
}

async function run(argv: string[], overrides: Partial<CommandContext> = {}) {
  await parseCommand(argv)(context(overrides));
  return printed;
}

describe('admin command line', () => {
  it('creates a user who can sign in with the given password', async () => {
    await run([
      'create-user',
      '--email',
      'ada@example.com',
      '--first-name',
      'Ada',
      '--last-name',
      'Lovelace',
      '--password',
      'a long password',
    ]);
    expect(printed).toEqual(['Created ada@example.com (system administrator).']);
    const result = await signInWithPassword(database.db, { email: 'ada@example.com', password: 'a long password' });
    expect(result.outcome).toBe('signed-in');
    const user = await findUserByEmail(database.db, 'ada@example.com');
    expect(user).toMatchObject({ identityIssuer: config.identity.issuer, lastLogin: null });
  });

  it('generates and prints a password once when none is given, and creates standard users after the first', async () => {
    await run(['create-user', '--email', 'grace@example.com', '--first-name', 'Grace', '--last-name', 'Hopper']);
    expect(printed[0]).toBe('Created grace@example.com.');
    const password = /^Password \(shown only now\): (\S+)$/.exec(printed[1]!)?.[1];
    expect((await signInWithPassword(database.db, { email: 'grace@example.com', password: password! })).outcome).toBe(
      'signed-in',
    );
  });

  it('makes an existing user an admin and refuses an unknown email', async () => {
    await run([
      'create-user',
      '--email',
      'linus@example.com',
      '--first-name',
      'Linus',
      '--last-name',
      'T',
      '--password',
      'a long password',
    ]);
    expect((await findUserByEmail(database.db, 'linus@example.com'))!.isSystemAdmin).toBe(false);
    await run(['make-admin', '--email', 'LINUS@example.com']);
    expect((await findUserByEmail(database.db, 'linus@example.com'))!.isSystemAdmin).toBe(true);
    await expect(run(['make-admin', '--email', 'nobody@example.com'])).rejects.toThrow(UsageError);
  });

  it('ASVS V16.3.3 (security events logged): create-user and make-admin leave user.created and user.updated, without the password', async () => {
    await run([
      'create-user',
      '--email',
      'barbara@example.com',
      '--first-name',
      'Barbara',
      '--last-name',
      'Liskov',
      '--password',
      'a secret passphrase',
      '--admin',
    ]);
    await run([
      'create-user',
      '--email',
      'edsger@example.com',
      '--first-name',
      'Edsger',
      '--last-name',
      'Dijkstra',
      '--password',
      'another passphrase',
    ]);
    await run(['make-admin', '--email', 'edsger@example.com']);
    await run(['make-admin', '--email', 'edsger@example.com']);
    expect(printed).toEqual(['edsger@example.com is already a system administrator.']);

    const barbara = await findUserByEmail(database.db, 'barbara@example.com');
    const edsger = await findUserByEmail(database.db, 'edsger@example.com');
    const events = await database.db
      .select({ eventType: eventLogs.eventType, userEmail: eventLogs.userEmail, payload: eventLogs.payload })
      .from(eventLogs)
      .where(eq(eventLogs.eventType, 'user.created'))
      .orderBy(asc(eventLogs.date), asc(eventLogs.id));
    expect(events.slice(-2)).toEqual([
      {
        eventType: 'user.created',
        userEmail: null,
        payload: {
          userId: barbara!.id,
          email: 'barbara@example.com',
          isSystemAdmin: true,
          source: 'cli',
          adminReason: '--admin',
        },
      },
      {
        eventType: 'user.created',
        userEmail: null,
        payload: { userId: edsger!.id, email: 'edsger@example.com', isSystemAdmin: false, source: 'cli' },
      },
    ]);
    const promotions = await database.db.select().from(eventLogs).where(eq(eventLogs.eventType, 'user.updated'));
    expect(promotions.map(({ userEmail, payload }) => ({ userEmail, payload }))).toContainEqual({
      userEmail: null,
      payload: { userId: edsger!.id, email: 'edsger@example.com', changes: { isSystemAdmin: true }, source: 'cli' },
    });
    expect(promotions.filter((event) => (event.payload as { userId?: string }).userId === edsger!.id)).toHaveLength(1);
    const everyPayload = JSON.stringify(await database.db.select({ payload: eventLogs.payload }).from(eventLogs));
    expect(everyPayload).not.toMatch(/secret passphrase|another passphrase/);
  });

  it('creates a service key that authenticates as the user', async () => {
    const [, plainKey] = await run(['create-service-key', '--email', 'ada@example.com', '--name', 'CI']);
    const authenticator = await createAuthenticator({ config, database });
    expect(await authenticator.authenticate(`Bearer ${plainKey}`)).toMatchObject({
      kind: 'service-key',
      user: { email: 'ada@example.com' },
    });
  });

  it('refuses a duplicate email, a short password and create-user with an external provider', async () => {
    await expect(
      run([
        'create-user',
        '--email',
        'ADA@example.com',
        '--first-name',
        'A',
        '--last-name',
        'L',
        '--password',
        'a long password',
      ]),
    ).rejects.toMatchObject({ code: 'DUPLICATE_VALUE' });
    await expect(
      run([
        'create-user',
        '--email',
        'new@example.com',
        '--first-name',
        'A',
        '--last-name',
        'L',
        '--password',
        'short',
      ]),
    ).rejects.toThrow(/at least 8 characters/);
    const external = loadConfig({
      NODE_ENV: 'test',
      OIDC_ISSUER: 'https://login.example.com',
      OIDC_CLIENT_ID: 'portal',
    });
    await expect(
      run(['create-user', '--email', 'x@example.com', '--first-name', 'A', '--last-name', 'L'], { config: external }),
    ).rejects.toThrow(/first sign in/);
  });

  it('answers unknown commands, unknown options and missing options with the usage and exit code 64', async () => {
    expect(() => parseCommand(['frobnicate'])).toThrow('Unknown command frobnicate.');
    expect(() => parseCommand(['make-admin', '--mail', 'x'])).toThrow(UsageError);
    expect(() => parseCommand(['create-service-key', '--email', 'x@example.com'])).toThrow(
      'create-service-key needs --name.',
    );
    expect(await runCli([], { NODE_ENV: 'test' })).toBe(64);
    expect(() => parseCommand(['reset-password'])).toThrow('reset-password needs an email address.');
    expect(() => parseCommand(['make-admin', 'x@example.com', '--email', 'x@example.com'])).toThrow(UsageError);
  });

  it('reset-password refuses an unknown address and an external identity provider', async () => {
    await expect(run(['reset-password', 'nobody@example.com'])).rejects.toThrow(
      'No account of the built-in identity provider has the email nobody@example.com.',
    );
    const external = loadConfig({
      NODE_ENV: 'test',
      OIDC_ISSUER: 'https://login.example.com',
      OIDC_CLIENT_ID: 'portal',
    });
    await expect(run(['reset-password', 'ada@example.com'], { config: external })).rejects.toThrow(/reset it there/);
  });

  it('prints the usage and succeeds when asked for help', async () => {
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await runCli(['--help'], { NODE_ENV: 'test' })).toBe(0);
    expect(printed.mock.calls.flat().join('\n')).toContain('create-service-key --email <email> --name <name>');
    printed.mockRestore();
  });
});
