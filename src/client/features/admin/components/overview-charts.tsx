import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Overview } from '@/shared/schemas/overview';

type Row = Overview['daily'][number];

/** The rows with amounts as numbers of dollars, as the charts plot them (the table shows the API's strings). */
const plotted = (rows: Row[]) =>
  rows.map((row) => ({
    period: row.period,
    bookings: row.bookings,
    gross: Number(row.grossBookingValue),
    fees: Number(row.platformFees),
    refunds: Number(row.refunds),
    newUsers: row.newUsers,
    newListings: row.newListings,
  }));

const dollars = (value: unknown) => `$${Number(value).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

/** Money per period: gross booking value, platform fees and refunds (lines). */
function MoneyChart({ rows, title }: { rows: Row[]; title: string }) {
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-medium text-slate-900">{title}</figcaption>
      <div className="h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={plotted(rows)} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="period" tick={{ fontSize: 11 }} />
            <YAxis tickFormatter={dollars} tick={{ fontSize: 11 }} width={64} />
            <Tooltip formatter={(value) => dollars(value)} />
            <Legend />
            <Line type="monotone" dataKey="gross" name="Gross booking value" stroke="#1d4ed8" dot={false} />
            <Line type="monotone" dataKey="fees" name="Platform fees" stroke="#15803d" dot={false} />
            <Line type="monotone" dataKey="refunds" name="Refunds" stroke="#b91c1c" dot={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Counts per period: bookings, new users and new listings (bars). */
function CountsChart({ rows, title }: { rows: Row[]; title: string }) {
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-medium text-slate-900">{title}</figcaption>
      <div className="h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={plotted(rows)} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="period" tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
            <Tooltip />
            <Legend />
            <Bar dataKey="bookings" name="Bookings" fill="#1d4ed8" />
            <Bar dataKey="newUsers" name="New users" fill="#7c3aed" />
            <Bar dataKey="newListings" name="New listings" fill="#0f766e" />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/**
 * The Overview's charts (Recharts, loaded only when the Overview is shown): per day and per month.
 * They are pictures of the table beside them, which holds the same figures for screen readers.
 */
export function OverviewCharts({ overview }: { overview: Overview }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <MoneyChart rows={overview.daily} title="Money per day" />
      <CountsChart rows={overview.daily} title="Bookings and growth per day" />
      <MoneyChart rows={overview.monthly} title="Money per month" />
      <CountsChart rows={overview.monthly} title="Bookings and growth per month" />
    </div>
  );
}
