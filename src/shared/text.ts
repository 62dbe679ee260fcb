/** Text helpers shared by the server's page metadata and the client's. */
import { META_DESCRIPTION_LENGTH } from './constants';

/**
 * Cuts text to at most `max` characters (default 150, the page description
 * length of docs/product.md#constants), on a word boundary, adding an ellipsis when cut.
 * White space is folded first.
 */
export function cutDescription(text: string, max = META_DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

const englishPlurals = new Intl.PluralRules('en-US');

/**
 * `count` with its noun in the form English gives that number (`Intl.PluralRules`): "1 space",
 * "2 spaces", "0 spaces", "1 person", "3 people". `shown` is the number as written (by default
 * `count` grouped the en-US way, "1,000"), e.g. "1,000+" when a count is a lower bound.
 */
export function countOf(count: number, forms: { one: string; other: string }, shown = count.toLocaleString('en-US')): string {
  return `${shown} ${englishPlurals.select(count) === 'one' ? forms.one : forms.other}`;
}

/** The forms of "person" for {@link countOf}: a space's capacity. */
export const PEOPLE = { one: 'person', other: 'people' } as const;
