import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Earnings } from '@/shared/schemas/earnings';
import { monthLabel } from '../lib/labels';

const dollars = (value: unknown) => `$${Number(value).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

/**
 * Earnings per month as bars (Recharts, loaded only with the Earnings tab). Hidden from assistive
 * technology: the table beside it has the same figures.
 */
export function EarningsChart({ monthly }: { monthly: Earnings['monthly'] }) {
  const data = monthly.map((row) => ({ month: monthLabel(row.month), earnings: Number(row.earnings) }));
  return (
    <div className="h-56" aria-hidden="true" data-testid="earnings-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="month" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis tickFormatter={dollars} tick={{ fontSize: 11 }} width={60} />
          <Tooltip formatter={(value) => [dollars(value), 'Earnings']} />
          <Bar dataKey="earnings" name="Earnings" fill="#0f766e" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
