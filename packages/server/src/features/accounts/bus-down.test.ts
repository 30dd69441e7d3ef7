import { api } from '@tertulia/contract';
import { describe, expect, it, vi } from 'vitest';
import { dialects, listeningApp, member, PASSWORD } from '../../../tests/_util';

// Closing sockets after a committed write is not allowed to fail it (accounts/sockets.ts).
describe.each(dialects)('session ends while the bus is down on $name', (dialect) => {
  const app = listeningApp(dialect);
  const busDown = (method: 'disconnect' | 'endSessions') =>
    vi.spyOn(app.t.deps.hub, method).mockRejectedValueOnce(new Error('bus down'));

  it('logs out: answers true and the session is gone', async () => {
    const m = await member(app.t.app);
    const spy = busDown('endSessions');
    try {
      expect(await m.ok(api.profile.logout)).toEqual([true]);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect(await m.ok(api.user.getSessionUser)).toEqual([]);
  });

  it('changes the password: answers true and the new password is the one that works', async () => {
    const m = await member(app.t.app);
    const spy = busDown('disconnect');
    try {
      const newPassword = `${PASSWORD}-nueva`;
      expect(await m.ok(api.profile.changePassword, { currentPassword: PASSWORD, newPassword })).toEqual([
        true,
      ]);
      expect(spy).toHaveBeenCalledTimes(1);
      const again = await m.call(api.profile.changePassword, {
        currentPassword: newPassword,
        newPassword: PASSWORD,
      });
      expect(again.status).toBe(200);
    } finally {
      spy.mockRestore();
    }
  });
});
