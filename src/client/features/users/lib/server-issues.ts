import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/client/lib/api-client';

/**
 * Shows the server's field issues (`body.<field>`, docs/api.md) under the form's fields of `fields`.
 * @returns true when at least one issue was placed under a field (the first one gets the focus)
 */
export function showServerIssues<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!isApiError(error, 400)) return false;
  let placed = false;
  for (const issue of error.serverIssues) {
    const field = fields.find((name) => issue.path === `body.${name}`);
    if (!field) continue;
    setError(field, { message: issue.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
