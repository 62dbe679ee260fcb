/**
 * The demo spaces' schedules (docs/product.md#schedules): rooms sold by the session open
 * weekday mornings and afternoons, dental suites keep office hours Monday to Friday, other
 * rooms let by the hour open long weekdays and Saturday mornings; daily and monthly spaces are
 * open every day. Some spaces close over the winter holidays ({@link holidayClosures}).
 * Pure and deterministic, like the rest of the demo data.
 */
import type { PricingPeriod, SpaceType, Weekday } from '../../shared/constants';
import type { BlockedDate, OpeningInterval, Schedule, WeeklyHours } from '../../shared/schemas/schedules';

/** The seeded random choices the demo data makes (`createRandom` in demo-data.ts). */
interface Random {
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

const WEEKDAYS_MON_FRI: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

function hours(days: Weekday[], intervals: OpeningInterval[], extra: Partial<WeeklyHours> = {}): WeeklyHours {
  return { ...Object.fromEntries(days.map((day) => [day, intervals])), ...extra };
}

const MORNING = { name: 'Morning', start: '08:00', end: '12:00' };
const AFTERNOON = { name: 'Afternoon', start: '13:00', end: '17:00' };
const EVENING = { name: 'Evening', start: '17:00', end: '21:00' };

/** The schedule of a demo space of `type` priced per `period`, or null (open every day, all day). */
export function chooseSchedule(type: SpaceType, period: PricingPeriod, random: Random): Schedule | null {
  if (period === 'session') {
    const evenings = random.chance(0.3);
    const day = evenings
      ? [
          { start: '08:00', end: '12:00' },
          { start: '13:00', end: '21:00' },
        ]
      : [
          { start: '08:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ];
    const saturday = random.chance(0.3) ? { sat: [{ start: '08:00', end: '12:00' }] } : {};
    return {
      weeklyHours: hours(WEEKDAYS_MON_FRI, day, saturday),
      sessions: evenings ? [MORNING, AFTERNOON, EVENING] : [MORNING, AFTERNOON],
      bufferMinutes: random.pick([0, 15, 30]),
      minNoticeHours: random.pick([12, 24, 48]),
      maxAdvanceDays: random.pick([90, 180, 365]),
    };
  }
  if (period === 'hourly') {
    const office = type === 'Dental Suite' ? [{ start: '08:00', end: '18:00' }] : [{ start: '07:00', end: '19:00' }];
    const saturday = type === 'Dental Suite' ? {} : { sat: [{ start: '08:00', end: '13:00' }] };
    return {
      weeklyHours: hours(WEEKDAYS_MON_FRI, office, saturday),
      sessions: [],
      bufferMinutes: type === 'Dental Suite' || type === 'Surgical Suite' ? 30 : random.pick([0, 15]),
      minNoticeHours: random.pick([0, 2, 24]),
      maxAdvanceDays: 365,
    };
  }
  return null;
}

/**
 * The winter holidays a space closes for, from `today` (YYYY-MM-DD) on: the coming
 * December 24-26 and December 31 - January 1.
 */
export function holidayClosures(today: string): BlockedDate[] {
  const year = Number(today.slice(0, 4));
  const closures = (y: number): BlockedDate[] => [
    { start: `${y}-12-24`, end: `${y}-12-26`, note: 'Closed for the holidays' },
    { start: `${y}-12-31`, end: `${y + 1}-01-01`, note: 'Closed for New Year' },
  ];
  return [...closures(year - 1), ...closures(year)].filter((range) => range.end >= today).slice(0, 2);
}
