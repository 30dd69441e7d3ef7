import { api, type Notification, type User } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { dialects, listeningApp, member } from '../../../tests/_util';

type Member = Awaited<ReturnType<typeof member>>;

describe.each(dialects)('relationship consent on $name', (dialect) => {
  const app = listeningApp(dialect);
  const view = async (viewer: Member, userId: number) =>
    ((await viewer.ok(api.people.getUserById, { userId })) as User[])[0];
  const requests = async (viewer: Member) =>
    ((await viewer.ok(api.people.getRelationshipRequests)) as User[]).map((u) => u.uid);
  const notices = async (viewer: Member) =>
    ((await viewer.ok(api.user.getNotifications)) as Notification[]).map((n) => n.kind);

  it('shows a named partner to others only after the partner confirms', async () => {
    const [ana, bea, eve] = [await member(app.t.app), await member(app.t.app), await member(app.t.app)];
    const [self] = (await ana.ok(api.people.updateProfile, {
      relationshipPartnerId: bea.user.uid,
    })) as User[];
    expect(self).toMatchObject({ relationshipPartnerId: bea.user.uid, relationshipPartnerConfirmed: false });
    // Nobody else sees the claim yet, not even the named partner's profile of Ana.
    expect((await view(eve, ana.user.uid)).relationshipPartnerId).toBeUndefined();
    expect((await view(bea, ana.user.uid)).relationshipPartnerName).toBeUndefined();
    expect(await requests(bea)).toEqual([ana.user.uid]);
    expect(await notices(bea)).toContain('relationshipRequest');

    await bea.ok(api.people.answerRelationship, { userId: ana.user.uid, accept: true });
    expect(await view(eve, ana.user.uid)).toMatchObject({
      relationshipPartnerId: bea.user.uid,
      relationshipPartnerName: bea.user.name,
    });
    expect((await view(eve, bea.user.uid)).relationshipPartnerId).toBe(ana.user.uid);
    expect(await requests(bea)).toEqual([]);
    expect(await notices(ana)).toContain('relationshipAccepted');
  });

  it('lets the named partner decline, and either side remove it for both', async () => {
    const [ana, bea, eve] = [await member(app.t.app), await member(app.t.app), await member(app.t.app)];
    await ana.ok(api.people.updateProfile, { relationshipPartnerId: bea.user.uid });
    await bea.ok(api.people.answerRelationship, { userId: ana.user.uid, accept: false });
    expect((await view(ana, ana.user.uid)).relationshipPartnerId).toBeUndefined();
    const again = await bea.call(api.people.answerRelationship, { userId: ana.user.uid, accept: true });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Esa solicitud de relación ya no está pendiente.');

    await ana.ok(api.people.updateProfile, { relationshipPartnerId: bea.user.uid });
    await bea.ok(api.people.answerRelationship, { userId: ana.user.uid, accept: true });
    // Bea removes it: it is gone from both profiles.
    await bea.ok(api.people.updateProfile, { relationshipPartnerId: 0 });
    expect((await view(eve, ana.user.uid)).relationshipPartnerId).toBeUndefined();
    expect((await view(eve, bea.user.uid)).relationshipPartnerId).toBeUndefined();
  });

  it('confirms at once when both name each other, and refuses a stranger who blocked', async () => {
    const [ana, bea, eve] = [await member(app.t.app), await member(app.t.app), await member(app.t.app)];
    await ana.ok(api.people.updateProfile, { relationshipPartnerId: bea.user.uid });
    await bea.ok(api.people.updateProfile, { relationshipPartnerId: ana.user.uid });
    expect((await view(eve, ana.user.uid)).relationshipPartnerId).toBe(bea.user.uid);

    await eve.ok(api.people.blockUser, { userId: ana.user.uid });
    const res = await ana.call(api.people.updateProfile, { relationshipPartnerId: eve.user.uid, about: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/No encontramos a esa pareja/);
    // Nothing changed: the confirmed partner and the old about stay.
    const self = await view(ana, ana.user.uid);
    expect(self.relationshipPartnerId).toBe(bea.user.uid);
    expect(self.about).toBeUndefined();
  });
});
