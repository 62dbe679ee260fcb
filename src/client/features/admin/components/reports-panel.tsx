import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { REPORT_ACTION_LABELS, REPORT_REASON_LABELS, type AdminReport } from '@/shared/schemas/reports';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { EmptyState, LoadError, SkeletonRows } from '@/client/components/ui/states';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { paths } from '@/client/lib/paths';
import { useQueryClient } from '@tanstack/react-query';
import { reportQueueQueryKey, useReportQueue, type ReportQueueStatus } from '../api/get-reports';
import { useTakeDownSpace } from '../api/take-down-space';
import { formatInstant } from '../lib/format-instant';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { InboxPanel } from './inbox-panel';
import { ResolveReportDialog } from './resolve-report-dialog';

const TARGET_NAMES = { space: 'Listing', review: 'Review', message: 'Message', user: 'User' } as const;

/** One report: what was reported (its content now, with links to the listing and the person in the console), why, by whom, and what was done. */
function ReportItem({ report, onResolve, onTakeDown }: { report: AdminReport; onResolve: () => void; onTakeDown: () => void }) {
  return (
    // wrap-anywhere: a reported user's email address or a pasted link is one long word on a phone.
    <li className="grid min-w-0 gap-2 rounded-lg border border-slate-200 p-4 wrap-anywhere" data-testid="console-report">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="muted">{TARGET_NAMES[report.targetType]}</Badge>
        <Badge variant="danger">{REPORT_REASON_LABELS[report.reason]}</Badge>
        <span className="text-sm text-slate-600">
          {formatInstant(report.createdAt)} by {report.reporter.name || report.reporter.email}
        </span>
      </div>
      {report.target ? (
        <div>
          <p className="font-medium text-slate-900">{report.target.label}</p>
          <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-700">{report.target.text}</p>
          <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
            {report.target.spaceId ? (
              <Link href={paths.adminTab('listings', { q: report.target.spaceId })} className="text-primary hover:underline">
                Open the listing
              </Link>
            ) : null}
            {report.target.userId ? (
              <Link href={paths.adminTab('users', { user: report.target.userId })} className="text-primary hover:underline">
                {report.targetType === 'space' ? 'Open its owner' : report.targetType === 'user' ? 'Open the user' : 'Open its author'}
              </Link>
            ) : null}
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-600">The reported {report.targetType} no longer exists.</p>
      )}
      {report.comment ? <p className="text-sm text-slate-700">“{report.comment}”</p> : null}
      {report.resolvedAt ? (
        <p className="text-sm text-slate-700">
          Resolved {formatInstant(report.resolvedAt)} by {report.resolvedBy}:{' '}
          {report.resolution ? REPORT_ACTION_LABELS[report.resolution] : ''}
          {report.resolutionNote ? ` (${report.resolutionNote})` : ''}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {report.target?.spaceId ? (
            <Button variant="destructive" size="sm" onClick={onTakeDown}>
              Take down listing
            </Button>
          ) : null}
          <Button size="sm" onClick={onResolve}>
            Resolve
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The console's Reports: the queue of users' reports (open ones first, oldest on top; or the
 * resolved ones), with the reported content, a takedown of the listing concerned, and Resolve;
 * then the contact form's inbox.
 */
export function ReportsPanel() {
  const [status, setStatus] = useState<ReportQueueStatus>('open');
  const [page, setPage] = useState(1);
  const queue = useReportQueue(status, page);
  const [resolving, setResolving] = useState<AdminReport | null>(null);
  const [takingDown, setTakingDown] = useState<AdminReport | null>(null);
  const takeDown = useTakeDownSpace();
  const queryClient = useQueryClient();
  const takeDownError = takeDown.error
    ? (isApiError(takeDown.error) && takeDown.error.serverMessage) || 'Please try again later.'
    : undefined;

  return (
    <div className="grid gap-8">
      <section aria-labelledby="console-reports" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="console-reports" className="text-lg font-semibold text-slate-900">
            Reports
          </h2>
          <div role="group" aria-label="Which reports" className="flex gap-2">
            {(['open', 'resolved'] as const).map((value) => (
              <Button
                key={value}
                size="sm"
                variant={status === value ? 'default' : 'outline'}
                aria-pressed={status === value}
                onClick={() => {
                  setStatus(value);
                  setPage(1);
                }}
              >
                {value === 'open' ? 'Open' : 'Resolved'}
              </Button>
            ))}
          </div>
        </div>
        {queue.isPending ? (
          <SkeletonRows label="Loading the reports" rowClassName="h-20" />
        ) : queue.isError ? (
          <LoadError>Failed to load the reports. Please try again later.</LoadError>
        ) : queue.data.reports.length === 0 ? (
          <EmptyState icon={Flag} title={status === 'open' ? 'No open reports' : 'No resolved reports'}>
            Reports users send about listings, reviews, messages and users appear here.
          </EmptyState>
        ) : (
          <ul className="grid gap-3" aria-busy={queue.isFetching}>
            {queue.data.reports.map((report) => (
              <ReportItem
                key={report.id}
                report={report}
                onResolve={() => setResolving(report)}
                onTakeDown={() => {
                  takeDown.reset();
                  setTakingDown(report);
                }}
              />
            ))}
          </ul>
        )}
        {queue.data && (page > 1 || queue.data.hasMore) ? (
          <nav aria-label="Report pages" className="flex items-center justify-between gap-2">
            <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage((current) => current - 1)}>
              Previous
            </Button>
            <span className="text-sm text-slate-600">Page {page}</span>
            <Button variant="outline" size="sm" disabled={!queue.data.hasMore} onClick={() => setPage((current) => current + 1)}>
              Next
            </Button>
          </nav>
        ) : null}
      </section>
      <InboxPanel />
      {resolving ? <ResolveReportDialog report={resolving} onClose={() => setResolving(null)} /> : null}
      {takingDown?.target?.spaceId ? (
        <ConfirmActionDialog
          open
          onOpenChange={(open) => !open && setTakingDown(null)}
          title="Take down the listing"
          description="It leaves search and its page says it is no longer available. The owner is sent the reason."
          confirmLabel="Take down"
          askReason
          pending={takeDown.isPending}
          error={takeDownError}
          onConfirm={(reason) =>
            takeDown.mutate(
              { id: takingDown.target!.spaceId!, reason: reason ?? '' },
              {
                onSuccess: () => {
                  toast({ title: 'The listing is taken down' });
                  setTakingDown(null);
                  void queryClient.invalidateQueries({ queryKey: reportQueueQueryKey });
                },
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
