import { lazy, Suspense, useId, useState } from 'react';
import type { Overview, OverviewFigures } from '@/shared/schemas/overview';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { LoadError, SkeletonRows } from '@/client/components/ui/states';
import { formatAmount } from '@/client/lib/format';
import { useOverview } from '../api/get-overview';

// Recharts is the console's heaviest part: it loads only when the Overview is shown.
const OverviewCharts = lazy(() => import('./overview-charts').then((module) => ({ default: module.OverviewCharts })));

const COLUMNS: { key: keyof OverviewFigures; label: string; money?: boolean }[] = [
  { key: 'bookings', label: 'Bookings' },
  { key: 'grossBookingValue', label: 'Gross booking value', money: true },
  { key: 'platformFees', label: 'Platform fees', money: true },
  { key: 'refunds', label: 'Refunds', money: true },
  { key: 'newUsers', label: 'New users' },
  { key: 'newListings', label: 'New listings' },
];
const cell = (figures: OverviewFigures, column: (typeof COLUMNS)[number]) =>
  column.money ? formatAmount(figures[column.key] as string) : String(figures[column.key]);

/** The figures as a table: one row a period, newest first, and the range's totals. */
function FiguresTable({ caption, rows, totals }: { caption: string; rows: Overview['daily']; totals?: OverviewFigures }) {
  return (
    // Scrollable, so focusable: keyboard users scroll it with the arrow keys.
    <div
      role="region"
      aria-label={`Figures ${caption.toLowerCase()}`}
      tabIndex={0}
      className="max-h-96 overflow-auto rounded-lg border border-slate-200"
    >
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-2 text-left font-medium text-slate-900">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Period
            </th>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col" className="px-3 py-2 text-right font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {totals ? (
            <tr className="bg-slate-50 font-semibold">
              <th scope="row" className="px-3 py-2">
                Total
              </th>
              {COLUMNS.map((column) => (
                <td key={column.key} className="px-3 py-2 text-right tabular-nums">
                  {cell(totals, column)}
                </td>
              ))}
            </tr>
          ) : null}
          {[...rows].reverse().map((row) => (
            <tr key={row.period}>
              <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap">
                {row.period}
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

/**
 * The console's Overview (docs/decisions/032-reports-and-the-overview.md): the range's totals,
 * charts per day and per month, and the same figures as tables. Days are UTC.
 */
export function OverviewPanel() {
  const id = useId();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [draft, setDraft] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const overview = useOverview(range);

  return (
    <section aria-labelledby="console-overview" className="grid gap-6">
      <h2 id="console-overview" className="sr-only">
        Overview
      </h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setRange({ from: draft.from || undefined, to: draft.to || undefined });
        }}
      >
        <div className="grid gap-1">
          <Label htmlFor={`${id}-from`}>From (UTC)</Label>
          <Input id={`${id}-from`} type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-to`}>To (UTC)</Label>
          <Input id={`${id}-to`} type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </form>
      {overview.isPending ? (
        <SkeletonRows label="Loading the overview" rowClassName="h-16" />
      ) : overview.isError ? (
        <LoadError>Failed to load the overview. Check the dates and try again.</LoadError>
      ) : (
        <>
          <dl
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
            aria-busy={overview.isFetching}
            data-testid="overview-totals"
          >
            {COLUMNS.map((column) => (
              <div key={column.key} className="rounded-lg border border-slate-200 p-3">
                <dt className="text-xs text-slate-600">{column.label}</dt>
                <dd className="text-xl font-semibold text-slate-900 tabular-nums">{cell(overview.data.totals, column)}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-slate-600">
            {overview.data.from} to {overview.data.to}. A recurring series counts as one booking, on the day it was paid; refunds count on
            the day of the payment they return.
          </p>
          <Suspense fallback={<SkeletonRows label="Loading the charts" rowClassName="h-64" />}>
            <OverviewCharts overview={overview.data} />
          </Suspense>
          <FiguresTable caption="Per day" rows={overview.data.daily} totals={overview.data.totals} />
          <FiguresTable caption="Per month" rows={overview.data.monthly} />
        </>
      )}
    </section>
  );
}
