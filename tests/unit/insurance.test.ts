/**
 * The pure rules of certificates of insurance and licence states
 * (docs/decisions/030-insurance-certificates-and-licence-states.md): a booking's last day, what a
 * certificate covers, which expiry notice is due, and the licence-state warning.
 */
import { describe, expect, it } from 'vitest';
import {
  bookingLastDay,
  certificateCovers,
  dueExpiryNotice,
  earliestUsToday,
  licenceStatesOf,
  licenceStateWarning,
} from '../../src/shared/insurance';

describe('a booking’s last day', () => {
  it('is the local day of its last moment: an exclusive midnight end belongs to the day before', () => {
    // 2019-03-12 00:00 in New York (EDT, UTC-4) is 04:00 UTC.
    expect(bookingLastDay(new Date('2019-03-12T04:00:00Z'), 'America/New_York')).toBe('2019-03-11');
    // An hourly booking ending at 17:00 local.
    expect(bookingLastDay(new Date('2019-03-12T21:00:00Z'), 'America/New_York')).toBe('2019-03-12');
    expect(bookingLastDay(new Date('2019-03-12T04:00:00Z'), 'America/Los_Angeles')).toBe('2019-03-11');
  });

  it('is covered by a certificate expiring on it or later, never by none', () => {
    expect(certificateCovers('2019-03-11', '2019-03-11')).toBe(true);
    expect(certificateCovers('2019-03-10', '2019-03-11')).toBe(false);
    expect(certificateCovers(null, '2019-03-11')).toBe(false);
  });

  it('counts "today" where the US day ends last (American Samoa)', () => {
    expect(earliestUsToday(new Date('2019-03-12T05:00:00Z'))).toBe('2019-03-11');
    expect(earliestUsToday(new Date('2019-03-12T12:00:00Z'))).toBe('2019-03-12');
  });
});

describe('expiry notices', () => {
  it('are due 30 days, then 7 days, before the expiry, and not after it', () => {
    expect(dueExpiryNotice('2019-05-01', '2019-03-31')).toBeNull();
    expect(dueExpiryNotice('2019-05-01', '2019-04-01')).toBe(30);
    expect(dueExpiryNotice('2019-05-01', '2019-04-23')).toBe(30);
    expect(dueExpiryNotice('2019-05-01', '2019-04-24')).toBe(7);
    expect(dueExpiryNotice('2019-05-01', '2019-05-01')).toBe(7);
    expect(dueExpiryNotice('2019-05-01', '2019-05-02')).toBeNull();
  });
});

describe('licence states', () => {
  it('are the USPS codes the registry names, once each', () => {
    expect(licenceStatesOf(['ny', 'MA', null, 'NY', 'ZZ', ' ca '])).toEqual(['CA', 'MA', 'NY']);
  });

  it('warn when the space is in a state without a verified licence, and not otherwise', () => {
    expect(licenceStateWarning({ verified: true, licenseStates: ['MA', 'NY'] }, 'ny')).toBeNull();
    expect(licenceStateWarning({ verified: true, licenseStates: ['MA', 'NY'] }, 'TX')).toBe(
      'This space is in Texas; the verified licence on file is for MA, NY. Make sure you may practise in Texas.',
    );
    expect(licenceStateWarning({ verified: false, licenseStates: [] }, 'TX')).toBe(
      'No verified licence is on file for Texas, where this space is. Make sure you may practise there.',
    );
  });
});
