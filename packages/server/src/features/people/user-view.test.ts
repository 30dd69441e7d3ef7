import { describe, expect, it } from 'vitest';
import type { ShownRow } from './user-view';
import { selfAnswer } from './user-view';

const NOW = Date.UTC(2026, 10, 21, 12);
const row = (over: Partial<ShownRow> = {}): ShownRow =>
  Object.freeze({
    id: 7,
    name: 'lucia',
    first_name: null,
    last_name: null,
    birth_date: '1990-11-22',
    gender: 'f',
    about: null,
    city: null,
    state: null,
    country: 'MX',
    postal_code: null,
    image1: null,
    bg_image: null,
    bg_style: null,
    education: 0,
    ethnicity: 0,
    children: 0,
    looking_for: 0,
    relationship_status: 0,
    relationship_type: 0,
    relationship_partner_id: 0,
    sexual_orientation: 0,
    verified: 0,
    star: 0,
    font: null,
    im_color: null,
    im_bg_color: null,
    im_permission: 0,
    message_permission: 0,
    pm_permission: 0,
    will_accept_video_call: 0,
    external_links: null,
    creation_time: NOW,
    last_access: NOW,
    view_count: 0,
    online_status: 0,
    status_object: null,
    banned_at: 0,
    chat_gag_until: 0,
    is_admin: 0,
    locale: 'es',
    pledged_at: 0,
    email: 'lucia@example.org',
    search_proximity: 0,
    dismissed_tips: null,
    ...over,
  }) as ShownRow;

const body = (json: string | Buffer) => JSON.parse(String(json)).User[0];

describe('selfAnswer (user/getLoggedInUser.do)', () => {
  it('is made once per row and is the JSON of the list it carries', () => {
    const r = row();
    const first = selfAnswer(r, 'User', NOW);
    expect(selfAnswer(r, 'User', NOW + 1000)).toBe(first);
    expect(JSON.parse(String(first.json))).toEqual(JSON.parse(JSON.stringify({ User: first.list })));
    expect(body(first.json)).toMatchObject({ uid: 7, id: 7, name: 'lucia', email: 'lucia@example.org' });
    // Another row object (the session cache replaces it on every write) gets its own answer.
    expect(body(selfAnswer(row({ about: 'hola' }), 'User', NOW).json).about).toBe('hola');
  });

  it('is made again after a minute: the age changes on the birthday', () => {
    const r = row();
    expect(body(selfAnswer(r, 'User', NOW).json).age).toBe(35);
    const nextDay = NOW + 24 * 3600_000;
    expect(body(selfAnswer(r, 'User', nextDay).json).age).toBe(36);
  });

  it('drops the chat gag expiration when the gag ends', () => {
    const r = row({ chat_gag_until: NOW + 5000 });
    expect(body(selfAnswer(r, 'User', NOW).json).chatGagExpiration).toBe(NOW + 5000);
    expect(body(selfAnswer(r, 'User', NOW + 4999).json).chatGagExpiration).toBe(NOW + 5000);
    expect(body(selfAnswer(r, 'User', NOW + 5000).json).chatGagExpiration).toBe(0);
  });
});
