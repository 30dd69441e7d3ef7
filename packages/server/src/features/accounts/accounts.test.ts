import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, dialects, member, PASSWORD, registration, testApp, uniqueId } from '../../../tests/_util';
import { REMEMBER_MS, SESSION_COOKIE } from '../../http/session';

describe.each(dialects)('accounts on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect, {
      limits: {
        loginPerName: 5,
        loginPerAddress: 1000,
        registerPerAddress: 1000,
        windowMs: 60_000,
        loginSlowdownMs: 0,
      },
    });
  });
  afterAll(() => t.close());

  const countUsers = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  describe('register', () => {
    it('creates the member, returns the User and starts a session', async () => {
      const client = new Client(t.app);
      const name = `Ana.${uniqueId()}`.slice(0, 20);
      const res = await client.call(api.profile.register, registration(name));
      expect(res.status).toBe(200);
      const [user] = res.body.User as { uid: number; name: string; age: number; gender: string }[];
      expect(user).toMatchObject({ name, gender: 'f', id: user.uid, vip: false, chatGagExpiration: 0 });
      expect(user.uid).toBeGreaterThan(10000);
      expect(user.age).toBeGreaterThanOrEqual(35);
      expect(client.cookies.get(SESSION_COOKIE)).toMatch(/^[\w-]{40,}$/);
      const [self] = (await client.ok(api.user.getLoggedInUser)) as { uid: number }[];
      expect(self.uid).toBe(user.uid);
    });

    it('stores only a hash of the session token and an argon2id hash of the password', async () => {
      const m = await member(t.app);
      const row = await t.deps.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', m.user.uid)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      const sessions = await t.deps.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', m.user.uid)
        .execute();
      expect(sessions).toHaveLength(1);
      expect(sessions[0].id_hash).not.toBe(m.cookies.get(SESSION_COOKIE));
      expect(sessions[0].id_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    const broken: [string, Record<string, unknown>, string, RegExp][] = [
      ['name too short', { name: 'ab' }, 'name', /de 3 a 20 caracteres/],
      ['name too long', { name: 'a'.repeat(21) }, 'name', /de 3 a 20 caracteres/],
      ['name with a space', { name: 'ana maria' }, 'name', /letras, números, _ o punto/],
      ['name with a symbol', { name: 'ana<b>' }, 'name', /letras, números/],
      ['short password', { password: '1234567' }, 'password', /al menos 8 caracteres/],
      [
        'impossible birthday',
        { birthdayMonth: 2, birthdayDay: 30 },
        'birthdayYear',
        /fecha de nacimiento no es válida/,
      ],
      ['future birthday', { birthdayYear: 2099 }, 'birthdayYear', /no es válida/],
      ['under 18', { birthdayYear: new Date().getUTCFullYear() - 17 }, 'birthdayYear', /18 años o más/],
      ['gender other than m or f', { gender: 'x' }, 'gender', /hombre \(m\) o mujer \(f\)/],
      ['bad email', { email: 'no-at-sign' }, 'email', /correo electrónico no es válido/],
      ['missing email', { email: undefined }, 'email', /Falta el correo electrónico/],
      ['birth year not a number', { birthdayYear: 'mil' }, 'birthdayYear', /debe ser un número/],
    ];
    it.each(broken)(
      'refuses %s with a 400 naming the field, storing nothing',
      async (_, change, field, text) => {
        const before = await countUsers();
        const params = { ...registration(), ...change };
        for (const key of Object.keys(params))
          if (params[key as keyof typeof params] === undefined) delete params[key as keyof typeof params];
        const client = new Client(t.app);
        const res = await client.call(api.profile.register, params);
        expect(res.status).toBe(400);
        expect(res.body.ApiValidationException).toEqual({ field });
        expect(res.body.message).toMatch(text);
        expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
        expect(await countUsers()).toBe(before);
      },
    );

    it('answers in English for an English visitor', async () => {
      const res = await new Client(t.app).call(api.profile.register, registration('ab'), {
        cookie: 'locale=en',
      });
      expect(res.body.message).toBe('User names have 3 to 20 characters: letters, digits, _ or dot.');
    });

    it('accepts an exactly 18-year-old and Spanish letters in names', async () => {
      const today = new Date();
      const res = await new Client(t.app).call(
        api.profile.register,
        registration(`Íñigo_${uniqueId().slice(0, 4)}`, {
          birthdayYear: today.getUTCFullYear() - 18,
          birthdayMonth: today.getUTCMonth() + 1,
          birthdayDay: today.getUTCDate(),
        }),
      );
      expect(res.status).toBe(200);
    });

    it('treats names as unique without regard to case', async () => {
      const name = `Lola_${uniqueId()}`;
      await member(t.app, name);
      const before = await countUsers();
      const res = await new Client(t.app).call(api.profile.register, registration(name.toUpperCase()));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Ese nombre de usuario ya está en uso. Prueba con otro.',
        ApiValidationException: { field: 'name' },
      });
      expect(await countUsers()).toBe(before);
    });

    it('lets only one of two parallel sign-ups take a name', async () => {
      const name = `race_${uniqueId()}`;
      const results = await Promise.all(
        [0, 1, 2].map(() => new Client(t.app).call(api.profile.register, registration(name))),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    });
  });

  describe('login and logout', () => {
    it('logs in with any case of the name and returns the User', async () => {
      const name = `Pepe_${uniqueId()}`;
      await member(t.app, name);
      const client = new Client(t.app);
      const [user] = (await client.ok(api.profile.login, {
        name: name.toLowerCase(),
        password: PASSWORD,
      })) as {
        name: string;
      }[];
      expect(user.name).toBe(name);
      expect((await client.call(api.user.getLoggedInUser)).status).toBe(200);
    });

    it('gives a wrong name and a wrong password the same 401 answer', async () => {
      const m = await member(t.app);
      const wrongPassword = await new Client(t.app).call(api.profile.login, {
        name: m.user.name,
        password: 'nope-nope',
      });
      const wrongName = await new Client(t.app).call(api.profile.login, {
        name: `ghost_${uniqueId()}`,
        password: PASSWORD,
      });
      expect(wrongPassword.status).toBe(401);
      expect(wrongName.status).toBe(401);
      expect(wrongPassword.body).toEqual(wrongName.body);
      expect(wrongName.body).toEqual({
        message: 'Nombre de usuario o contraseña incorrectos.',
        ApiLoginRequiredException: {},
      });
    });

    it('keeps a rememberMe session 30 days and a plain one for the browser session', async () => {
      const m = await member(t.app);
      const remembered = await new Client(t.app).call(api.profile.login, {
        name: m.user.name,
        password: PASSWORD,
        rememberMe: '1',
      });
      const cookie = (c: unknown) =>
        String(([] as string[]).concat(c as string).find((s) => s.startsWith(SESSION_COOKIE)));
      expect(cookie(remembered.headers['set-cookie'])).toContain(`Max-Age=${REMEMBER_MS / 1000}`);
      expect(cookie(remembered.headers['set-cookie'])).toMatch(/HttpOnly/);
      expect(cookie(remembered.headers['set-cookie'])).toMatch(/SameSite=Lax/);
      const plain = await new Client(t.app).call(api.profile.login, {
        name: m.user.name,
        password: PASSWORD,
      });
      expect(cookie(plain.headers['set-cookie'])).not.toContain('Max-Age');
      const rows = await t.deps.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', m.user.uid)
        .execute();
      const lifetimes = rows
        .map((r) => Math.round((r.expires_at - r.created_at) / 3_600_000))
        .sort((a, b) => a - b);
      expect(lifetimes).toEqual([24, 24, 720]);
    });

    it('sets the member language from the login locale', async () => {
      const m = await member(t.app);
      const client = new Client(t.app);
      const [user] = (await client.ok(api.profile.login, {
        name: m.user.name,
        password: PASSWORD,
        locale: 'en',
      })) as {
        locale: string;
      }[];
      expect(user.locale).toBe('en');
      expect(client.cookies.get('locale')).toBe('en');
      const res = await client.call(api.premium.setOnlineStatus, { status: 9 });
      expect(res.body.message).toBe('Status is too large.');
    });

    it('ends the session on logout: the old cookie no longer works', async () => {
      const m = await member(t.app);
      const token = m.cookies.get(SESSION_COOKIE)!;
      expect(await m.ok(api.profile.logout)).toEqual([true]);
      expect(m.cookies.has(SESSION_COOKIE)).toBe(false);
      const replay = new Client(t.app);
      replay.cookies.set(SESSION_COOKIE, token);
      const res = await replay.call(api.user.getLoggedInUser);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Inicia sesión para continuar', ApiLoginRequiredException: {} });
    });

    it('ends a session that expired (idle for a day, or past 30 days)', async () => {
      const m = await member(t.app);
      await t.deps.db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('user_id', '=', m.user.uid)
        .execute();
      expect((await m.call(api.user.getLoggedInUser)).status).toBe(401);
    });

    it('refuses parallel wrong logins for a name from one address beyond the limit with 429', async () => {
      const m = await member(t.app);
      const attempts = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          new Client(t.app, '10.0.0.1').call(api.profile.login, {
            name: m.user.name,
            password: `wrong-${i}-pw`,
          }),
        ),
      );
      const statuses = attempts.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
      const limited = attempts.find((a) => a.status === 429)!;
      expect(limited.body.ApiRateLimitException).toMatchObject({ retryAfterSeconds: expect.any(Number) });
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.body.message).toBe('Demasiados intentos. Espera unos minutos y vuelve a intentarlo.');
      // The right password is refused too from that address while the name is limited there...
      const there = await new Client(t.app, '10.0.0.1').call(api.profile.login, {
        name: m.user.name,
        password: PASSWORD,
      });
      expect(there.status).toBe(429);
      // ...but not from the member's own address.
      const home = await new Client(t.app, '10.1.1.1').call(api.profile.login, {
        name: m.user.name,
        password: PASSWORD,
      });
      expect(home.status).toBe(200);
    });
  });

  describe('names and languages', () => {
    it('suggests free names close to a taken one', async () => {
      const name = `rosa_${uniqueId().slice(0, 6)}`;
      await member(t.app, name);
      await member(t.app, `${name}1990`);
      const names = (await new Client(t.app).ok(api.profile.getAvailableUserNames, {
        takenUserName: name,
        birthdayYear: 1990,
        birthdayMonth: 6,
        birthdayDay: 15,
        limit: 4,
      })) as string[];
      expect(names).toHaveLength(4);
      expect(names).not.toContain(`${name}1990`);
      for (const n of names) {
        expect(n.startsWith(name)).toBe(true);
        expect(n.length).toBeLessThanOrEqual(20);
        const res = await new Client(t.app).call(api.profile.register, registration(n));
        expect(res.status).toBe(200);
      }
    });

    it('switches language through the home path and remembers it for the member', async () => {
      const m = await member(t.app);
      const res = await t.app.inject({
        method: 'GET',
        url: '/?locale=en',
        headers: { cookie: m.cookieHeader },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/html/index.jsp');
      expect(String(res.headers['set-cookie'])).toMatch(/locale=en/);
      const row = await t.deps.db
        .selectFrom('users')
        .select('locale')
        .where('id', '=', m.user.uid)
        .executeTakeFirst();
      expect(row?.locale).toBe('en');
      const locales = await new Client(t.app).call(api.profile.getLocales, {}, { cookie: 'locale=en' });
      expect(locales.body.Locale).toEqual([
        { code: 'es', name: 'Español', active: false },
        { code: 'en', name: 'English', active: true },
      ]);
      const bogus = await t.app.inject({ method: 'GET', url: '/?locale=xx' });
      expect(bogus.headers['set-cookie']).toBeUndefined();
    });
  });
});
