import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { createServiceKey } from './auth/service-keys.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { BackupError, countRows, restoreBackup, writeBackup } from './db/backup.js';
import { backupFromRunningPortal } from './db/backup-socket.js';
import { type DatabaseExecutor, type DatabaseHandle, migrateDatabase, openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { isAppError } from './errors.js';
import { passwordResetMail, resetPasswordLink } from './idp/account-mails.js';
import { issueAccountToken } from './idp/account-tokens.js';
import { createIdentityAccount, findIdentityAccountByEmail, parseSignUp } from './idp/identity-accounts.js';
import { sendMail } from './mail/send-mail.js';
import { recordEvent } from './modules/event-logs/event-logs.service.js';
import { createUserForIdentity, findUserByEmail, makeSystemAdmin } from './modules/users/users.service.js';

const usage = `Usage: npm run admin -- <command> [options]

Commands:
  create-user --email <email> --first-name <name> --last-name <name> [--password <password>] [--admin]
      Creates a user (and, with the built-in identity provider, their sign-in account).
      Without --password a random password is generated and printed once.
  make-admin --email <email>
      Makes an existing user a system administrator.
  create-service-key --email <email> --name <name>
      Creates a service API key for the user and prints it once.
  reset-password <email>
      Prints a link (one hour, single use) to choose a new password at the built-in identity provider,
      and mails it to the person when SMTP_URL is set.
  backup <file>
      Writes a consistent snapshot of the whole database (every table, the sequences) to <file>, while the
      portal runs; on the embedded database a running portal makes it and this command writes it (docs/deploy.md).
  restore <file> [--replace]
      Loads a backup in one transaction, then runs this version's newer migrations. Refuses a backup of a newer
      schema, and a database that holds rows unless --replace is given.
  migrate-to-postgres <DATABASE_URL>
      Copies the embedded installation in DATA_DIR into an empty PostgreSQL database and compares the row
      counts of every table (docs/scaling.md).`;

const EXIT_FAILURE = 1;
const EXIT_USAGE = 64;
const EXIT_CONFIG = 78;

/** A mistake in how the command was called; answered with the usage text. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface CommandContext {
  db: DatabaseExecutor;
  /** The opened database itself, for the commands that back it up, restore or copy it. */
  database?: DatabaseHandle;
  config: Pick<Config, 'identity' | 'publicUrl' | 'mail'>;
  print: (line: string) => void;
}

export async function createUserCommand(
  { db, config, print }: CommandContext,
  options: { email: string; firstName: string; lastName: string; password?: string | undefined; isAdmin: boolean },
): Promise<void> {
  const { identity } = config;
  if (identity.kind !== 'built-in') {
    throw new UsageError(
      `Users of the external identity provider ${identity.issuer} are created when they first sign in. ` +
        'List their email in ADMIN_EMAIL, or run make-admin after their first sign-in.',
    );
  }
  const generatedPassword = options.password === undefined ? randomBytes(15).toString('base64url') : undefined;
  const input = await parseSignUp({ ...options, password: options.password ?? generatedPassword });
  if (!input.success) {
    throw new UsageError(
      Object.entries(input.fields)
        .map(([field, message]) => `--${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}: ${message}`)
        .join(' '),
    );
  }

  const user = await db.transaction(async (transaction) => {
    const account = await createIdentityAccount(transaction, input.data);
    return createUserForIdentity(
      transaction,
      {
        issuer: identity.issuer,
        subject: account.id,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        // Whoever runs the command vouches for the address.
        isEmailVerified: true,
      },
      { isSystemAdmin: options.isAdmin },
    );
  });
  print(`Created ${user.email}${user.isSystemAdmin ? ' (system administrator)' : ''}.`);
  if (generatedPassword) print(`Password (shown only now): ${generatedPassword}`);
}

/** Promotes a user and records `user.updated` (source `cli`: no signed-in caller) in the same transaction. */
export async function makeAdminCommand({ db, print }: CommandContext, { email }: { email: string }): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user)
    throw new UsageError(`No user has the email ${email}. They must sign in once, or be created with create-user.`);
  if (user.isSystemAdmin) {
    print(`${user.email} is already a system administrator.`);
    return;
  }
  await db.transaction(async (transaction) => {
    await makeSystemAdmin(transaction, user.id);
    await recordEvent(transaction, {
      eventType: 'user.updated',
      actor: null,
      payload: { userId: user.id, email: user.email, changes: { isSystemAdmin: true }, source: 'cli' },
    });
  });
  print(`${user.email} is now a system administrator.`);
}

export async function createServiceKeyCommand(
  { db, print }: CommandContext,
  { email, name }: { email: string; name: string },
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`No user has the email ${email}.`);
  const { plainKey } = await createServiceKey(db, { userId: user.id, name });
  print(`Service key "${name}" for ${user.email} (shown only now, store it safely):`);
  print(plainKey);
}

/** A password-reset link for a built-in account, for an administrator to hand over (or mailed, with SMTP). */
export async function resetPasswordCommand({ db, config, print }: CommandContext, { email }: { email: string }) {
  if (config.identity.kind !== 'built-in') {
    throw new UsageError(
      `Passwords are kept by the external identity provider ${config.identity.issuer}; reset it there.`,
    );
  }
  const account = await findIdentityAccountByEmail(db, email);
  if (!account) throw new UsageError(`No account of the built-in identity provider has the email ${email}.`);
  const token = await issueAccountToken(db, { accountId: account.id, purpose: 'reset-password' });
  const link = resetPasswordLink(config.publicUrl, token);
  await recordEvent(db, {
    eventType: 'user.password-reset-link',
    actor: null,
    payload: { email: account.email, source: 'cli', mailed: config.mail !== undefined },
  });
  if (config.mail) {
    const mail = passwordResetMail(link);
    await sendMail(config.mail, { to: [account.email], subject: mail.subject, text: mail.text, html: mail.html });
    print(`Mailed a password-reset link to ${account.email}.`);
  }
  print(`Password-reset link for ${account.email} (one hour, single use; earlier links no longer work):`);
  print(link);
}

function openedDatabase({ database }: CommandContext): DatabaseHandle {
  if (!database) throw new Error('This command needs the opened database.');
  return database;
}

/** Every table's rows, one line each, for the person to compare. */
function printCounts(print: CommandContext['print'], counts: Record<string, number>): void {
  for (const [table, count] of Object.entries(counts)) print(`  ${table}: ${count}`);
}

/** A consistent snapshot (one read-only repeatable-read transaction) in the portal's backup format. */
export async function backupCommand(context: CommandContext, { file }: { file: string }): Promise<void> {
  const database = openedDatabase(context);
  const counts = await writeBackup(database.db, database.kind, file);
  const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
  context.print(`Backed up ${rows} rows of ${Object.keys(counts).length} tables to ${file}.`);
}

export async function restoreCommand(
  context: CommandContext,
  { file, replace }: { file: string; replace: boolean },
): Promise<void> {
  const database = openedDatabase(context);
  const counts = await restoreBackup(database.db, file, { replace });
  // A backup of an older version comes up to this one's schema, as at every start.
  await migrateDatabase(database);
  context.print(`Restored ${file}:`);
  printCounts(context.print, counts);
}

/**
 * Copies the embedded database into an empty PostgreSQL database through a backup file (the same code as
 * backup and restore), then compares every table's row count on both sides.
 */
export async function migrateToPostgresCommand(context: CommandContext, { url }: { url: string }): Promise<void> {
  const source = openedDatabase(context);
  if (source.kind !== 'pglite') {
    throw new UsageError(
      'migrate-to-postgres copies the embedded database; unset DATABASE_URL to name it by DATA_DIR.',
    );
  }
  const directory = await mkdtemp(join(tmpdir(), 'dxp-portal-migrate-'));
  const target = await openDatabase({ kind: 'postgres', url, poolSize: 2 }, pino({ level: 'warn' }));
  try {
    const file = join(directory, 'backup.jsonl');
    await writeBackup(source.db, source.kind, file);
    await restoreBackup(target.db, file, { replace: false });
    await migrateDatabase(target);
    const sourceCounts = await countRows(source.db);
    const targetCounts = await countRows(target.db);
    const tables = [...new Set([...Object.keys(sourceCounts), ...Object.keys(targetCounts)])].sort();
    const mismatched: string[] = [];
    context.print('Rows per table (embedded → PostgreSQL):');
    for (const table of tables) {
      const [from, to] = [sourceCounts[table], targetCounts[table]];
      if (from !== to) mismatched.push(table);
      context.print(`  ${table}: ${from ?? 'missing'} → ${to ?? 'missing'}${from === to ? '' : '  MISMATCH'}`);
    }
    if (mismatched.length > 0) {
      throw new BackupError(`The copy differs in ${mismatched.join(', ')}; do not switch to it.`);
    }
    context.print('Copied. Start the portal with DATABASE_URL set to the new database (docs/scaling.md).');
  } finally {
    await target.close();
    await rm(directory, { recursive: true, force: true });
  }
}

type Command = ((context: CommandContext) => Promise<void>) & {
  /** Works on the database as it is: runCli does not migrate it first. */
  skipsMigration?: boolean;
  /** What it does instead when a running portal holds the embedded database's DATA_DIR. */
  withRunningPortal?: (dataDir: string, print: CommandContext['print']) => Promise<void>;
};

/** A backup made by the portal that holds `dataDir`, over its socket (db/backup-socket.ts, decision 0138). */
export async function backupFromRunningPortalCommand(
  dataDir: string,
  print: CommandContext['print'],
  { file }: { file: string },
): Promise<void> {
  const { tables, rows } = await backupFromRunningPortal(dataDir, file);
  print(`Backed up ${rows} rows of ${tables} tables to ${file} (made by the running portal).`);
}

/** Turns the arguments into a command, without touching the database; throws UsageError. */
export function parseCommand(argv: string[]): Command {
  const [commandName, ...rest] = argv;
  const { values, positionals } = (() => {
    try {
      return parseArgs({
        args: rest,
        strict: true,
        // The email of reset-password, the file of backup and restore, the address of migrate-to-postgres.
        allowPositionals: ['reset-password', 'backup', 'restore', 'migrate-to-postgres'].includes(commandName ?? ''),
        options: {
          email: { type: 'string' },
          'first-name': { type: 'string' },
          'last-name': { type: 'string' },
          password: { type: 'string' },
          admin: { type: 'boolean', default: false },
          name: { type: 'string' },
          replace: { type: 'boolean', default: false },
        },
      });
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
  })();
  const required = (option: 'email' | 'first-name' | 'last-name' | 'name'): string => {
    const value = values[option]?.trim();
    if (!value) throw new UsageError(`${commandName} needs --${option}.`);
    return value;
  };

  switch (commandName) {
    case 'create-user': {
      const options = {
        email: required('email'),
        firstName: required('first-name'),
        lastName: required('last-name'),
        password: values.password,
        isAdmin: values.admin,
      };
      return (context) => createUserCommand(context, options);
    }
    case 'make-admin': {
      const options = { email: required('email') };
      return (context) => makeAdminCommand(context, options);
    }
    case 'reset-password': {
      const email = positionals[0]?.trim() || values.email?.trim();
      if (!email) throw new UsageError('reset-password needs an email address.');
      return (context) => resetPasswordCommand(context, { email });
    }
    case 'create-service-key': {
      const options = { email: required('email'), name: required('name') };
      return (context) => createServiceKeyCommand(context, options);
    }
    case 'backup':
    case 'restore': {
      const file = positionals[0]?.trim();
      if (!file || positionals.length > 1) throw new UsageError(`${commandName} needs one file name.`);
      const replace = values.replace;
      const command: Command =
        commandName === 'backup'
          ? (context) => backupCommand(context, { file })
          : (context) => restoreCommand(context, { file, replace });
      command.skipsMigration = true;
      if (commandName === 'backup') {
        command.withRunningPortal = (dataDir, print) => backupFromRunningPortalCommand(dataDir, print, { file });
      }
      return command;
    }
    case 'migrate-to-postgres': {
      const url = positionals[0]?.trim();
      if (!url || !/^postgres(ql)?:\/\//.test(url) || positionals.length > 1) {
        throw new UsageError(
          'migrate-to-postgres needs the PostgreSQL address, postgres://user:password@host/database.',
        );
      }
      return (context) => migrateToPostgresCommand(context, { url });
    }
    default:
      throw new UsageError(commandName ? `Unknown command ${commandName}.` : 'No command given.');
  }
}

/** Runs one command against the configured database; resolves to the process exit code. */
export async function runCli(argv: string[], environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (argv[0] === '--help' || argv[0] === 'help') {
    console.log(usage);
    return 0;
  }
  let command: Command;
  let config: Config;
  try {
    command = parseCommand(argv);
    config = loadConfig(environment);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      return EXIT_USAGE;
    }
    if (error instanceof ConfigError) {
      console.error(error.message);
      return EXIT_CONFIG;
    }
    throw error;
  }

  let database: DatabaseHandle;
  try {
    database = await openDatabase(config.database, pino({ level: 'warn' }));
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      if (command.withRunningPortal && config.database.kind === 'pglite') {
        try {
          await command.withRunningPortal(config.database.dataDir, (line) => console.log(line));
          return 0;
        } catch (failure) {
          if (!(failure instanceof BackupError)) throw failure;
          console.error(`${error.message}\n${failure.message}`);
          return EXIT_FAILURE;
        }
      }
      console.error(error.message);
      return EXIT_FAILURE;
    }
    throw error;
  }
  try {
    if (!command.skipsMigration) await migrateDatabase(database);
    await command({ db: database.db, database, config, print: (line) => console.log(line) });
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof BackupError || isAppError(error)) {
      console.error(error.message);
      return EXIT_FAILURE;
    }
    throw error;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runCli(process.argv.slice(2));
}
