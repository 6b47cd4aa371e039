import type { Logger } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Database } from '../db/client.js';

/**
 * The SQL of every statement `run` sends through `db` outside transactions, in order; prepared ones are
 * counted at each execution.
 */
export async function recordStatements(db: Database, run: () => Promise<unknown>): Promise<string[]> {
  const { session } = db as unknown as { session: { logger: Logger } };
  const spy = vi.spyOn(session.logger, 'logQuery');
  try {
    await run();
    return spy.mock.calls.map(([query]) => query);
  } finally {
    spy.mockRestore();
  }
}
