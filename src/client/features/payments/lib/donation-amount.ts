/** docs/product.md#constants: presets $10, $25, $50, $100 (default $25); minimum $1. The server checks its own minimum too. */
export const DONATION_PRESETS = [10, 25, 50, 100] as const;
export const DEFAULT_DONATION = 25;
export const DONATION_MIN_DOLLARS = 1;

/**
 * A custom donation amount typed by a person, in dollars rounded to the cent,
 * or null when it does not parse as a positive number (docs/product.md#validation: only
 * then does it apply). "12.5" -> 12.5, " 40 " -> 40, "0" / "-5" / "abc" / "1e3" -> null.
 * The minimum is checked separately, when the person proceeds.
 */
export function parseCustomAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d*\.?\d+$/.test(trimmed)) return null;
  const value = Math.round(Number(trimmed) * 100) / 100;
  return Number.isFinite(value) && value > 0 ? value : null;
}
