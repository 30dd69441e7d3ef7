import { describe, expect, it } from 'vitest';
import { CARD_PHOTO, sizedImage } from '../../ui/member/images';
import { safeLink } from './ProfileView';
import { changesFromForm, formFromUser } from './profileForm';

describe('profile images', () => {
  it('the card photo is resized to 220 at compression 0.75', () => {
    expect(sizedImage('/media/img/u10001%2Fa.jpg', CARD_PHOTO)).toBe('/media/img/u10001%2Fa.jpg?w=220&q=75');
    expect(sizedImage('u10001/a.jpg', CARD_PHOTO)).toBe('/media/img/u10001%2Fa.jpg?w=220&q=75');
  });

  it('a service URL that already has options gets the new ones; other URLs stay', () => {
    expect(sizedImage('/media/img/k.png?w=50', { width: 150, crop: true })).toBe(
      '/media/img/k.png?w=150&crop=1',
    );
    expect(sizedImage('https://cdn.example.com/a.jpg', CARD_PHOTO)).toBe('https://cdn.example.com/a.jpg');
    expect(sizedImage(undefined, CARD_PHOTO)).toBeUndefined();
    expect(sizedImage('', CARD_PHOTO)).toBeUndefined();
  });
});

describe('profile links', () => {
  it('only http(s) links are shown', () => {
    expect(safeLink('example.com/ana')).toBe('https://example.com/ana');
    expect(safeLink('http://example.com')).toBe('http://example.com/');
    expect(safeLink('javascript:alert(1)')).toBeUndefined();
    expect(safeLink('data:text/html,hi')).toBeUndefined();
  });
});

describe('the edit form', () => {
  it('sends every editable field, codes as numbers (0 clears), links without blanks', () => {
    const form = formFromUser({
      uid: 10_001,
      firstName: 'Ana',
      gender: 'f',
      education: 4,
      externalLinks: ['https://ana.example'],
      relationshipPartnerId: 10_002,
      relationshipPartnerName: 'leo',
      imPermission: 1,
      searchProximity: 2,
      city: 'Lima',
      willAcceptVideoCall: true,
      song: 'Bésame mucho',
    });
    expect(form.externalLinks).toHaveLength(5);
    expect(form.partner).toEqual({ uid: 10_002, name: 'leo' });
    const changes = changesFromForm({ ...form, lastName: ' Ruiz ', children: '0', partner: null });
    expect(changes).toEqual({
      firstName: 'Ana',
      lastName: 'Ruiz',
      about: '',
      gender: 'f',
      education: 4,
      ethnicity: 0,
      children: 0,
      lookingFor: 0,
      relationshipStatus: 0,
      relationshipType: 0,
      relationshipPartnerId: 0,
      sexualOrientation: 0,
      externalLinks: ['https://ana.example'],
      imPermission: 1,
      messagePermission: 0,
      pmPermission: 0,
      willAcceptVideoCall: true,
      searchProximity: 2,
      country: '',
      state: '',
      city: 'Lima',
      postalCode: '',
      song: 'Bésame mucho',
    });
  });

  it('sends a phone only when one is typed: blank keeps the stored one', () => {
    const form = formFromUser({ uid: 1 });
    expect(form.phone).toBe('');
    expect(changesFromForm(form)).not.toHaveProperty('phone');
    expect(changesFromForm({ ...form, phone: ' +34 600 111 222 ' }).phone).toBe('+34 600 111 222');
  });

  it('erasing the stored phone sends it empty, whatever is typed', () => {
    const form = formFromUser({ uid: 1 });
    expect(form.removePhone).toBe(false);
    expect(changesFromForm({ ...form, removePhone: true, phone: '600' }).phone).toBe('');
  });

  it('a member who never chose a gender does not send one', () => {
    expect(changesFromForm(formFromUser({ uid: 1 }))).not.toHaveProperty('gender');
  });
});
