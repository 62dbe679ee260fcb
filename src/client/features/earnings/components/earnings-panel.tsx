import { format } from 'date-fns';
import { CalendarRange, Download, Wallet } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { defaultEarningsRange, type Earnings, type EarningsFigures, type EarningsPayment } from '@/shared/schemas/earnings';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { EmptyState, LoadError, SkeletonRows } from '@/client/components/ui/states';
import { isApiError } from '@/client/lib/api-client';
import { formatAmount } from '@/client/lib/format';
import { paths } from '@/client/lib/paths';
import { earningsCsvPath, useEarnings, type EarningsRange } from '../api/get-earnings';
import { monthLabel, occupancyText, PAYOUT_STATE_TEXT, rateText, stayDate } from '../lib/labels';

// Recharts is heavy: it loads only with the Earnings tab, asked for as the tab opens (beside the earnings'
// request, not after its answer) so the chart is ready when the figures come.
const loadEarningsChart = () => import('./earnings-chart');
const EarningsChart = lazy(() => loadEarningsChart().then((module) => ({ default: module.EarningsChart })));

const COLUMNS: { key: keyof EarningsFigures; label: string; money: boolean }[] = [
  { key: 'stays', label: 'Stays', money: false },
  { key: 'gross', label: 'Paid by renters', money: true },
  { key: 'platformFees', label: 'Platform fee', money: true },
  { key: 'refunds', label: 'Refunds', money: true },
  { key: 'earnings', label: 'Earnings', money: true },
];
const cell = (figures: EarningsFigures, column: (typeof COLUMNS)[number]) =>
  column.money ? formatAmount(figures[column.key] as string) : String(figures[column.key]);
const hasMoney = (figures: EarningsFigures) => figures.stays > 0 || figures.gross !== '0.00';

/**
 * The owner's Earnings tab (docs/decisions/034-owner-earnings.md): a range (by default the last 12
 * months through the next 3), its earnings by month as a chart and a table, what was paid out,
 * what is owed, the stays ahead, each space's occupancy, and the range as a CSV file.
 */
export function EarningsPanel({ userId }: { userId: string }) {
  const id = useId();
  const [range, setRange] = useState<EarningsRange>(() => defaultEarningsRange(format(new Date(), 'yyyy-MM-dd')));
  const [draft, setDraft] = useState<EarningsRange>(range);
  const earnings = useEarnings(userId, range);
  useEffect(() => {
    // A failed early load is not reported here: the chart's own load, when it renders, tries again and says so.
    loadEarningsChart().catch(() => undefined);
  }, []);

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-lg leading-tight font-semibold text-slate-900">
          Earnings
        </h2>
        <form
          className="flex flex-wrap items-end gap-3"
          aria-label="Earnings range"
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.from && draft.to) setRange(draft);
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="date"
              required
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="date"
              required
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            />
          </div>
          <Button type="submit" variant="outline">
            <CalendarRange aria-hidden="true" />
            Show
          </Button>
          <Button asChild variant="outline">
            <a href={earningsCsvPath(userId, range)} download data-testid="earnings-csv">
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        </form>
      </div>

      {earnings.isPending ? (
        <SkeletonRows label="Loading earnings" rowClassName="h-24" />
      ) : earnings.isError ? (
        <LoadError>
          {isApiError(earnings.error, 400)
            ? `Check the dates: ${earnings.error.serverIssues[0]?.message ?? earnings.error.serverMessage ?? 'the range is not valid.'}`
            : 'Failed to load earnings. Please try again later.'}
        </LoadError>
      ) : !earnings.data.hasSpaces ? (
        <EmptyState
          icon={Wallet}
          title="No spaces yet"
          action={
            <Button asChild>
              <Link href={paths.listSpace()}>List Your Space</Link>
            </Button>
          }
        >
          Your earnings appear here once you list a space and it is booked.
        </EmptyState>
      ) : (
        <EarningsView earnings={earnings.data} busy={earnings.isFetching} />
      )}
    </section>
  );
}

function EarningsView({ earnings, busy }: { earnings: Earnings; busy: boolean }) {
  const zones = new Map(earnings.occupancy.map((row) => [row.spaceId, row.timeZone]));
  return (
    <div className="grid gap-6" aria-busy={busy}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="earnings-summary">
        <Figure label="Earnings in the range" value={formatAmount(earnings.totals.earnings)} />
        <Figure label="Paid out in the range" value={formatAmount(earnings.paidOut.amount)} />
        <Figure label="Owed to you" value={formatAmount(earnings.owed.amount)} />
        <Figure
          label="Upcoming"
          value={formatAmount(earnings.upcoming.amount)}
          note={`${earnings.upcoming.stays} ${earnings.upcoming.stays === 1 ? 'stay' : 'stays'} ahead`}
        />
      </dl>

      <Card>
        <CardContent className="grid gap-4 pt-5">
          <h3 className="font-semibold text-slate-900">By month</h3>
          <p className="text-sm text-slate-600">
            Each stay counts in the month it starts, after the platform fee, with refunds subtracted. {earnings.from} to {earnings.to}.
          </p>
          {hasMoney(earnings.totals) ? (
            <Suspense fallback={<SkeletonRows label="Loading the chart" count={1} rowClassName="h-56" />}>
              <EarningsChart monthly={earnings.monthly} />
            </Suspense>
          ) : (
            <EmptyState icon={CalendarRange} title="No bookings in this range">
              Paid bookings of your spaces show here by the month they start.
            </EmptyState>
          )}
          <MonthlyTable earnings={earnings} />
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <PaymentList
          title="Upcoming payouts"
          description="What renters have paid for stays still ahead. A cancellation may refund part of it under your policy."
          empty="No paid stays ahead."
          payments={earnings.upcoming.payments}
          zones={zones}
          testId="earnings-upcoming"
        />
        <PaymentList
          title="Owed to you"
          description={
            <>
              Paid while your payout setup was unfinished: it is sent once your{' '}
              <Link href={paths.paymentsConnect()} className="font-medium text-blue-700 underline underline-offset-2">
                payout account
              </Link>{' '}
              can receive it.
            </>
          }
          empty="Nothing is owed to you."
          payments={earnings.owed.payments}
          zones={zones}
          testId="earnings-owed"
        />
      </div>

      <Card>
        <CardContent className="grid gap-3 pt-5">
          <h3 className="font-semibold text-slate-900">Occupancy</h3>
          <p className="text-sm text-slate-600">Booked time over the time each space was open in the range, by its schedule.</p>
          <ul className="grid gap-3" aria-label="Occupancy per space" data-testid="earnings-occupancy">
            {earnings.occupancy.map((row) => (
              <li key={row.spaceId} className="grid gap-1">
                <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                  <span className="font-medium text-slate-900">{row.title}</span>
                  <span className="text-slate-700 tabular-nums">
                    {rateText(row.rate)} <span className="text-slate-600">({occupancyText(row)})</span>
                  </span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                  <div className="h-full rounded-full bg-teal-700" style={{ width: `${Math.round((row.rate ?? 0) * 100)}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-slate-600">{note}</dd> : null}
    </div>
  );
}

/** Months newest first under the range's totals; scrollable on narrow screens (focusable, for the keyboard). */
function MonthlyTable({ earnings }: { earnings: Earnings }) {
  return (
    <div role="region" aria-label="Earnings by month" tabIndex={0} className="max-h-96 overflow-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm" data-testid="earnings-months">
        <thead className="sticky top-0 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Month
            </th>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          <tr className="bg-slate-50 font-semibold">
            <th scope="row" className="px-3 py-2">
              Total
            </th>
            {COLUMNS.map((column) => (
              <td key={column.key} className="px-3 py-2 text-right tabular-nums">
                {cell(earnings.totals, column)}
              </td>
            ))}
          </tr>
          {[...earnings.monthly].reverse().map((row) => (
            <tr key={row.month}>
              <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap">
                {monthLabel(row.month)}
              </th>
              {COLUMNS.map((column) => (
                <td key={column.key} className="px-3 py-2 text-right tabular-nums">
                  {cell(row, column)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PaymentList({
  title,
  description,
  empty,
  payments,
  zones,
  testId,
}: {
  title: string;
  description: ReactNode;
  empty: string;
  payments: EarningsPayment[];
  zones: Map<string, string>;
  testId: string;
}) {
  return (
    <Card>
      <CardContent className="grid gap-3 pt-5">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="text-sm text-slate-600">{description}</p>
        {payments.length === 0 ? (
          <p className="text-sm text-slate-600">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label={title} data-testid={testId}>
            {payments.map((payment) => (
              <li
                key={`${payment.bookingId}-${payment.startAt}`}
                className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm"
              >
                <div className="grid">
                  <span className="font-medium text-slate-900">{payment.spaceTitle}</span>
                  <span className="text-slate-600">
                    {stayDate(payment.startAt, zones.get(payment.spaceId))}
                    {payment.stays > 1 ? `, ${payment.stays} stays` : ''} · {PAYOUT_STATE_TEXT[payment.state]}
                  </span>
                </div>
                <span className="font-semibold text-slate-900 tabular-nums">{formatAmount(payment.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
