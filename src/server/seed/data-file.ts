/**
 * The demo data's word lists, cities and accounts are JSON files in `data/` (a newcomer edits
 * data, not code); each module that uses one parses it with its zod schema when it loads, so a
 * malformed edit stops the seed at once with the file and the path of every bad field.
 */
import { z } from 'zod';

/**
 * `data` (the contents of `data/<file>`) parsed by `schema`.
 * @throws Error naming the file and, for each problem, what is wrong and at which path
 *   (`→ at [3].state`)
 */
export function parseDataFile<T extends z.ZodType>(file: string, schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`src/server/seed/data/${file} is malformed:\n${z.prettifyError(result.error)}`);
  return result.data;
}
