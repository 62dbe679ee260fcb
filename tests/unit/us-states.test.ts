/**
 * The one list of state and territory codes (src/shared/time-zones.ts): what
 * an address may say, each with a real IANA time zone.
 */
import { describe, expect, it } from 'vitest';
import { usStateSchema } from '../../src/shared/schemas/spaces';
import { DEFAULT_TIME_ZONE, findUsStateCode, timeZoneForState, US_STATE_CODES, US_STATES } from '../../src/shared/time-zones';

describe('US state codes', () => {
  it('has the 50 states, DC and the five inhabited territories, and no military or foreign codes', () => {
    expect(US_STATE_CODES).toHaveLength(56);
    for (const code of ['DC', 'AS', 'GU', 'MP', 'PR', 'VI', 'TX', 'AK', 'HI']) expect(US_STATE_CODES).toContain(code);
    for (const code of ['AA', 'AE', 'AP', 'FM', 'MH', 'PW', 'XX']) expect(US_STATE_CODES).not.toContain(code);
    for (const code of US_STATE_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('gives every code a time zone the runtime knows, and lists them by name', () => {
    for (const code of US_STATE_CODES) {
      const { timeZone } = US_STATES[code];
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone }), `${code}: ${timeZone}`).not.toThrow();
      expect(timeZoneForState(code)).toBe(timeZone);
    }
    const names = US_STATE_CODES.map((code) => US_STATES[code].name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(timeZoneForState(' pr ')).toBe('America/Puerto_Rico');
    // Rows saved before codes were checked keep a zone.
    expect(timeZoneForState('Texas')).toBe(DEFAULT_TIME_ZONE);
  });

  it('accepts exactly the codes, in any case, stored in upper case', () => {
    expect(usStateSchema.parse('tx')).toBe('TX');
    expect(usStateSchema.parse(' Vi ')).toBe('VI');
    for (const bad of ['Texas', 'XX', 'AE', 'T', 'TXX', 'toString', '']) expect(usStateSchema.safeParse(bad).success, bad).toBe(false);
    expect(usStateSchema.safeParse('Texas').error?.issues[0]?.message).toBe('Enter a US state code (e.g. TX).');
    expect(usStateSchema.safeParse('').error?.issues[0]?.message).toBe('State is required');
  });

  it('finds a code from a code or a name (the listing form, for listings saved before codes were checked)', () => {
    expect(findUsStateCode('texas')).toBe('TX');
    expect(findUsStateCode(' District of Columbia ')).toBe('DC');
    expect(findUsStateCode('ma')).toBe('MA');
    expect(findUsStateCode('Atlantis')).toBeUndefined();
  });
});
