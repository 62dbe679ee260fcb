/**
 * The availability filter in the /search URL (docs/product.md#search): kept and written back as
 * the API accepts it, and a broken window in a shared link is dropped rather than failing the page.
 */
import { describe, expect, it } from 'vitest';
import { parseSpaceFilters, serializeSpaceFilters } from '../../src/shared/space-filters';

const parse = (query: string) => parseSpaceFilters(new URLSearchParams(query));

describe('the availability filter in the URL', () => {
  it('keeps a date and its window, and writes them back', () => {
    const filters = parse('availableOn=2019-03-05&availableFrom=08:00&availableTo=12:00');
    expect(filters).toMatchObject({ availableOn: '2019-03-05', availableFrom: '08:00', availableTo: '12:00' });
    expect(serializeSpaceFilters(filters).toString()).toBe('availableOn=2019-03-05&availableFrom=08%3A00&availableTo=12%3A00');
  });

  it('keeps a date alone (any time)', () => {
    const filters = parse('availableOn=2019-03-05');
    expect(filters.availableOn).toBe('2019-03-05');
    expect(filters.availableFrom).toBeUndefined();
  });

  it.each([
    ['availableOn=2019-03-05&availableFrom=12:00&availableTo=08:00', 'an inverted window'],
    ['availableOn=2019-03-05&availableFrom=08:00', 'only a start'],
    ['availableOn=2019-03-05&availableFrom=08:10&availableTo=12:00', 'a time off the step'],
  ])('drops %s (%s) but keeps the date', (query) => {
    const filters = parse(query);
    expect(filters.availableOn).toBe('2019-03-05');
    expect(filters.availableFrom).toBeUndefined();
    expect(filters.availableTo).toBeUndefined();
  });

  it('drops a window without a date, and a date that does not exist', () => {
    const timesOnly = parse('availableFrom=08:00&availableTo=12:00');
    expect(timesOnly.availableOn).toBeUndefined();
    expect(timesOnly.availableFrom).toBeUndefined();
    expect(parse('availableOn=2019-02-30').availableOn).toBeUndefined();
  });
});
