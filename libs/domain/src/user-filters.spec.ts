import {
  coerceUserFilterValue,
  escapeLike,
  hasFilterValue,
  InvalidUserFilterError,
  isUserFilterName,
  isUserSortField,
  parseUserFilters,
  formulaLike,
  USER_FILTER_MESSAGES,
  USER_FILTER_TYPES,
} from './user-filters.js';
import { USER_FILTER_FIELDS } from './models.js';

const invalid = (filters: unknown) => {
  try {
    parseUserFilters(filters);
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidUserFilterError);
    expect((e as Error).message).toBe('Invalid filter');
    return (e as InvalidUserFilterError).reason;
  }
  throw new Error('expected the filters to be refused');
};

describe('§5 user filters', () => {
  it('knows a type for every whitelisted field and for the two track lists', () => {
    for (const f of USER_FILTER_FIELDS) expect(USER_FILTER_TYPES[f]).toBeDefined();
    expect(USER_FILTER_TYPES['roles.reviewer.tracks']).toBe('track');
    expect(USER_FILTER_TYPES['roles.coChair.tracks']).toBe('track');
  });

  it('ignores filters without a value (undefined, null, empty or blank string)', () => {
    expect(
      parseUserFilters([
        { name: 'email', operator: 'Contains' },
        { name: 'email', operator: 'Contains', value: null },
        { name: 'email', operator: 'Contains', value: '' },
        { name: 'email', operator: 'Contains', value: '   ' },
      ]),
    ).toEqual([]);
    expect(hasFilterValue(0)).toBe(true);
    expect(hasFilterValue(false)).toBe(true);
  });

  it('treats a missing list as no filters and refuses anything that is not a list', () => {
    expect(parseUserFilters(undefined)).toEqual([]);
    expect(parseUserFilters(null)).toEqual([]);
    expect(invalid({ name: 'email' })).toBe('filters must be a list');
    expect(invalid(['email'])).toBe('a filter must be an object');
  });

  it('accepts every operator on text fields and trims the value', () => {
    for (const operator of ['=', '<>', '>', '<', '>=', '<=', 'Contains'])
      expect(parseUserFilters([{ name: 'lastName', operator, value: ' Silva ' }])).toEqual([
        { name: 'lastName', type: 'string', operator, value: 'Silva' },
      ]);
  });

  it('lowercases e-mail values, as e-mails are stored lowercased', () => {
    expect(parseUserFilters([{ name: 'email', operator: '=', value: ' Ana@Example.ORG' }])[0]!.value).toBe(
      'ana@example.org',
    );
  });

  it('refuses names outside the whitelist, including hostile ones', () => {
    expect(invalid([{ name: 'email; drop table users', operator: '=', value: 'x' }])).toBe(
      'unknown filter name',
    );
    expect(invalid([{ name: 'password_hash', operator: '=', value: 'x' }])).toBe('unknown filter name');
    expect(invalid([{ name: '__proto__', operator: '=', value: 'x' }])).toBe('unknown filter name');
    expect(invalid([{ name: 'constructor', operator: '=', value: 'x' }])).toBe('unknown filter name');
    expect(invalid([{ name: 42, operator: '=', value: 'x' }])).toBe('unknown filter name');
    expect(isUserFilterName('roles.coChair.is')).toBe(true);
    expect(isUserFilterName('roles.coChair')).toBe(false);
  });

  it('refuses unknown operators and operators that make no sense for the type', () => {
    expect(invalid([{ name: 'email', operator: 'LIKE', value: 'x' }])).toBe('operator not allowed for email');
    expect(invalid([{ name: 'email', operator: undefined, value: 'x' }])).toBe(
      'operator not allowed for email',
    );
    expect(invalid([{ name: 'lock.status', operator: '>', value: 'true' }])).toBe(
      'operator not allowed for lock.status',
    );
    expect(invalid([{ name: '_id', operator: 'Contains', value: '1' }])).toBe('operator not allowed for _id');
    expect(invalid([{ name: 'roles.reviewer.tracks', operator: '>', value: 1 }])).toBe(
      'operator not allowed for roles.reviewer.tracks',
    );
  });

  it('refuses unknown properties on a filter', () => {
    expect(invalid([{ name: 'email', operator: '=', value: 'x', sql: '1=1' }])).toBe('unknown property sql');
  });

  it('converts booleans from true/false (any case) and refuses anything else', () => {
    expect(parseUserFilters([{ name: 'roles.coChair.is', operator: '=', value: 'TRUE' }])[0]!.value).toBe(
      true,
    );
    expect(parseUserFilters([{ name: 'notify', operator: '<>', value: false }])[0]!.value).toBe(false);
    expect(invalid([{ name: 'notify', operator: '=', value: 'yes' }])).toBe('value is not a valid boolean');
    expect(invalid([{ name: 'notify', operator: '=', value: 1 }])).toBe('value is not a valid boolean');
  });

  it('converts integers and refuses fractions, words and values beyond a database integer', () => {
    expect(parseUserFilters([{ name: '_id', operator: '>=', value: '12' }])[0]!.value).toBe(12);
    expect(parseUserFilters([{ name: 'roles.reviewer.count', operator: '<', value: 3 }])[0]!.value).toBe(3);
    expect(invalid([{ name: '_id', operator: '=', value: '1.5' }])).toBe('value is not a valid integer');
    expect(invalid([{ name: '_id', operator: '=', value: 'abc' }])).toBe('value is not a valid integer');
    expect(invalid([{ name: '_id', operator: '=', value: 2.5 }])).toBe('value is not a valid integer');
    expect(invalid([{ name: '_id', operator: '=', value: '99999999999' }])).toBe(
      'value is not a valid integer',
    );
  });

  it('takes a positive track id for the track lists', () => {
    expect(parseUserFilters([{ name: 'roles.reviewer.tracks', operator: '=', value: '3' }])).toEqual([
      { name: 'roles.reviewer.tracks', type: 'track', operator: '=', value: 3 },
    ]);
    expect(invalid([{ name: 'roles.coChair.tracks', operator: '=', value: 0 }])).toBe(
      'value is not a valid track',
    );
  });

  it('reads a calendar date as the whole UTC day and a timestamp as that instant', () => {
    const [day] = parseUserFilters([{ name: 'createdAt', operator: '=', value: '2024-02-29' }]);
    expect(day!.value).toEqual({
      from: new Date('2024-02-29T00:00:00Z'),
      to: new Date('2024-03-01T00:00:00Z'),
    });
    const [instant] = parseUserFilters([
      { name: 'createdAt', operator: '>', value: '2024-02-29T10:00:00.000Z' },
    ]);
    expect(instant!.value).toEqual({
      from: new Date('2024-02-29T10:00:00.000Z'),
      to: new Date('2024-02-29T10:00:00.001Z'),
    });
    expect(invalid([{ name: 'createdAt', operator: '=', value: '2023-02-29' }])).toBe(
      'value is not a valid date',
    );
    expect(invalid([{ name: 'createdAt', operator: '=', value: 'yesterday' }])).toBe(
      'value is not a valid date',
    );
    expect(invalid([{ name: 'createdAt', operator: 'Contains', value: '2024' }])).toBe(
      'operator not allowed for createdAt',
    );
  });

  it('refuses values that are objects or lists', () => {
    expect(coerceUserFilterValue('string', { $ne: '' })).toBeUndefined();
    expect(invalid([{ name: 'firstName', operator: '=', value: ['a'] }])).toBe('value is not a valid string');
  });

  it('reports the position of the offending filter', () => {
    try {
      parseUserFilters([
        { name: 'email', operator: '=', value: 'a@b.c' },
        { name: 'nope', operator: '=', value: 'x' },
      ]);
    } catch (e) {
      expect((e as InvalidUserFilterError).index).toBe(1);
    }
    expect.assertions(1);
  });

  it('sorts only by whitelisted fields', () => {
    expect(isUserSortField('lastName')).toBe(true);
    expect(isUserSortField('roles.reviewer.tracks')).toBe(false);
    expect(isUserSortField('last_name desc; --')).toBe(false);
    expect(USER_FILTER_MESSAGES.invalidSort).toBe('Invalid sort');
  });

  it('escapes LIKE wildcards so Contains matches them literally', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it('keeps spreadsheet text from becoming a formula', () => {
    expect(formulaLike('=HYPERLINK("x")')).toBe(true);
    expect(formulaLike('+351 123')).toBe(true);
    expect(formulaLike('-1')).toBe(true);
    expect(formulaLike('@SUM(A1)')).toBe(true);
    expect(formulaLike('\tx')).toBe(true);
    expect(formulaLike('\rx')).toBe(true);
    expect(formulaLike('Ana')).toBe(false);
  });
});
