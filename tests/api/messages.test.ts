/**
 * Messaging over HTTP (docs/product.md#data, #validation and #api-calls;
 * docs/decisions/004-live-events-through-the-database-or-redis.md):
 * permissions from the session and the stored participants, validation,
 * conversation summaries, unread counts and read receipts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace, insertUser } from '../factories/db';
import { conversations, messages } from '../../src/server/db/schema';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Signed = Awaited<ReturnType<typeof signedInUser>>;

/** A renter, an owner with a space, and a third user who is in no conversation. */
async function cast() {
  const renter = await signedInUser(t, { firstName: 'Rita', lastName: 'Renter' });
  const owner = await signedInUser(t, { firstName: 'Omar', lastName: 'Owner' });
  const stranger = await signedInUser(t, { firstName: 'Sam', lastName: 'Stranger' });
  const space = await insertSpace(t.db, owner.user.id, { title: 'Quiet Exam Room' });
  return { renter, owner, stranger, space };
}

const post = (who: Signed, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: who.cookie }, payload: payload as object });
const get = (who: Signed | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const markRead = (who: Signed, conversationId: string) =>
  t.app.inject({ method: 'PUT', url: `/api/conversations/${encodeURIComponent(conversationId)}/read`, headers: { cookie: who.cookie } });

describe('POST /api/messages', () => {
  it('stores a message from the session user and opens the conversation with the id format of docs/product.md', async () => {
    const { renter, owner, space } = await cast();
    const conversationId = `${renter.user.id}-${owner.user.id}-${space.id}`;
    const response = await post(renter, {
      conversationId,
      senderId: renter.user.id,
      receiverId: owner.user.id,
      spaceId: space.id,
      content: '  Is the room free on Mondays?  ',
      messageType: 'text',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      conversationId,
      senderId: renter.user.id,
      receiverId: owner.user.id,
      spaceId: space.id,
      content: 'Is the room free on Mondays?',
      messageType: 'text',
      readAt: null,
      sender: { id: renter.user.id, firstName: 'Rita', lastName: 'Renter' },
      space: { title: 'Quiet Exam Room' },
    });
    const [stored] = await t.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(stored).toMatchObject({ participantA: renter.user.id, participantB: owner.user.id, spaceId: space.id });

    // Without a conversationId the server finds the same conversation; the owner's reply joins it too.
    const again = await post(renter, { receiverId: owner.user.id, spaceId: space.id, content: 'Or Tuesdays?' });
    expect(again.json().conversationId).toBe(conversationId);
    const reply = await post(owner, { conversationId, receiverId: renter.user.id, content: 'Mondays are free.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ conversationId, spaceId: space.id, senderId: owner.user.id });
  });

  it('takes the sender from the session: another senderId is 403, no session is 401', async () => {
    const { renter, owner, stranger, space } = await cast();
    const forged = await post(stranger, { senderId: renter.user.id, receiverId: owner.user.id, spaceId: space.id, content: 'Hi' });
    expect(forged.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/messages', payload: { receiverId: owner.user.id, content: 'Hi' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.db.$count(messages, eq(messages.receiverId, owner.user.id))).toBe(0);
  });

  it('validates: empty or blank content, over 5,000 characters, a missing, unknown or own receiver, a bad type', async () => {
    const { renter, owner, space } = await cast();
    const base = { receiverId: owner.user.id, spaceId: space.id };
    const cases: [unknown, RegExp][] = [
      [{ ...base, content: '' }, /Message cannot be empty/],
      [{ ...base, content: '  \n\t ' }, /Message cannot be empty/],
      [{ ...base, content: 'x'.repeat(5001) }, /content/],
      [{ spaceId: space.id, content: 'Hi' }, /receiverId/],
      [{ ...base, receiverId: 'not-a-uuid', content: 'Hi' }, /receiverId/],
      [{ ...base, receiverId: '00000000-0000-4000-8000-000000000000', content: 'Hi' }, /The receiver does not exist/],
      [{ receiverId: renter.user.id, content: 'Note to self' }, /yourself/],
      [{ ...base, content: 'Hi', messageType: 'image' }, /messageType/],
      [{ ...base, spaceId: '00000000-0000-4000-8000-000000000000', content: 'Hi' }, /The space does not exist/],
    ];
    for (const [payload, message] of cases) {
      const response = await post(renter, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await post(renter, { ...base, content: 'x'.repeat(5000) })).statusCode).toBe(201);
  });

  it('refuses a conversation the sender is not part of, a receiver outside it, and a made-up id', async () => {
    const { renter, owner, stranger, space } = await cast();
    const conversationId = (await post(renter, { receiverId: owner.user.id, spaceId: space.id, content: 'Hello' })).json().conversationId;

    const intruder = await post(stranger, { conversationId, receiverId: owner.user.id, content: 'Let me in' });
    expect(intruder.statusCode).toBe(403);
    const outsider = await post(owner, { conversationId, receiverId: stranger.user.id, content: 'Wrong person' });
    expect(outsider.statusCode).toBe(400);
    // An id naming the renter as a participant does not make the stranger one: ids are never parsed.
    const madeUp = await post(stranger, {
      conversationId: `${stranger.user.id}-${renter.user.id}-${space.id}`,
      receiverId: renter.user.id,
      spaceId: space.id,
      content: 'Hi',
    });
    expect(madeUp.statusCode).toBe(400);
    // About a space, a message goes to or comes from its owner.
    const notOwner = await post(stranger, { receiverId: renter.user.id, spaceId: space.id, content: 'About your space?' });
    expect(notOwner.statusCode).toBe(400);
    expect(await t.db.$count(messages, eq(messages.senderId, stranger.user.id))).toBe(0);
  });
});

describe('reading messages and conversations', () => {
  it('lets only the participants read a conversation', async () => {
    const { renter, owner, stranger, space } = await cast();
    const conversationId = (await post(renter, { receiverId: owner.user.id, spaceId: space.id, content: 'First' })).json().conversationId;
    await post(owner, { conversationId, receiverId: renter.user.id, content: 'Second' });

    const url = `/api/conversations/${encodeURIComponent(conversationId)}/messages`;
    for (const who of [renter, owner]) {
      const thread = await get(who, url);
      expect(thread.statusCode).toBe(200);
      expect(thread.json().map((m: { content: string }) => m.content)).toEqual(['First', 'Second']);
    }
    expect((await get(stranger, url)).statusCode).toBe(403);
    expect((await get(null, url)).statusCode).toBe(401);
    // An unknown conversation looks the same as someone else's.
    expect((await get(stranger, `/api/conversations/${stranger.user.id}-${owner.user.id}-${space.id}/messages`)).statusCode).toBe(403);
    expect((await markRead(stranger, conversationId)).statusCode).toBe(403);
  });

  it("refuses another user's messages, conversations and unread count", async () => {
    const { renter, owner, stranger, space } = await cast();
    await post(renter, { receiverId: owner.user.id, spaceId: space.id, content: 'Private' });
    for (const path of ['messages', 'conversations', 'unread-count']) {
      expect((await get(stranger, `/api/users/${owner.user.id}/${path}`)).statusCode, path).toBe(403);
      expect((await get(null, `/api/users/${owner.user.id}/${path}`)).statusCode, path).toBe(401);
      expect((await get(owner, `/api/users/${owner.user.id}/${path}`)).statusCode, path).toBe(200);
    }
  });

  it("lists a user's messages newest first with sender and space embedded", async () => {
    const { renter, owner, space } = await cast();
    await post(renter, { receiverId: owner.user.id, spaceId: space.id, content: 'One' });
    await post(owner, { receiverId: renter.user.id, spaceId: space.id, content: 'Two' });
    const list = await get(renter, `/api/users/${renter.user.id}/messages`);
    expect(list.json()).toMatchObject([
      { content: 'Two', sender: { firstName: 'Omar' }, space: { title: 'Quiet Exam Room' } },
      { content: 'One', sender: { firstName: 'Rita' }, space: { title: 'Quiet Exam Room' } },
    ]);
    expect((await get(renter, `/api/users/${renter.user.id}/messages?limit=1`)).json()).toHaveLength(1);
  });

  it('summarises conversations newest first with the other user, space title, last message and unread count', async () => {
    const { renter, owner, space } = await cast();
    const other = await insertSpace(t.db, owner.user.id, { title: 'Dental Suite Downtown' });
    const colleague = await insertUser(t.db, { firstName: 'Cleo', lastName: 'Colleague' });
    await post(renter, { receiverId: owner.user.id, spaceId: space.id, content: 'About the exam room' });
    await post(renter, { receiverId: owner.user.id, spaceId: other.id, content: 'About the dental suite' });
    await post(renter, { receiverId: owner.user.id, spaceId: other.id, content: 'Still there?' });
    await post(owner, { receiverId: colleague.id, content: 'No space, just hello' });

    const ownerView = (await get(owner, `/api/users/${owner.user.id}/conversations`)).json();
    expect(ownerView).toMatchObject([
      {
        otherUser: { id: colleague.id, firstName: 'Cleo', lastName: 'Colleague' },
        spaceTitle: null,
        lastMessage: { content: 'No space, just hello' },
        unreadCount: 0,
      },
      {
        otherUser: { id: renter.user.id, firstName: 'Rita' },
        spaceTitle: 'Dental Suite Downtown',
        lastMessage: { content: 'Still there?' },
        unreadCount: 2,
      },
      { conversationId: `${renter.user.id}-${owner.user.id}-${space.id}`, spaceTitle: 'Quiet Exam Room', unreadCount: 1 },
    ]);
    expect(ownerView[0].conversationId).toBe([owner.user.id, colleague.id].sort().join('-'));
    expect(new Date(ownerView[1].lastMessage.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const renterView = (await get(renter, `/api/users/${renter.user.id}/conversations`)).json();
    expect(renterView).toHaveLength(2);
    expect(
      renterView.every((c: { unreadCount: number; otherUser: { id: string } }) => c.unreadCount === 0 && c.otherUser.id === owner.user.id),
    ).toBe(true);
  });
});

describe('unread counts and read receipts', () => {
  it('counts unread messages and marks a conversation read when its receiver opens it', async () => {
    const { renter, owner, space } = await cast();
    const first = (await post(renter, { receiverId: owner.user.id, spaceId: space.id, content: 'One' })).json();
    await post(renter, { receiverId: owner.user.id, spaceId: space.id, content: 'Two' });
    const unread = (who: Signed) => get(who, `/api/users/${who.user.id}/unread-count`).then((r) => r.json());
    expect(await unread(owner)).toEqual({ count: 2 });
    expect(await unread(renter)).toEqual({ count: 0 });

    // The sender opening the conversation marks nothing: receipts are the receiver's.
    expect((await markRead(renter, first.conversationId)).json()).toMatchObject({ count: 0 });
    expect(await unread(owner)).toEqual({ count: 2 });

    const read = await markRead(owner, first.conversationId);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ conversationId: first.conversationId, count: 2 });
    expect(await unread(owner)).toEqual({ count: 0 });
    const thread = (await get(renter, `/api/conversations/${encodeURIComponent(first.conversationId)}/messages`)).json();
    expect(thread.every((m: { readAt: string | null }) => m.readAt === read.json().readAt)).toBe(true);

    // Reading again changes nothing; a later message is unread again.
    expect((await markRead(owner, first.conversationId)).json().count).toBe(0);
    await post(renter, { conversationId: first.conversationId, receiverId: owner.user.id, content: 'Three' });
    expect(await unread(owner)).toEqual({ count: 1 });
    expect((await get(owner, `/api/users/${owner.user.id}/conversations`)).json()[0]).toMatchObject({
      unreadCount: 1,
      lastMessage: { content: 'Three' },
    });
  });
});
