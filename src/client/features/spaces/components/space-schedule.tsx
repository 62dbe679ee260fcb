import type { SpaceDetail } from '@/shared/schemas/spaces';
import { formatAmount, periodSuffix } from '@/client/lib/format';
import { bookingRulesText, formatDateRange, groupWeeklyHours } from '../lib/schedule-text';
import { Section } from './space-section';
import { SpaceStandingOffer } from './space-standing-offer';
import { SpaceStayRules } from './space-stay-rules';

/**
 * When the space can be booked (docs/product.md#schedules): the opening hours with weekdays of the
 * same hours grouped, the sessions and their price, the buffer, notice and horizon in words, and
 * the blocked dates from `today` (YYYY-MM-DD, local) on; and the day of the stay's rules (check-in
 * required, the turnover checklist: {@link SpaceStayRules}) and the offer of standing bookings ({@link SpaceStandingOffer}).
 */
export function SpaceSchedule({ space, today }: { space: SpaceDetail; today: string }) {
  const lines = groupWeeklyHours(space.schedule?.weeklyHours);
  const sessions = space.pricePeriod === 'session' ? (space.schedule?.sessions ?? []) : [];
  const rules = bookingRulesText(space.schedule);
  const closures = space.blockedDates.filter((range) => range.end >= today);
  return (
    <Section title="When it's open">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="font-medium text-slate-900">Opening hours</h3>
          {lines ? (
            <dl className="mt-1 grid gap-1 text-slate-700" data-testid="opening-hours">
              {lines.map((line) => (
                <div key={line.days} className="flex flex-wrap gap-x-3">
                  <dt className="min-w-20 font-medium">{line.days}</dt>
                  <dd>{line.hours || 'Closed'}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-1 text-slate-700">Open every day, all day.</p>
          )}
          <p className="mt-1 text-xs text-slate-600">Times are local to the space ({space.timeZone}).</p>
        </div>
        {sessions.length > 0 ? (
          <div>
            <h3 className="font-medium text-slate-900">Sessions</h3>
            <ul className="mt-1 grid gap-1 text-slate-700" data-testid="sessions">
              {sessions.map((session) => (
                <li key={session.name} className="flex flex-wrap gap-x-3">
                  <span className="min-w-20 font-medium">{session.name}</span>
                  <span>
                    {session.start}–{session.end}
                  </span>
                  <span>
                    {formatAmount(space.pricePerDay)}
                    {periodSuffix('session')}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <SpaceStandingOffer space={space} />
        <SpaceStayRules space={space} />
        {rules.length > 0 ? (
          <div>
            <h3 className="font-medium text-slate-900">Booking rules</h3>
            <ul className="mt-1 grid gap-1 text-slate-700">
              {rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {closures.length > 0 ? (
          <div>
            <h3 className="font-medium text-slate-900">Closures</h3>
            <ul className="mt-1 grid gap-1 text-slate-700" data-testid="closures">
              {closures.map((range) => (
                <li key={`${range.start}-${range.end}`}>
                  Closed {formatDateRange(range.start, range.end)}
                  {range.note ? <span className="text-slate-600"> ({range.note})</span> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Section>
  );
}
