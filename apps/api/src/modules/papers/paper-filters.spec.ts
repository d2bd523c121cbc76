import { CHAIR_PAPER_MESSAGES } from '@symposium/domain';
import { parseIds, parsePage, parsePaperFilters, parseSort } from './paper-filters.js';

describe('parsePaperFilters', () => {
  it('drops filters whose value is null, empty text or an empty list', () => {
    expect(
      parsePaperFilters([
        { name: 'track', value: '' },
        { name: 'status', value: [] },
        { name: 'isDeleted', value: null },
        { name: 'updatedAt', value: { from: '', to: null } },
      ]),
    ).toEqual([]);
  });

  it('turns one id into a list and removes duplicates', () => {
    expect(parsePaperFilters([{ name: 'track', value: 3 }])).toEqual([{ name: 'track', value: [3] }]);
    expect(parsePaperFilters([{ name: 'status', value: [2, '2', 5] }])).toEqual([
      { name: 'status', value: [2, 5] },
    ]);
  });

  it('makes a day without time include the whole day', () => {
    const [f] = parsePaperFilters([{ name: 'updatedAt', value: { to: '2024-03-01' } }]);
    expect(f).toEqual({
      name: 'updatedAt',
      value: { to: new Date('2024-03-02T00:00:00Z'), toExclusive: true },
    });
  });

  it('answers an unparsable date with the Last Modified Time Filter message', () => {
    expect(() => parsePaperFilters([{ name: 'updatedAt', value: { from: 'soon' } }])).toThrow(
      CHAIR_PAPER_MESSAGES.invalidLastModified,
    );
  });

  it('refuses names outside the whitelist', () => {
    expect(() => parsePaperFilters([{ name: 'title; drop table papers', value: 1 }])).toThrow(
      /Unknown filter/,
    );
  });
});

describe('parseSort, parsePage and parseIds', () => {
  it('accepts whitelisted sort fields only', () => {
    expect(parseSort({ field: 'title', order: 'desc' })).toEqual({ field: 'title', order: 'desc' });
    expect(() => parseSort({ field: 'papers.id desc; --', order: 'asc' })).toThrow(/Sort by one of/);
  });

  it('defaults to the first page of 100 and caps the page size at 1000', () => {
    expect(parsePage(undefined, undefined)).toEqual({ offset: 0, limit: 100 });
    expect(parsePage(3, 50)).toEqual({ offset: 100, limit: 50 });
    expect(() => parsePage(1, 1001)).toThrow(/page size/);
  });

  it('requires a non-empty list of ids when asked', () => {
    expect(parseIds([4, 4, 7], { required: true })).toEqual([4, 7]);
    expect(parseIds(undefined, { required: false })).toBeUndefined();
    expect(() => parseIds([], { required: true })).toThrow(/list of paper ids/);
    expect(() => parseIds(['1'], { required: false })).toThrow(/list of paper ids/);
  });
});
