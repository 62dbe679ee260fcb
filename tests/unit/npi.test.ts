import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidNpi, npiCheckDigit } from '../../src/shared/npi';

describe('NPI check digits (CMS: Luhn with the 80840 prefix)', () => {
  it("gives CMS's published example: 123456789 has check digit 3", () => {
    expect(npiCheckDigit('123456789')).toBe(3);
    expect(isValidNpi('1234567893')).toBe(true);
  });

  it('accepts registered NPIs and refuses a changed digit', () => {
    for (const npi of ['1003000126', '1588667638', '1245319599']) expect(isValidNpi(npi), npi).toBe(true);
    for (const npi of ['1234567890', '1003000127', '1588667683', '123456789', '12345678931', 'abcdefghij'])
      expect(isValidNpi(npi), npi).toBe(false);
  });

  it('ignores spaces and dashes people type', () => {
    expect(isValidNpi('123-456-7893')).toBe(true);
    expect(isValidNpi('1234 567 893')).toBe(true);
  });

  it('catches every single-digit typo (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (body, position, delta) => {
        const npi = `${body}${npiCheckDigit(body)}`;
        expect(isValidNpi(npi)).toBe(true);
        const typo = npi.slice(0, position) + String((Number(npi[position]) + delta) % 10) + npi.slice(position + 1);
        expect(isValidNpi(typo)).toBe(false);
      }),
    );
  });
});
