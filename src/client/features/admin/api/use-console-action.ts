import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSpacesQueryKey } from './get-admin-spaces';
import { adminUsersQueryKey } from './get-admin-users';
import { auditLogQueryKey } from './get-audit-log';

/**
 * What every console action refreshes: the users (a suspension changes a user and hides their
 * listings), the listings and the audit log (each action adds a record).
 */
export function refreshConsole(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [adminUsersQueryKey, adminSpacesQueryKey, auditLogQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** A console action's mutation (`action` posts it), refreshing the console once it is done. */
export function useConsoleAction<Input, Result>(action: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => refreshConsole(queryClient) });
}
