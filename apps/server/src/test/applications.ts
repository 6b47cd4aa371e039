import { randomBytes } from 'node:crypto';
import type { DatabaseExecutor } from '../db/client.js';
import {
  type ApplicationRow,
  applications,
  type TeamApplicationStatus,
  teamApplications,
} from '../db/schema/applications.js';

/** A real catalogue entry for tests, written directly; every call makes a distinct name. */
export async function insertTestApplication(
  db: DatabaseExecutor,
  overrides: Partial<Omit<typeof applications.$inferInsert, 'id'>> = {},
): Promise<ApplicationRow> {
  const suffix = randomBytes(4).toString('hex');
  const [application] = await db
    .insert(applications)
    .values({ name: `App ${suffix}`, url: `https://app-${suffix}.example.com/`, ...overrides })
    .returning();
  return application!;
}

/** Grants a team an application directly, as an approval would. */
export async function grantTestApplication(
  db: DatabaseExecutor,
  options: { teamId: string; applicationId: string; status?: TeamApplicationStatus },
): Promise<void> {
  await db
    .insert(teamApplications)
    .values({ teamId: options.teamId, applicationId: options.applicationId, status: options.status ?? 'ENABLED' });
}
