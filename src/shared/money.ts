/**
 * Money helpers (docs/decisions/010-money-in-integer-cents.md): amounts are integer cents inside the
 * program and decimal strings ("123.45") on the wire and in `numeric(10,2)`.
 */

const DECIMAL = /^(\d{1,8})(?:\.(\d{1,2}))?$/;

/**
 * Parses a non-negative decimal amount ("120", "120.5", "120.50") into cents.
 * @throws RangeError when the text is not such an amount (more than 2 decimals, sign, exponent).
 */
export function toCents(amount: string | number): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a money amount: ${String(amount)}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Formats cents as the wire's decimal string: 12345 -> "123.45". */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not a cent amount: ${cents}`);
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Formats cents for people: 12345 -> "$123.45"; whole dollars drop the cents when `compact`. */
export function formatUsd(cents: number, options: { compact?: boolean } = {}): string {
  if (options.compact && cents % 100 === 0) return usdWhole.format(cents / 100);
  return usd.format(cents / 100);
}

/**
 * Splits `totalCents` over parts in proportion to `weights` (cents each, e.g. the occurrences'
 * totals), whole cents that add up to `totalCents` exactly: each part gets its share rounded down,
 * and the cents left over go one each to the first parts (docs/decisions/026-booking-series.md).
 * @throws Error for a negative total or weights that add up to 0 with a total above 0
 */
export function splitCents(totalCents: number, weights: readonly number[]): number[] {
  if (totalCents < 0) throw new Error('Cannot split a negative amount.');
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  if (weightSum <= 0) {
    if (totalCents === 0) return weights.map(() => 0);
    throw new Error('Cannot split an amount over weights that add up to 0.');
  }
  const shares = weights.map((weight) => Math.floor((totalCents * weight) / weightSum));
  let left = totalCents - shares.reduce((sum, share) => sum + share, 0);
  for (let index = 0; left > 0; index = (index + 1) % shares.length, left--) shares[index]! += 1;
  return shares;
}
