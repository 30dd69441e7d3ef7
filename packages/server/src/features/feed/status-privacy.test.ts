import { api, type Message, type User } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { befriend, type Member, post } from '../../../tests/_social';
import { dialects, listeningApp, member } from '../../../tests/_util';

/** A member's current status (User.statusObject) follows the item rule on every path that shows them. */
describe.each(dialects)('status privacy in user views on $name', (dialect) => {
  const app = listeningApp(dialect);
  const byId = async (viewer: Member, userId: number) =>
    ((await viewer.ok(api.people.getUserById, { userId })) as User[])[0].statusObject;
  const inSearch = async (viewer: Member, target: Member) => {
    const [result] = (await viewer.ok(api.people.findUsersByName, { name: target.user.name })) as {
      searchResults: User[];
    }[];
    return result.searchResults.find((u) => u.uid === target.user.uid)?.statusObject;
  };
  /** The sender of a message as its receiver gets it. */
  const asSender = async (author: Member, reader: Member) => {
    await author.ok(api.messaging.send, { message: 'hola', targetIds: String(reader.user.uid), type: 1 });
    const [conversation] = (await reader.ok(api.messaging.getUserConversations, { maxMessages: 1 })) as {
      messages?: Message[];
    }[];
    return conversation.messages?.[0]?.sender?.statusObject;
  };

  async function cast() {
    const [author, friend, stranger] = [
      await member(app.t.app),
      await member(app.t.app),
      await member(app.t.app),
    ];
    await befriend(author, friend);
    return { author, friend, stranger };
  }

  it('shows a friends-only status to friends and the author, never to a stranger', async () => {
    const { author, friend, stranger } = await cast();
    const status = await post(author, 'solo para amigos', { privacy: 2 });
    expect(await byId(author, author.user.uid)).toMatchObject({ id: status.id, privacy: 2 });
    expect(await byId(friend, author.user.uid)).toMatchObject({ id: status.id });
    expect(await byId(stranger, author.user.uid)).toBeUndefined();
    expect(await inSearch(stranger, author)).toBeUndefined();
    expect(await inSearch(friend, author)).toMatchObject({ id: status.id });
    expect(await asSender(author, stranger)).toBeUndefined();
  });

  it('shows a public status of a private profile to its friends only', async () => {
    const { author, friend, stranger } = await cast();
    const open = await post(author, 'para todos');
    expect(await byId(stranger, author.user.uid)).toMatchObject({ id: open.id });
    expect(await asSender(author, stranger)).toMatchObject({ id: open.id });
    await author.ok(api.buddy.setPrivate, { isPrivate: true });
    expect(await byId(stranger, author.user.uid)).toBeUndefined();
    expect(await byId(friend, author.user.uid)).toMatchObject({ id: open.id });
  });
});
