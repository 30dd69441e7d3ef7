import type { TObject, TSchema } from '@sinclair/typebox';
import { allEndpoints, api, type Endpoint } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkerboard, uploadPhoto } from '../src/media/test-support';
import { adminMember, Client, dialects, member, testApp } from './_util';

type Member = Awaited<ReturnType<typeof member>>;
type Role = 'owner' | 'friend' | 'stranger' | 'blocked' | 'anonymous';
const ROLES: Role[] = ['owner', 'friend', 'stranger', 'blocked', 'anonymous'];

/** Marker texts of the canaries: found in an answer's JSON, the caller saw the item. */
const MARK = {
  publicStatus: 'canario-publico-7f3a',
  friendsStatus: 'canario-amigos-9b1c',
  friendsPhoto: 'canario-foto-amigos-4d2e',
  privateRoom: 'canario-sala-5e8f',
  roomLine: 'canario-linea-2c7a',
  backstagePhoto: 'canario-foto-backstage-6a1d',
  backstageComment: 'canario-comentario-backstage-0f4b',
  quarantinedPhoto: 'canario-foto-cuarentena-8c3e',
  quarantinedComment: 'canario-comentario-cuarentena-7b5a',
} as const;
type Mark = keyof typeof MARK;

/** What each role may ever see, over every read call of the contract. */
const MAY_SEE: Record<Role, Mark[]> = {
  owner: Object.keys(MARK) as Mark[],
  // A private room shows its name to the owner's friends (so they can be invited), nothing more.
  friend: ['publicStatus', 'friendsStatus', 'friendsPhoto', 'privateRoom'],
  stranger: ['publicStatus'],
  blocked: [],
  anonymous: [],
};

/**
 * Every GET of the contract, called by the owner of the canaries, a friend, a stranger, a member
 * the owner blocked and an anonymous visitor, with the canaries' ids in every parameter that
 * names a member, a post or an item: no answer may carry a marker its caller may not see.
 */
describe.each(dialects)('authorization matrix on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  const people = {} as Record<Exclude<Role, 'anonymous'>, Member>;
  const ids = { status: 0, publicStatus: 0, photo: 0, room: 0, backstage: 0, quarantined: 0 };
  beforeAll(async () => {
    t = await testApp(dialect);
    for (const role of ['owner', 'friend', 'stranger', 'blocked'] as const)
      people[role] = await member(t.app);
    const { owner, friend, blocked } = people;
    const [request] = (await owner.ok(api.buddy.sendUserBuddyRequest, {
      receivingUserId: friend.user.uid,
    })) as number[];
    await friend.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: request });
    await owner.ok(api.people.blockUser, { userId: blocked.user.uid });
    const data = await checkerboard(64, 64).jpeg().toBuffer();
    const image = { name: 'canario.jpg', type: 'image/jpeg', data };
    const photo = await uploadPhoto(owner, image, { caption: MARK.friendsPhoto });
    ids.photo = (photo.body.Photo as { uid: number }[])[0].uid;
    // Friends-only photos are the photos issue's to offer; the rule is in place already.
    await t.deps.db.updateTable('photos').set({ privacy: 2 }).where('id', '=', ids.photo).execute();
    await t.deps.db.updateTable('feed_events').set({ privacy: 2 }).where('post_id', '=', ids.photo).execute();
    // A backstage photo (no role but the owner is unlocked or VIP) and a public photo an admin
    // quarantined, each commented and liked by the owner: nothing of them may reach anyone else.
    const [album] = (await owner.ok(api.album.createAlbum, { name: 'VIP', backstage: true })) as {
      id: number;
    }[];
    const hidden = [
      ['backstage', { albumId: album.id, caption: MARK.backstagePhoto }, MARK.backstageComment],
      ['quarantined', { caption: MARK.quarantinedPhoto }, MARK.quarantinedComment],
    ] as const;
    for (const [kind, fields, comment] of hidden) {
      const up = await uploadPhoto(owner, image, fields);
      ids[kind] = (up.body.Photo as { uid: number }[])[0].uid;
      const post = { postId: ids[kind], authorUserId: owner.user.uid };
      await owner.ok(api.album.composeComment, { ...post, isPhoto: true, message: comment });
      await owner.ok(api.user.like, { type: 2, itemId: ids[kind], authorUserId: owner.user.uid });
    }
    const admin = await adminMember(t);
    await admin.ok(api.album.moderatePhoto, { postId: ids.quarantined, quarantine: true });
    const [open] = (await owner.ok(api.user.updateStatus, { newStatus: MARK.publicStatus })) as {
      id: number;
    }[];
    ids.publicStatus = open.id;
    const [closed] = (await owner.ok(api.user.updateStatus, {
      newStatus: MARK.friendsStatus,
      privacy: 2,
    })) as { id: number }[];
    ids.status = closed.id;
    const [room] = (await owner.ok(api.chat.createRoom, { name: MARK.privateRoom, roomType: 3 })) as {
      id: number;
    }[];
    ids.room = room.id;
    await owner.ok(api.chat.enterRoom, { roomId: room.id });
    await owner.ok(api.chat.sendMessage, { roomId: room.id, message: MARK.roomLine });
  });
  afterAll(() => t.close());

  const clientOf = (role: Role) => (role === 'anonymous' ? new Client(t.app) : people[role]);

  /** Parameter sets for a call: each id-like parameter gets the canaries' ids in turn. */
  function paramSets(endpoint: Endpoint): Record<string, unknown>[] {
    const props = (endpoint.schema as TObject).properties as Record<string, TSchema>;
    const required = new Set((endpoint.schema as TObject).required ?? []);
    const base: Record<string, unknown> = {};
    const postIds: number[] = [];
    for (const [name, schema] of Object.entries(props)) {
      const lower = name.toLowerCase();
      if (/(user|owner|author|profile|friend|target|receiving|partner)(user)?id$|^ownerid$/.test(lower))
        base[name] = people.owner.user.uid;
      else if (/^(postid|itemid|statusid|photoid|id)$/.test(lower)) postIds.push(1);
      else if (lower === 'roomid') base[name] = ids.room;
      else if (lower === 'name' || lower === 'takenusername') base[name] = people.owner.user.name;
      else if (lower === 'filter' && endpoint === api.feed.getEvents) base[name] = 4;
      else if (required.has(name))
        base[name] = schema.type === 'integer' ? 1 : schema.type === 'boolean' ? false : 'a';
    }
    if (!postIds.length) return [base];
    const postKey = Object.keys(props).find((n) => /^(postid|itemid|statusid|photoid|id)$/i.test(n))!;
    // The feed's statusId narrows it to one status: the whole page is asked for too.
    const whole = endpoint === api.feed.getEvents ? [base] : [];
    return [
      ...whole,
      { ...base, [postKey]: ids.status, isPhoto: 'isPhoto' in props ? false : undefined, type: 1 },
      ...[ids.photo, ids.backstage, ids.quarantined].map((id) => ({
        ...base,
        [postKey]: id,
        isPhoto: 'isPhoto' in props ? true : undefined,
        type: 2,
      })),
    ].map((p) => Object.fromEntries(Object.entries(p).filter(([k, v]) => v !== undefined && k in props)));
  }

  const reads = allEndpoints.filter((e) => e.method === 'GET' && !e.changesState);

  it.each(ROLES)('%s sees no canary it may not see, through any read call', async (role) => {
    const client = clientOf(role);
    const forbidden = (Object.keys(MARK) as Mark[]).filter((m) => !MAY_SEE[role].includes(m));
    const leaks: string[] = [];
    for (const endpoint of reads) {
      for (const params of paramSets(endpoint)) {
        const res = await client.call(endpoint, params);
        expect(res.status, `${endpoint.path} ${JSON.stringify(params)}`).toBeLessThan(500);
        const text = JSON.stringify(res.body);
        for (const mark of forbidden) if (text.includes(MARK[mark])) leaks.push(`${endpoint.path}: ${mark}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('shows each canary where its viewers look for it', async () => {
    const seen = async (role: Role, endpoint: Endpoint, params: Record<string, unknown>) => {
      const res = await clientOf(role).call(endpoint, params);
      const text = JSON.stringify(res.body);
      return (Object.keys(MARK) as Mark[]).filter((m) => text.includes(MARK[m]));
    };
    const profile = { userId: people.owner.user.uid };
    const feed = { userId: people.owner.user.uid, filter: 4, limit: 50 };
    // The friends-only photo's upload event shows in the feed to the owner and friends only.
    const forFriends: Mark[] = ['publicStatus', 'friendsStatus', 'friendsPhoto'];
    const hiddenMarks: Mark[] = [
      'backstagePhoto',
      'backstageComment',
      'quarantinedPhoto',
      'quarantinedComment',
    ];
    expect(await seen('owner', api.feed.getEvents, feed)).toEqual([...forFriends, ...hiddenMarks]);
    expect(await seen('friend', api.feed.getEvents, feed)).toEqual(forFriends);
    // The site feed (filter 1) carries nothing of the hidden photos to anyone but their owner.
    const site = { filter: 1, limit: 50 };
    expect(await seen('friend', api.feed.getEvents, site)).toEqual(forFriends);
    expect(await seen('stranger', api.feed.getEvents, site)).toEqual(['publicStatus']);
    expect(await seen('stranger', api.feed.getEvents, feed)).toEqual(['publicStatus']);
    expect(await seen('blocked', api.feed.getEvents, feed)).toEqual([]);
    // The album reads show the photo to its owner and friends, never to anyone else.
    const photos = { userId: people.owner.user.uid };
    expect(await seen('owner', api.album.getPhotos, photos)).toEqual([
      'friendsPhoto',
      'backstagePhoto',
      'quarantinedPhoto',
    ]);
    expect(await seen('friend', api.album.getPhotos, photos)).toEqual(['friendsPhoto']);
    expect(await seen('stranger', api.album.getPhotos, photos)).toEqual([]);
    expect(await seen('blocked', api.album.getPhotos, photos)).toEqual([]);
    // The profile carries the newest status (friends only) to friends, nothing to a stranger.
    expect(await seen('friend', api.people.getUserById, profile)).toEqual(['friendsStatus']);
    expect(await seen('stranger', api.people.getUserById, profile)).toEqual([]);
    expect((await clientOf('anonymous').call(api.people.getUserById, profile)).status).toBe(401);
    expect((await clientOf('blocked').call(api.people.getUserById, profile)).status).toBe(404);
    const room = { roomId: ids.room };
    expect(await seen('owner', api.chat.getMessages, room)).toContain('roomLine');
    expect(await seen('friend', api.chat.getRoom, room)).toEqual(['privateRoom']);
    expect(await seen('friend', api.chat.getMessages, room)).toEqual([]);
    expect(await seen('stranger', api.chat.getRoom, room)).toEqual([]);
  });
});
