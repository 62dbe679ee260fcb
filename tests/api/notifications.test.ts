/**
 * The bell and the email switches (docs/decisions/022-notifications-and-email.md): each user lists and marks their own notifications
 * only, the count reaches the user's sockets live on every instance once the change commits, and
 * new-message emails are delayed and batched (src/server/messages/message-emails.ts).
 */
import { render } from '@react-email/render';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEmailMarks, notifications } from '../../src/server/db/schema';
import { MESSAGE_EMAIL_DELAY_MS, MESSAGE_EMAIL_INTERVAL_MS, runMessageEmail } from '../../src/server/messages/message-emails';
import { messageEmailTemplates } from '../../src/server/notifications/emails/message-emails';
import { notify, type NotificationInput } from '../../src/server/notifications/notify';
import type { ServerSocketEvent } from '../../src/shared/schemas/messages';
import { insertSpace } from '../factories/db';
import { listenOnFreePort, openLiveSocket, type LiveSocket } from '../helpers/live-socket';
import { createPeerApp, createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let host: string;
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  host = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await t.close();
});

type Signed = Awaited<ReturnType<typeof signedInUser>>;

const tell = (userId: string, extra: Partial<NotificationInput> = {}) =>
  t.db.transaction((tx) =>
    notify(tx, {
      userId,
      kind: 'booking_requested',
      title: 'Dr. Lee asked to book Exam Room 2',
      body: 'Please answer within 48 hours.',
      link: '/profile?tab=bookings',
      ...extra,
    }),
  );

function api(app: FastifyInstance, who: Signed, method: 'GET' | 'PUT', url: string, payload?: object) {
  return app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
}

const isChanged = (event: ServerSocketEvent) => event.type === 'notifications_changed';

describe('the bell over HTTP', () => {
  it('lists only the signed-in user’s in-app notifications, newest first, with the unread count', async () => {
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    await tell(ann.user.id, { title: 'First' });
    await tell(ann.user.id, { title: 'Second' });
    await tell(bob.user.id, { title: 'For Bob' });
    // Security emails are email only: never in the bell.
    await tell(ann.user.id, { kind: 'password_changed', title: 'Your password was changed' });

    const list = await api(t.app, ann, 'GET', '/api/notifications');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.unreadCount).toBe(2);
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual(['Second', 'First']);
    expect(body.notifications[0]).toMatchObject({ kind: 'booking_requested', link: '/profile?tab=bookings', readAt: null });

    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('marks one read, and refuses another user’s notification with 404, changing nothing', async () => {
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const mine = (await tell(ann.user.id))!;
    await tell(ann.user.id);
    const bobs = (await tell(bob.user.id))!;

    const read = await api(t.app, ann, 'PUT', `/api/notifications/${mine}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 1 });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, mine));
    expect(row!.readAt).not.toBeNull();
    // Again: still read, same count.
    expect((await api(t.app, ann, 'PUT', `/api/notifications/${mine}/read`)).json()).toEqual({ unreadCount: 1 });

    const foreign = await api(t.app, ann, 'PUT', `/api/notifications/${bobs}/read`);
    expect(foreign.statusCode).toBe(404);
    const [bobRow] = await t.db.select().from(notifications).where(eq(notifications.id, bobs));
    expect(bobRow!.readAt).toBeNull();
    expect((await api(t.app, bob, 'GET', '/api/notifications')).json().unreadCount).toBe(1);

    expect((await api(t.app, ann, 'PUT', '/api/notifications/not-a-uuid/read')).statusCode).toBe(400);
    expect((await api(t.app, ann, 'PUT', `/api/notifications/${crypto.randomUUID()}/read`)).statusCode).toBe(404);
  });

  it('marks all of the user’s notifications read and no one else’s', async () => {
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    await tell(ann.user.id);
    await tell(ann.user.id);
    await tell(bob.user.id);

    const all = await api(t.app, ann, 'PUT', '/api/notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ unreadCount: 0 });
    const list = (await api(t.app, ann, 'GET', '/api/notifications')).json();
    expect(list.notifications.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true);
    expect((await api(t.app, bob, 'GET', '/api/notifications')).json().unreadCount).toBe(1);
  });
});

describe('email preferences', () => {
  it('are all on for a new user, and saved for that user only', async () => {
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const initial = await api(t.app, ann, 'GET', '/api/notifications/preferences');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ bookingUpdates: true, reminders: true, messages: true });

    const saved = await api(t.app, ann, 'PUT', '/api/notifications/preferences', {
      bookingUpdates: true,
      reminders: false,
      messages: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ bookingUpdates: true, reminders: false, messages: false });
    expect((await api(t.app, ann, 'GET', '/api/notifications/preferences')).json()).toEqual({
      bookingUpdates: true,
      reminders: false,
      messages: false,
    });
    expect((await api(t.app, bob, 'GET', '/api/notifications/preferences')).json()).toEqual({
      bookingUpdates: true,
      reminders: true,
      messages: true,
    });
  });

  it('refuses a malformed body with 400 and changes nothing', async () => {
    const ann = await signedInUser(t);
    for (const payload of [
      { bookingUpdates: false, reminders: 'no', messages: true },
      { bookingUpdates: false, reminders: false },
      { bookingUpdates: false, reminders: false, messages: false, security: false },
    ]) {
      const answer = await api(t.app, ann, 'PUT', '/api/notifications/preferences', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await api(t.app, ann, 'GET', '/api/notifications/preferences')).json()).toEqual({
      bookingUpdates: true,
      reminders: true,
      messages: true,
    });
    const signedOut = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { bookingUpdates: false, reminders: false, messages: false },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('the live count', () => {
  it('reaches the user’s socket after a committed notify(), and nothing after a rolled-back one', async () => {
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const annSocket = await openLiveSocket(host, { cookie: ann.cookie });
    const bobSocket = await openLiveSocket(host, { cookie: bob.cookie });
    sockets.push(annSocket, bobSocket);

    await tell(ann.user.id);
    expect(await annSocket.waitFor(isChanged)).toEqual({ type: 'notifications_changed', unreadCount: 1 });

    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, { userId: ann.user.id, kind: 'booking_requested', title: 'Rolled back', body: 'Never happened.' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    // A later committed one arrives; nothing came in between (notifications arrive in commit order).
    await tell(ann.user.id);
    await annSocket.waitFor((event) => isChanged(event) && event.unreadCount === 2);
    expect(annSocket.events.filter(isChanged)).toEqual([
      { type: 'notifications_changed', unreadCount: 1 },
      { type: 'notifications_changed', unreadCount: 2 },
    ]);

    // Marking read tells the user's other sockets too.
    await api(t.app, ann, 'PUT', '/api/notifications/read-all');
    await annSocket.waitFor((event) => isChanged(event) && event.unreadCount === 0);
    expect(bobSocket.events.filter(isChanged)).toEqual([]);
  });

  it.runIf(onPostgres)('reaches a socket held by a second instance on the same database', async () => {
    const peer = await createPeerApp(t);
    try {
      const hostB = await listenOnFreePort(peer.app);
      const ann = await signedInUser(t);
      const onB = await openLiveSocket(hostB, { cookie: ann.cookie });
      sockets.push(onB);
      await tell(ann.user.id);
      expect(await onB.waitFor(isChanged)).toEqual({ type: 'notifications_changed', unreadCount: 1 });
    } finally {
      await peer.close();
    }
  });
});

describe('new-message emails', () => {
  async function conversationStarter() {
    const renter = await signedInUser(t, { firstName: 'Rita', lastName: 'Renter' });
    const owner = await signedInUser(t, { firstName: 'Omar', lastName: 'Owner' });
    const space = await insertSpace(t.db, owner.user.id, { title: 'Quiet Exam Room' });
    const send = async (content: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { cookie: renter.cookie },
        payload: { receiverId: owner.user.id, spaceId: space.id, content },
      });
      expect(answer.statusCode).toBe(201);
      return answer.json() as { conversationId: string };
    };
    return { renter, owner, space, send };
  }

  const messageJobs = (conversationId: string) =>
    t.handle.query<{ data: { conversationId: string; recipientId: string }; start_after: Date }>(
      `select data, start_after from pgboss.job where name = 'message-email' and data->>'conversationId' = $1 order by created_on`,
      [conversationId],
    );
  const newMessageNotifications = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'new_message')));
  const emailJobs = async (notificationId: string) =>
    (
      await t.handle.query(`select id from pgboss.job where name = 'send-notification-email' and data->>'notificationId' = $1`, [
        notificationId,
      ])
    ).length;
  const later = (ms: number) => new Date(Date.now() + ms);

  it('sends one email for two messages in a minute, after a delay, quoting both; later ones wait for the interval', async () => {
    const { owner, send } = await conversationStarter();
    const sentAt = Date.now();
    const { conversationId } = await send('Is the room free on Monday?');
    await send('Also, is there parking?');

    const jobs = await messageJobs(conversationId);
    expect(jobs).toHaveLength(2);
    for (const job of jobs) {
      expect(job.data).toEqual({ conversationId, recipientId: owner.user.id });
      expect(new Date(job.start_after).getTime()).toBeGreaterThanOrEqual(sentAt + MESSAGE_EMAIL_DELAY_MS - 1000);
    }

    const runAt = later(MESSAGE_EMAIL_DELAY_MS + 1000);
    const outcomes = [];
    for (const job of jobs) outcomes.push(await runMessageEmail(t.db, job.data, runAt));
    expect(outcomes).toEqual(['sent', 'nothing_unread']);
    const [emailed, ...others] = await newMessageNotifications(owner.user.id);
    expect(others).toHaveLength(0);
    expect(emailed).toMatchObject({
      title: '2 new messages from Rita Renter',
      link: `/messages?conversation=${encodeURIComponent(conversationId)}`,
      inApp: true,
    });
    expect((emailed!.data as { messages: { content: string }[] }).messages.map((m) => m.content)).toEqual([
      'Is the room free on Monday?',
      'Also, is there parking?',
    ]);
    expect(await emailJobs(emailed!.id)).toBe(1);

    // Within 15 minutes of that email, a new message is held back until the interval ends.
    await send('Hello again?');
    const [, , third] = await messageJobs(conversationId);
    expect(await runMessageEmail(t.db, third!.data, later(MESSAGE_EMAIL_DELAY_MS * 2))).toBe('deferred');
    const deferred = (await messageJobs(conversationId)).at(-1)!;
    expect(new Date(deferred.start_after).getTime()).toBeGreaterThanOrEqual(runAt.getTime() + MESSAGE_EMAIL_INTERVAL_MS - 1000);
    expect(await newMessageNotifications(owner.user.id)).toHaveLength(1);

    expect(await runMessageEmail(t.db, deferred.data, later(MESSAGE_EMAIL_INTERVAL_MS + MESSAGE_EMAIL_DELAY_MS * 2))).toBe('sent');
    const all = await newMessageNotifications(owner.user.id);
    expect(all).toHaveLength(2);
    const second = all.find((n) => n.id !== emailed!.id)!;
    expect(second.title).toBe('New message from Rita Renter');
    expect((second.data as { messages: { content: string }[] }).messages.map((m) => m.content)).toEqual(['Hello again?']);
  });

  it('sends nothing about messages read before the job runs', async () => {
    const { owner, send } = await conversationStarter();
    const { conversationId } = await send('Read me soon');
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${encodeURIComponent(conversationId)}/read`,
      headers: { cookie: owner.cookie },
    });
    expect(read.statusCode).toBe(200);
    const [job] = await messageJobs(conversationId);
    expect(await runMessageEmail(t.db, job!.data, later(MESSAGE_EMAIL_DELAY_MS + 1000))).toBe('nothing_unread');
    expect(await newMessageNotifications(owner.user.id)).toHaveLength(0);
    const marks = await t.db.select().from(messageEmailMarks).where(eq(messageEmailMarks.conversationId, conversationId));
    expect(marks.every((mark) => mark.lastSentAt.getTime() === 0)).toBe(true);
  });

  it('renders the email with the message text and a link to the conversation', async () => {
    const { owner, send } = await conversationStarter();
    const { conversationId } = await send('Can I bring my own autoclave?');
    const [job] = await messageJobs(conversationId);
    await runMessageEmail(t.db, job!.data, later(MESSAGE_EMAIL_DELAY_MS + 1000));
    const [row] = await newMessageNotifications(owner.user.id);
    const content = messageEmailTemplates.new_message!({
      notification: row!,
      recipient: { firstName: 'Omar', lastName: 'Owner', email: owner.user.email, specialty: null },
      url: (path) => `https://clinicshare.test${path}`,
      unsubscribeUrl: 'https://clinicshare.test/unsubscribe?token=x',
    });
    expect(content.subject).toBe('New message from Rita Renter');
    const text = await render(content.element, { plainText: true });
    expect(text).toContain('Can I bring my own autoclave?');
    expect(text).toContain('Rita Renter sent you a message about Quiet Exam Room');
    expect(text).toContain(`https://clinicshare.test/messages?conversation=${encodeURIComponent(conversationId)}`);
  });
});
