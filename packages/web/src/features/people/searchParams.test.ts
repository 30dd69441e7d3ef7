import { describe, expect, it } from 'vitest';
import { paramsFromForm } from './SearchFilters';
import { dropEmpty, paramsFromQuery, queryFromParams } from './searchParams';

describe('advanced search params', () => {
  it('drops null, undefined, -1, blank and NaN; keeps zero, false and real values; trims text', () => {
    expect(
      dropEmpty({
        city: '  Sevilla ',
        state: '   ',
        country: '',
        education: -1,
        children: null,
        lookingFor: undefined,
        minAge: Number.NaN,
        maxAge: 0,
        photosOnly: false,
        verified: true,
        about: '-1',
        gender: 'f',
      }),
    ).toEqual({ city: 'Sevilla', maxAge: 0, photosOnly: false, verified: true, gender: 'f' });
  });

  it('reads the page URL into typed params, ignoring junk', () => {
    const query = new URLSearchParams(
      'gender=f&minAge=25&maxAge=&status=-1&orient=2&photosOnly=true&verified=0&nearMe=maybe&sortBy=NAME_ASC&city=%20&tab=search&userName=ana',
    );
    expect(paramsFromQuery(query)).toEqual({
      gender: 'f',
      minAge: 25,
      orient: 2,
      photosOnly: true,
      verified: false,
      sortBy: 'NAME_ASC',
      userName: 'ana',
    });
    expect(paramsFromQuery(new URLSearchParams('gender=x&sortBy=RANDOM'))).toEqual({});
  });

  it('writes only the non-empty params back to the URL, round-tripping', () => {
    const params = { gender: 'm' as const, minAge: 30, city: 'Lima', photosOnly: true, education: -1 };
    const query = queryFromParams(params);
    expect(query.toString()).toBe('gender=m&minAge=30&city=Lima&photosOnly=true');
    expect(paramsFromQuery(query)).toEqual({ gender: 'm', minAge: 30, city: 'Lima', photosOnly: true });
  });

  it('the filter form: empty choices and unticked boxes are dropped, numbers parsed', () => {
    expect(
      paramsFromForm({
        gender: '',
        minAge: '18',
        maxAge: '',
        lookingFor: '2',
        status: '',
        education: '-1',
        photosOnly: true,
        verified: false,
        nearMe: false,
        city: ' Quito ',
        sortBy: 'LAST_UPDATE_DESC',
      }),
    ).toEqual({ minAge: 18, lookingFor: 2, photosOnly: true, city: 'Quito', sortBy: 'LAST_UPDATE_DESC' });
    expect(paramsFromForm({})).toEqual({});
  });
});
