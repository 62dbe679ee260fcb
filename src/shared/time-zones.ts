/**
 * The US states and territories a space can be in, by USPS code, each with
 * its name and the IANA time zone its local days are counted in
 * (docs/decisions/003-bookings-as-ranges.md). This is the one list: the
 * address schemas accept exactly these codes, so every space has a time zone.
 * States split across zones use the zone of most of their population; that is
 * the zone the owner's calendar is kept in.
 *
 * Codes: USPS Publication 28, appendix B (https://pe.usps.com/text/pub28/28apb.htm):
 * the 50 states, DC and the five inhabited territories. The military codes
 * (AA, AE, AP) are mail routes, not places with a clock, and the freely
 * associated states (FM, MH, PW) are not US territory: neither is accepted.
 * Sorted by name, as a select lists them.
 */
export const US_STATES = {
  AL: { name: 'Alabama', timeZone: 'America/Chicago' },
  AK: { name: 'Alaska', timeZone: 'America/Anchorage' },
  AS: { name: 'American Samoa', timeZone: 'Pacific/Pago_Pago' },
  AZ: { name: 'Arizona', timeZone: 'America/Phoenix' },
  AR: { name: 'Arkansas', timeZone: 'America/Chicago' },
  CA: { name: 'California', timeZone: 'America/Los_Angeles' },
  CO: { name: 'Colorado', timeZone: 'America/Denver' },
  CT: { name: 'Connecticut', timeZone: 'America/New_York' },
  DE: { name: 'Delaware', timeZone: 'America/New_York' },
  DC: { name: 'District of Columbia', timeZone: 'America/New_York' },
  FL: { name: 'Florida', timeZone: 'America/New_York' },
  GA: { name: 'Georgia', timeZone: 'America/New_York' },
  GU: { name: 'Guam', timeZone: 'Pacific/Guam' },
  HI: { name: 'Hawaii', timeZone: 'Pacific/Honolulu' },
  ID: { name: 'Idaho', timeZone: 'America/Boise' },
  IL: { name: 'Illinois', timeZone: 'America/Chicago' },
  IN: { name: 'Indiana', timeZone: 'America/Indiana/Indianapolis' },
  IA: { name: 'Iowa', timeZone: 'America/Chicago' },
  KS: { name: 'Kansas', timeZone: 'America/Chicago' },
  KY: { name: 'Kentucky', timeZone: 'America/New_York' },
  LA: { name: 'Louisiana', timeZone: 'America/Chicago' },
  ME: { name: 'Maine', timeZone: 'America/New_York' },
  MD: { name: 'Maryland', timeZone: 'America/New_York' },
  MA: { name: 'Massachusetts', timeZone: 'America/New_York' },
  MI: { name: 'Michigan', timeZone: 'America/Detroit' },
  MN: { name: 'Minnesota', timeZone: 'America/Chicago' },
  MS: { name: 'Mississippi', timeZone: 'America/Chicago' },
  MO: { name: 'Missouri', timeZone: 'America/Chicago' },
  MT: { name: 'Montana', timeZone: 'America/Denver' },
  NE: { name: 'Nebraska', timeZone: 'America/Chicago' },
  NV: { name: 'Nevada', timeZone: 'America/Los_Angeles' },
  NH: { name: 'New Hampshire', timeZone: 'America/New_York' },
  NJ: { name: 'New Jersey', timeZone: 'America/New_York' },
  NM: { name: 'New Mexico', timeZone: 'America/Denver' },
  NY: { name: 'New York', timeZone: 'America/New_York' },
  NC: { name: 'North Carolina', timeZone: 'America/New_York' },
  ND: { name: 'North Dakota', timeZone: 'America/Chicago' },
  MP: { name: 'Northern Mariana Islands', timeZone: 'Pacific/Saipan' },
  OH: { name: 'Ohio', timeZone: 'America/New_York' },
  OK: { name: 'Oklahoma', timeZone: 'America/Chicago' },
  OR: { name: 'Oregon', timeZone: 'America/Los_Angeles' },
  PA: { name: 'Pennsylvania', timeZone: 'America/New_York' },
  PR: { name: 'Puerto Rico', timeZone: 'America/Puerto_Rico' },
  RI: { name: 'Rhode Island', timeZone: 'America/New_York' },
  SC: { name: 'South Carolina', timeZone: 'America/New_York' },
  SD: { name: 'South Dakota', timeZone: 'America/Chicago' },
  TN: { name: 'Tennessee', timeZone: 'America/Chicago' },
  TX: { name: 'Texas', timeZone: 'America/Chicago' },
  VI: { name: 'U.S. Virgin Islands', timeZone: 'America/St_Thomas' },
  UT: { name: 'Utah', timeZone: 'America/Denver' },
  VT: { name: 'Vermont', timeZone: 'America/New_York' },
  VA: { name: 'Virginia', timeZone: 'America/New_York' },
  WA: { name: 'Washington', timeZone: 'America/Los_Angeles' },
  WV: { name: 'West Virginia', timeZone: 'America/New_York' },
  WI: { name: 'Wisconsin', timeZone: 'America/Chicago' },
  WY: { name: 'Wyoming', timeZone: 'America/Denver' },
} as const satisfies Record<string, { name: string; timeZone: string }>;

/** A USPS state or territory code we accept (a key of {@link US_STATES}). */
export type UsStateCode = keyof typeof US_STATES;

/** Every accepted code, in the order of {@link US_STATES} (by name). */
export const US_STATE_CODES = Object.keys(US_STATES) as UsStateCode[];

/** Whether `code` is exactly one of {@link US_STATE_CODES} (upper case, no spaces). */
export function isUsStateCode(code: string): code is UsStateCode {
  return Object.hasOwn(US_STATES, code);
}

/** The code of a state given by code or by name, in any case ("tx", "Texas"); undefined when it is neither. */
export function findUsStateCode(text: string): UsStateCode | undefined {
  const wanted = text.trim().toUpperCase();
  if (isUsStateCode(wanted)) return wanted;
  return US_STATE_CODES.find((code) => US_STATES[code].name.toUpperCase() === wanted);
}

/** Fallback zone for a state we do not know (rows saved before state codes were checked). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** The IANA time zone of a US state code (case-insensitive); {@link DEFAULT_TIME_ZONE} when unknown. */
export function timeZoneForState(state: string): string {
  const code = state.trim().toUpperCase();
  return isUsStateCode(code) ? US_STATES[code].timeZone : DEFAULT_TIME_ZONE;
}

/** A zone for people: "Eastern Time (America/New_York)"; the id alone when the runtime has no name for it. */
export function timeZoneName(timeZone: string): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name && name !== timeZone ? `${name} (${timeZone})` : timeZone;
  } catch {
    return timeZone;
  }
}
