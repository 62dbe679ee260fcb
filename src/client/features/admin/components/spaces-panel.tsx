import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { AdminSpace, AdminSpaceStatus } from '@/shared/schemas/admin';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { EmptyState, LoadError, SkeletonRows } from '@/client/components/ui/states';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { cn } from '@/client/lib/cn';
import { paths } from '@/client/lib/paths';
import { useAdminSpaces } from '../api/get-admin-spaces';
import { useRestoreSpace } from '../api/restore-space';
import { useTakeDownSpace } from '../api/take-down-space';
import { formatInstant } from '../lib/format-instant';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { SearchBox } from './search-box';
import { ADMIN_TABLE, PhoneLabel } from './stacked-table';

/** How each status reads in the table. */
const STATUS_BADGES: Record<AdminSpaceStatus, { label: string; variant: 'success' | 'danger' | 'warning' | 'muted' }> = {
  listed: { label: 'Listed', variant: 'success' },
  taken_down: { label: 'Taken down', variant: 'danger' },
  owner_suspended: { label: 'Owner suspended', variant: 'warning' },
  archived: { label: 'Archived by owner', variant: 'muted' },
};

type Pending = { space: AdminSpace; action: 'take-down' | 'restore' };

/** The console's Listings: search (`?q=` of the address at first), each listing's owner and status, take down and restore. */
export function SpacesPanel() {
  // A link to one listing (a report's) searches its id; the tab mounts anew when opened, so the first value is the one.
  const linked = new URLSearchParams(useSearch()).get('q') ?? '';
  const [q, setQ] = useState(linked);
  const spaces = useAdminSpaces(q);
  const [pending, setPending] = useState<Pending | null>(null);
  const takeDown = useTakeDownSpace();
  const restore = useRestoreSpace();
  const mutation = pending?.action === 'take-down' ? takeDown : restore;
  const serverError = mutation.error
    ? (isApiError(mutation.error) && mutation.error.serverMessage) || 'Please try again later.'
    : undefined;

  const open = (next: Pending) => {
    takeDown.reset();
    restore.reset();
    setPending(next);
  };
  const confirm = (reason: string | undefined) => {
    if (!pending) return;
    const done = () => {
      toast({ title: pending.action === 'take-down' ? `"${pending.space.title}" is taken down` : `"${pending.space.title}" is restored` });
      setPending(null);
    };
    if (pending.action === 'take-down') takeDown.mutate({ id: pending.space.id, reason: reason ?? '' }, { onSuccess: done });
    else restore.mutate({ id: pending.space.id }, { onSuccess: done });
  };

  return (
    <section aria-labelledby="console-listings" className="grid gap-4">
      <h2 id="console-listings" className="sr-only">
        Listings
      </h2>
      <SearchBox key={linked} label="Search listings" placeholder="Title, city, address or owner email" initial={linked} onSearch={setQ} />
      {spaces.isPending ? (
        <SkeletonRows label="Loading listings" rowClassName="h-10" />
      ) : spaces.isError ? (
        <LoadError>Failed to load listings. Please try again later.</LoadError>
      ) : spaces.data.length === 0 ? (
        <EmptyState icon={MapPin} title="No listings found">
          {q ? `No title, city, address or owner email contains "${q}".` : 'Nobody has listed a space yet.'}
        </EmptyState>
      ) : (
        // On a phone each listing is a card (./stacked-table.tsx); from `sm` on, a table.
        <div className={ADMIN_TABLE.frame}>
          <table className={ADMIN_TABLE.table} aria-busy={spaces.isFetching}>
            <caption className="sr-only">Listings{q ? ` matching "${q}"` : ', newest first'}</caption>
            <thead className={ADMIN_TABLE.head}>
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Listing
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Owner
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Listed on
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
              {spaces.data.map((space) => {
                const badge = STATUS_BADGES[space.status];
                return (
                  <tr key={space.id} className={ADMIN_TABLE.row}>
                    <th scope="row" className={cn(ADMIN_TABLE.wide, 'font-medium')}>
                      <Link href={paths.space(space.id)} className="text-primary hover:underline">
                        {space.title}
                      </Link>
                      <span className="block text-xs font-normal text-slate-600">
                        {space.city}, {space.state}
                      </span>
                    </th>
                    <td className={ADMIN_TABLE.wide}>
                      <PhoneLabel>Owner: </PhoneLabel>
                      {space.ownerName}
                      <span className="block text-xs break-all text-slate-600">{space.ownerEmail}</span>
                    </td>
                    <td className={cn(ADMIN_TABLE.wide, 'whitespace-nowrap')}>
                      <PhoneLabel>Listed on </PhoneLabel>
                      {formatInstant(space.createdAt)}
                    </td>
                    <td className={ADMIN_TABLE.wide}>
                      <span className="grid gap-0.5 max-sm:justify-items-start">
                        <Badge variant={badge.variant}>{badge.label}</Badge>
                        {space.takedownReason ? <span className="text-xs text-slate-600">{space.takedownReason}</span> : null}
                      </span>
                    </td>
                    <td className={cn(ADMIN_TABLE.wide, 'sm:text-right')}>
                      {space.status === 'taken_down' ? (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => open({ space, action: 'restore' })}
                          aria-label={`Restore ${space.title}`}
                        >
                          Restore
                        </Button>
                      ) : space.status === 'archived' ? null : (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => open({ space, action: 'take-down' })}
                          aria-label={`Take down ${space.title}`}
                        >
                          Take down
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {pending ? (
        <ConfirmActionDialog
          open
          onOpenChange={(next) => !next && setPending(null)}
          title={pending.action === 'take-down' ? `Take down "${pending.space.title}"?` : `Restore "${pending.space.title}"?`}
          description={
            pending.action === 'take-down'
              ? 'It leaves search and the map at once, cannot be booked, and its page says it is no longer available. The owner is told the reason.'
              : 'It returns to search and can be booked again (unless its owner is suspended).'
          }
          confirmLabel={pending.action === 'take-down' ? 'Take down listing' : 'Restore listing'}
          askReason={pending.action === 'take-down'}
          pending={mutation.isPending}
          error={serverError}
          onConfirm={confirm}
        />
      ) : null}
    </section>
  );
}
