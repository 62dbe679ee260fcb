import { ScrollText } from 'lucide-react';
import { useId, useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditEntry, type AuditTargetType } from '@/shared/schemas/admin';
import { Button } from '@/client/components/ui/button';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { EmptyState, LoadError, SkeletonRows } from '@/client/components/ui/states';
import { useAuditLog } from '../api/get-audit-log';
import { formatInstant } from '../lib/format-instant';

/** Each action in words. */
const ACTION_LABELS: Record<AuditAction, string> = {
  'user.suspend': 'Suspended a user',
  'user.reinstate': 'Reinstated a user',
  'space.take_down': 'Took down a listing',
  'space.restore': 'Restored a listing',
  'user.grant_admin': 'Made a user an admin',
  'user.revoke_admin': 'Revoked an admin',
  'booking.refund': 'Refunded a booking',
  'report.resolve': 'Resolved a report',
};

/** Each kind of target in words. */
const TARGET_TYPE_LABELS: Record<AuditTargetType, string> = { user: 'Users', space: 'Listings', booking: 'Bookings', report: 'Reports' };

/** What a record said before and after, as JSON the operator can read. */
function Change({ entry }: { entry: AuditEntry }) {
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-primary">Before and after</summary>
      <div className="mt-1 grid gap-1 sm:grid-cols-2">
        <pre className="overflow-x-auto rounded bg-slate-50 p-2">{JSON.stringify(entry.before, null, 2)}</pre>
        <pre className="overflow-x-auto rounded bg-slate-50 p-2">{JSON.stringify(entry.after, null, 2)}</pre>
      </div>
    </details>
  );
}

/** The console's Audit log: every operator action with its target named, newest first, a page at a time, filtered by action or kind of target. */
export function AuditLogPanel() {
  const id = useId();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<AuditAction | ''>('');
  const [targetType, setTargetType] = useState<AuditTargetType | ''>('');
  const filtered = Boolean(action || targetType);
  const log = useAuditLog(page, { action: action || undefined, targetType: targetType || undefined });

  return (
    <section aria-labelledby="console-audit-log" className="grid gap-4">
      <h2 id="console-audit-log" className="sr-only">
        Audit log
      </h2>
      <div role="group" aria-label="Filter the audit log" className="flex flex-wrap gap-3">
        <div className="grid min-w-48 gap-1.5">
          <Label htmlFor={`${id}-action`}>Action</Label>
          <Select
            id={`${id}-action`}
            value={action}
            onChange={(event) => {
              setAction(event.target.value as AuditAction | '');
              setPage(1);
            }}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {ACTION_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid min-w-48 gap-1.5">
          <Label htmlFor={`${id}-target`}>Target</Label>
          <Select
            id={`${id}-target`}
            value={targetType}
            onChange={(event) => {
              setTargetType(event.target.value as AuditTargetType | '');
              setPage(1);
            }}
          >
            <option value="">All targets</option>
            {AUDIT_TARGET_TYPES.map((value) => (
              <option key={value} value={value}>
                {TARGET_TYPE_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {log.isPending ? (
        <SkeletonRows label="Loading the audit log" rowClassName="h-10" />
      ) : log.isError ? (
        <LoadError>Failed to load the audit log. Please try again later.</LoadError>
      ) : log.data.entries.length === 0 ? (
        filtered ? (
          <EmptyState icon={ScrollText} title="No records match">
            No action of this kind is recorded.
          </EmptyState>
        ) : (
          <EmptyState icon={ScrollText} title="Nothing recorded yet">
            Every suspension, reinstatement, takedown and restore will be listed here.
          </EmptyState>
        )
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm" aria-busy={log.isFetching}>
            <caption className="sr-only">Audit log, newest first, page {page}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  When
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Who
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  What
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top">
              {log.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="px-3 py-2 whitespace-nowrap">{formatInstant(entry.createdAt)}</td>
                  <td className="px-3 py-2">{entry.actor ? entry.actor.name || entry.actor.email : 'Command line'}</td>
                  <td className="px-3 py-2">
                    {ACTION_LABELS[entry.action]}
                    <span className="block font-medium text-slate-900" data-testid="audit-target">
                      {entry.targetLabel ?? `A ${entry.targetType} no longer stored`}
                    </span>
                    <span className="block font-mono text-xs break-all text-slate-600">
                      {entry.targetType} {entry.targetId}
                    </span>
                    <Change entry={entry} />
                  </td>
                  <td className="px-3 py-2">{entry.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.data && (page > 1 || log.data.hasMore) ? (
        <nav aria-label="Audit log pages" className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage((current) => current - 1)}>
            Newer
          </Button>
          <span className="text-sm text-slate-600">Page {page}</span>
          <Button variant="outline" size="sm" disabled={!log.data.hasMore} onClick={() => setPage((current) => current + 1)}>
            Older
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
