import { describe, expect, it } from 'vitest';
import { countOf, PEOPLE } from '../../src/shared/text';

describe('countOf', () => {
  const SPACES = { one: 'space', other: 'spaces' };

  it('gives one its singular and every other count its plural', () => {
    expect(countOf(1, SPACES)).toBe('1 space');
    expect(countOf(0, SPACES)).toBe('0 spaces');
    expect(countOf(2, SPACES)).toBe('2 spaces');
    expect(countOf(1, PEOPLE)).toBe('1 person');
    expect(countOf(12, PEOPLE)).toBe('12 people');
  });

  it('groups thousands and writes a lower bound as given', () => {
    expect(countOf(1234, SPACES)).toBe('1,234 spaces');
    expect(countOf(1000, SPACES, '1,000+')).toBe('1,000+ spaces');
  });
});
