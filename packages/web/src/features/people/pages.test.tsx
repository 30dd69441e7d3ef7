// @vitest-environment jsdom
import { api, type User } from '@tertulia/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { es } from '../../i18n/es';
import { fakeApi, renderApp } from '../../testing/renderApp';
import { served } from '../../ui/served';
import { VIP_OFFER_HREF } from './visitsRoute';

const ana: User = { uid: 10_001, name: 'ana', verified: false };
const ok = (body: unknown) => () => ({ status: 200, body });
const leo: User = { uid: 10_050, name: 'leo', age: 30, gender: 'm' };
const page = (users: User[], total = users.length) => ({
  ApiSearchResult: [{ searchResults: users, totalNumberResults: total }],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('verification page', () => {
  const verifyWith = (answer: { status: number; body: unknown }) =>
    fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [ana] }),
      [api.people.verify.path]: () => answer,
    });

  it('an account verified before reads exactly "Tu cuenta ya fue verificada."', async () => {
    const calls = verifyWith({
      status: 200,
      body: { VerificationResult: [{ alreadyVerified: true, userId: 10_001 }] },
    });
    renderApp('/link/profile-verify.jsp?token=abcdefghijklmnop');
    const status = await screen.findByText('Tu cuenta ya fue verificada.');
    expect(status.textContent).toBe('Tu cuenta ya fue verificada.');
    const posts = calls.filter((c) => c.path === api.people.verify.path);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0].init.body as string)).toEqual({ token: 'abcdefghijklmnop' });
  });

  it('a newly verified account gets the success', async () => {
    verifyWith({ status: 200, body: { VerificationResult: [{ alreadyVerified: false, userId: 10_001 }] } });
    renderApp('/link/profile-verify.jsp?token=abcdefghijklmnop');
    expect(await screen.findByText(es['verifyPage.done'])).toBeTruthy();
    expect(screen.queryByText('Tu cuenta ya fue verificada.')).toBeNull();
  });

  it("a bad token shows the server's error", async () => {
    verifyWith({
      status: 404,
      body: { message: 'El enlace no es válido o ya caducó.', ApiNotFoundException: {} },
    });
    renderApp('/link/profile-verify.jsp?token=abcdefghijklmnop');
    const main = await screen.findByRole('main');
    expect((await within(main).findByRole('alert')).textContent).toBe('El enlace no es válido o ya caducó.');
  });

  it('without a token an unverified member asks for the email', async () => {
    const calls = fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [ana] }),
      [api.people.sendVerification.path]: ok({ Boolean: [true] }),
    });
    renderApp('/link/profile-verify.jsp');
    fireEvent.click(await screen.findByRole('button', { name: 'Enviarme el correo' }));
    expect(await screen.findByText(es['verifyPage.sent'])).toBeTruthy();
    expect(calls.filter((c) => c.path === api.people.sendVerification.path)).toHaveLength(1);
  });
});

describe('search page', () => {
  it('sends only the filters given (no empty values) and lists the results as member cards', async () => {
    const calls = fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [ana] }),
      [api.people.getAdvancedUserSearch.path]: ok(page([leo], 1)),
    });
    const { router } = renderApp('/html/search.jsp');
    const form = await screen.findByRole('form', { name: 'Filtros' });
    fireEvent.change(within(form).getByLabelText('Sexo'), { target: { value: 'm' } });
    fireEvent.change(within(form).getByLabelText('Edad desde'), { target: { value: '25' } });
    fireEvent.change(within(form).getByLabelText('Ciudad'), { target: { value: '  ' } });
    fireEvent.change(within(form).getByLabelText('Estudios'), { target: { value: '5' } });
    fireEvent.click(within(form).getByLabelText('Solo con foto'));
    fireEvent.click(within(form).getByRole('button', { name: 'Buscar' }));
    await vi.waitFor(() => expect(router.state.location.search).toContain('gender=m'));
    await screen.findByRole('link', { name: 'leo' });
    const last = calls.filter((c) => c.path === api.people.getAdvancedUserSearch.path).at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({
      gender: 'm',
      minAge: '25',
      education: '5',
      photosOnly: 'true',
      page: '1',
      limit: '20',
    });
    expect(screen.getByText('1 persona')).toBeTruthy();
  });

  it('only admins get the email and banned-profiles filters, and they reach the search', async () => {
    fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [ana] }),
      [api.people.getAdvancedUserSearch.path]: ok(page([])),
    });
    renderApp('/html/search.jsp');
    const form = await screen.findByRole('form', { name: 'Filtros' });
    expect(within(form).queryByLabelText(es['search.email'])).toBeNull();
    expect(within(form).queryByLabelText(es['search.includeAdminFlagged'])).toBeNull();
    cleanup();

    const calls = fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [{ ...ana, isAdmin: true }] }),
      [api.people.getAdvancedUserSearch.path]: ok(page([leo], 1)),
    });
    const { router } = renderApp('/html/search.jsp');
    const adminForm = await screen.findByRole('form', { name: 'Filtros' });
    fireEvent.change(within(adminForm).getByLabelText(es['search.email']), {
      target: { value: ' leo@example.org ' },
    });
    fireEvent.click(within(adminForm).getByLabelText(es['search.includeAdminFlagged']));
    fireEvent.click(within(adminForm).getByRole('button', { name: 'Buscar' }));
    await vi.waitFor(() => expect(router.state.location.search).toContain('email='));
    await screen.findByRole('link', { name: 'leo' });
    const last = calls.filter((c) => c.path === api.people.getAdvancedUserSearch.path).at(-1)!;
    expect(last.url.searchParams.get('email')).toBe('leo@example.org');
    expect(last.url.searchParams.get('includeAdminFlagged')).toBe('true');
  });

  it('the online tabs ask for women or men; near me and suggestions have their own calls', async () => {
    const calls = fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [ana] }),
      [api.people.findOnlineUsersByGender.path]: ok(page([leo])),
      [api.people.findUsersNearMe.path]: ok(page([])),
      [api.people.getRandomFriendRecommendations.path]: ok({ User: [leo] }),
    });
    const { router } = renderApp('/html/search.jsp?tab=men');
    await screen.findByRole('link', { name: 'leo' });
    const online = calls.find((c) => c.path === api.people.findOnlineUsersByGender.path)!;
    expect(online.url.searchParams.get('male')).toBe('true');
    await router.navigate('/html/search.jsp?tab=near');
    expect(await screen.findByText(es['search.nearEmpty'])).toBeTruthy();
    await router.navigate('/html/search.jsp?tab=recommended');
    await screen.findByRole('link', { name: 'leo' });
    expect(calls.some((c) => c.path === api.people.getRandomFriendRecommendations.path)).toBe(true);
  });
});

describe('profile visits page', () => {
  it('others see the count, blurred tiles and the VIP offer, not names', async () => {
    fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [ana] }),
      [api.people.getProfileVisitors.path]: ok({
        ApiSearchResult: [
          {
            searchResults: [
              { time: Date.now() - 60_000, blurredImage: '/media/img/a.jpg?w=150&crop=1&blur=50' },
              { time: Date.now() - 120_000 },
            ],
            totalNumberResults: 2,
          },
        ],
      }),
    });
    renderApp('/html/gold/profile-visits.jsp');
    expect(await screen.findByText('2 personas visitaron tu perfil')).toBeTruthy();
    expect(screen.getByText('Hazte VIP para ver quién pasó por tu perfil y cuándo.')).toBeTruthy();
    // The offer links the VIP page, saying where the member came from (utm_campaign).
    expect(screen.getByRole('link', { name: 'Hazte VIP' }).getAttribute('href')).toBe(VIP_OFFER_HREF);
    // As for house ads: every link on the page (the offer, the shell, the ads) goes to a served page.
    const links = screen.getAllByRole('link');
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) {
      expect(served(link.getAttribute('href')!), link.getAttribute('href')!).toBe(true);
    }
    expect(screen.getAllByRole('img', { name: 'Visitante oculto' })).toHaveLength(2);
  });

  it('VIP owners see who and when', async () => {
    fakeApi({
      [api.user.getSessionUser.path]: ok({
        User: [{ ...ana, star: 2, vip: true, premiumFeatures: ['WHO_VIEWED_ME'] }],
      }),
      [api.people.getProfileVisitors.path]: ok({
        ApiSearchResult: [
          { searchResults: [{ time: Date.now() - 5 * 60_000, user: leo }], totalNumberResults: 1 },
        ],
      }),
    });
    renderApp('/html/gold/profile-visits.jsp');
    expect(await screen.findByText('1 persona visitó tu perfil')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'leo' }).length).toBeGreaterThan(0);
    expect(screen.getByText('Te visitó: hace 5 minutos')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Hazte VIP' })).toBeNull();
  });
});

describe('settings: blocked members', () => {
  it('lists them and unblocks one', async () => {
    let blocked: User[] = [leo];
    const calls = fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [ana] }),
      [api.people.getBlockedUsers.path]: () => ({ status: 200, body: { User: blocked } }),
      [api.people.unblockUser.path]: () => {
        blocked = [];
        return { status: 200, body: { Boolean: [true] } };
      },
    });
    renderApp('/html/settings.jsp');
    fireEvent.click(await screen.findByRole('button', { name: 'Desbloquear a leo' }));
    expect(await screen.findByText('No has bloqueado a nadie.')).toBeTruthy();
    const unblock = calls.find((c) => c.path === api.people.unblockUser.path)!;
    expect(JSON.parse(unblock.init.body as string)).toEqual({ userId: 10_050 });
  });
});
