import { randomUUID } from 'node:crypto';
import type { DatabaseExecutor } from '../db/client.js';
import { type UserRow, users } from '../db/schema/users.js';
import { termsOfService } from '../modules/users/terms-of-service.js';

/** A real user row for tests; every call makes a distinct identity and email. */
export async function insertTestUser(
  db: DatabaseExecutor,
  overrides: Partial<Omit<typeof users.$inferInsert, 'id'>> = {},
): Promise<UserRow> {
  const unique = randomUUID();
  const [user] = await db
    .insert(users)
    .values({
      identityIssuer: 'https://issuer.test',
      identitySubject: unique,
      email: `user-${unique}@example.test`,
      firstName: 'Test',
      lastName: 'User',
      // Signed up through the web, a person accepts the terms before anything else.
      acceptedTermsVersion: termsOfService.version,
      termsAcceptedAt: new Date(),
      // As the people the tests stand for: their provider proved their address.
      isEmailVerified: true,
      ...overrides,
    })
    .returning();
  return user!;
}
