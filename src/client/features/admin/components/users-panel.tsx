import { Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { AdminUser } from '@/shared/schemas/admin';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { EmptyState, LoadError, SkeletonRows } from '@/client/components/ui/states';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { cn } from '@/client/lib/cn';
import { useAdminUsers } from '../api/get-admin-users';
import { useReinstateUser } from '../api/reinstate-user';
import { useSuspendUser } from '../api/suspend-user';
import { formatInstant } from '../lib/format-instant';
import { ADMIN_TABLE, PhoneLabel } from './stacked-table';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { SearchBox } from './search-box';
import { UserDetail } from './user-detail';

type Pending = { user: AdminUser; action: 'suspend' | 'reinstate' };

/**
 * The console's Users: search by name or email, each user's counts and standing, suspend and
 * reinstate; View (or the address's `?user=`) opens a user's listings, bookings, payments and reports below the list.
 */
export function UsersPanel({ currentUserId }: { currentUserId: string }) {
  const [q, setQ] = useState('');
  const users = useAdminUsers(q);
  const [pending, setPending] = useState<Pending | null>(null);
  // A link to one user (a report's) opens them.
  const linked = new URLSearchParams(useSearch()).get('user');
  const [viewing, setViewing] = useState<string | null>(linked);
  // The opened user's heading takes the focus (and scrolls into view), so keyboard and screen reader users land on it.
  useEffect(() => {
    if (viewing) document.getElementById(`user-${viewing}`)?.focus();
  }, [viewing]);
  const suspend = useSuspendUser();
  const reinstate = useReinstateUser();
  const mutation = pending?.action === 'suspend' ? suspend : reinstate;
  const serverError = mutation.error
    ? (isApiError(mutation.error) && mutation.error.serverMessage) || 'Please try again later.'
    : undefined;

  const open = (next: Pending) => {
    suspend.reset();
    reinstate.reset();
    setPending(next);
  };
  const confirm = (reason: string | undefined) => {
    if (!pending) return;
    const name = `${pending.user.firstName} ${pending.user.lastName}`;
    const done = () => {
      toast({ title: pending.action === 'suspend' ? `${name} is suspended` : `${name} is reinstated` });
      setPending(null);
    };
    if (pending.action === 'suspend') suspend.mutate({ id: pending.user.id, reason: reason ?? '' }, { onSuccess: done });
    else reinstate.mutate({ id: pending.user.id }, { onSuccess: done });
  };

  return (
    <section aria-labelledby="console-users" className="grid gap-4">
      <h2 id="console-users" className="sr-only">
        Users
      </h2>
      <SearchBox label="Search users" placeholder="Name or email" onSearch={setQ} />
      {users.isPending ? (
        <SkeletonRows label="Loading users" rowClassName="h-10" />
      ) : users.isError ? (
        <LoadError>Failed to load users. Please try again later.</LoadError>
      ) : users.data.length === 0 ? (
        <EmptyState icon={Users} title="No users found">
          {q ? `No name or email contains "${q}".` : 'Nobody has signed up yet.'}
        </EmptyState>
      ) : (
        // On a phone each user is a card (./stacked-table.tsx); from `sm` on, a table.
        <div className={ADMIN_TABLE.frame}>
          <table className={ADMIN_TABLE.table} aria-busy={users.isFetching}>
            <caption className="sr-only">Users{q ? ` matching "${q}"` : ', newest first'}</caption>
            <thead className={ADMIN_TABLE.head}>
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Email
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Joined
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Listings
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Bookings
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className={ADMIN_TABLE.body}>
              {users.data.map((user) => {
                const name = `${user.firstName} ${user.lastName}`;
                return (
                  <tr key={user.id} className={ADMIN_TABLE.row}>
                    <th scope="row" className={cn(ADMIN_TABLE.wide, 'font-medium text-slate-900')}>
                      {name} {user.role === 'admin' ? <Badge variant="secondary">Admin</Badge> : null}
                    </th>
                    <td className={cn(ADMIN_TABLE.wide, 'break-all')}>{user.email}</td>
                    <td className={cn(ADMIN_TABLE.cell, 'whitespace-nowrap')}>
                      <PhoneLabel>Joined </PhoneLabel>
                      {formatInstant(user.createdAt)}
                    </td>
                    <td className={cn(ADMIN_TABLE.cell, 'sm:text-right')}>
                      <PhoneLabel>Listings: </PhoneLabel>
                      {user.listingsCount}
                    </td>
                    <td className={cn(ADMIN_TABLE.cell, 'sm:text-right')}>
                      <PhoneLabel>Bookings: </PhoneLabel>
                      {user.bookingsCount}
                    </td>
                    <td className={ADMIN_TABLE.wide}>
                      {user.suspendedAt ? (
                        <span className="grid gap-0.5 max-sm:justify-items-start">
                          <Badge variant="danger">Suspended</Badge>
                          <span className="text-xs text-slate-600">{user.suspensionReason}</span>
                        </span>
                      ) : (
                        <Badge variant="success">Active</Badge>
                      )}
                    </td>
                    <td className={ADMIN_TABLE.wide}>
                      <div className="flex flex-wrap gap-2 sm:justify-end">
                        <Button
                          size="sm"
                          variant={viewing === user.id ? 'secondary' : 'outline'}
                          onClick={() => setViewing(user.id)}
                          aria-label={`View ${name}`}
                        >
                          View
                        </Button>
                        {user.suspendedAt ? (
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => open({ user, action: 'reinstate' })}
                            aria-label={`Reinstate ${name}`}
                          >
                            Reinstate
                          </Button>
                        ) : user.id === currentUserId ? null : (
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => open({ user, action: 'suspend' })}
                            aria-label={`Suspend ${name}`}
                          >
                            Suspend
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {viewing ? <UserDetail id={viewing} onClose={() => setViewing(null)} /> : null}
      {pending ? (
        <ConfirmActionDialog
          open
          onOpenChange={(next) => !next && setPending(null)}
          title={
            pending.action === 'suspend'
              ? `Suspend ${pending.user.firstName} ${pending.user.lastName}?`
              : `Reinstate ${pending.user.firstName} ${pending.user.lastName}?`
          }
          description={
            pending.action === 'suspend'
              ? 'They are signed out everywhere at once, can no longer log in, and their listings leave search. They are emailed the reason.'
              : 'They can log in again, and their listings return to search (those taken down stay down).'
          }
          confirmLabel={pending.action === 'suspend' ? 'Suspend account' : 'Reinstate account'}
          askReason={pending.action === 'suspend'}
          pending={mutation.isPending}
          error={serverError}
          onConfirm={confirm}
        />
      ) : null}
    </section>
  );
}
