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
