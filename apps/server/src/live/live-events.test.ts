import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSession } from '../auth/sessions.js';
import { createNotification, markNotificationsReadAbout } from '../modules/notifications/notifications.service.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestServiceKey, type SignedInUser, signInTestUser } from '../test/graphql.js';
import { openLiveStream, type LiveStream } from '../test/live-stream.js';
import { publishAfterCommit } from './after-commit.js';

/** Runs on the embedded database (in-process bus) and, with DATABASE_URL, on PostgreSQL (LISTEN/NOTIFY). */
describe(`live events on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}`, () => {
  let testApp: TestApp;
  let baseUrl: string;
  let grace: SignedInUser;
  let linus: SignedInUser;
  let admin: SignedInUser;
  const streams: LiveStream[] = [];
  const open = async (accessToken: string | undefined) => {
    const stream = await openLiveStream(baseUrl, accessToken);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    grace = await signInTestUser(testApp);
    linus = await signInTestUser(testApp);
    admin = await signInTestUser(testApp, { isSystemAdmin: true });
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await testApp.close();
  });

  it('refuses a stream without an access token, with a bad one, or for a service key', async () => {
    expect((await open(undefined)).status).toBe(401);
    expect((await open('not-a-token')).status).toBe(401);
    expect((await open(await createTestServiceKey(testApp, grace.user))).status).toBe(403);
  });

  it("tells a person of their own notification once committed, and nobody else's", async () => {
    const graceStream = await open(grace.accessToken);
    const linusStream = await open(linus.accessToken);
    expect(graceStream.status).toBe(200);
    expect(await graceStream.next()).toEqual({ name: 'ready', data: {} });
    expect(await linusStream.next()).toEqual({ name: 'ready', data: {} });

    const { db } = testApp.database;
    await db
      .transaction(async (transaction) => {
        await createNotification(transaction, { userId: grace.user.id, type: 'TeamInvite', message: 'Rolled back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const created = await db.transaction((transaction) =>
      createNotification(transaction, { userId: grace.user.id, type: 'TeamInvite', message: 'Join the team' }),
    );
    expect(await graceStream.next()).toEqual({
      name: 'notification',
      data: { id: created.id, type: 'TeamInvite', message: 'Join the team' },
    });
    // Linus hears nothing of it: the next thing on his stream is his own notification.
    await createNotification(db, { userId: linus.user.id, type: 'ContactMessage', message: 'For Linus' });
    expect(await linusStream.next()).toMatchObject({ name: 'notification', data: { message: 'For Linus' } });

    // An invite answered in one tab: the person's other pages drop its notification.
    await createNotification(db, { userId: grace.user.id, type: 'TeamInvite', message: 'Answered', externalId: 'x1' });
    expect((await graceStream.next()).name).toBe('notification');
    await markNotificationsReadAbout(db, { type: 'TeamInvite', externalIds: ['x1'] });
    expect(await graceStream.next()).toEqual({ name: 'notifications-read', data: {} });
  });

  it('tells system administrators, and only them, that the pending requests changed', async () => {
    const adminStream = await open(admin.accessToken);
    const graceStream = await open(grace.accessToken);
    expect((await adminStream.next()).name).toBe('ready');
    expect((await graceStream.next()).name).toBe('ready');
    publishAfterCommit(testApp.database.db, { name: 'pending-requests', data: {} });
    expect(await adminStream.next()).toEqual({ name: 'pending-requests', data: {} });
    publishAfterCommit(testApp.database.db, {
      userId: grace.user.id,
      name: 'access-request',
      data: { id: 'request-1', status: 'APPROVED' },
    });
    expect(await graceStream.next()).toEqual({ name: 'access-request', data: { id: 'request-1', status: 'APPROVED' } });
  });

  it('ends the stream of a session that was revoked, at its next event, and refuses a new one', async () => {
    const person = await signInTestUser(testApp);
    const stream = await open(person.accessToken);
    expect((await stream.next()).name).toBe('ready');
    await revokeSession(testApp.database.db, { userId: person.user.id, sessionId: person.sessionId });
    await createNotification(testApp.database.db, { userId: person.user.id, type: 'TeamInvite', message: 'Too late' });
    expect(await stream.next()).toEqual({ name: 'session-ended', data: {} });
    await stream.ended;
    expect((await open(person.accessToken)).status).toBe(401);
  });
});
