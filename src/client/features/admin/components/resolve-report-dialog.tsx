import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { REPORT_ACTION_LABELS, REPORT_ACTIONS, resolveReportSchema, type AdminReport, type ReportAction } from '@/shared/schemas/reports';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FieldError, FormField, fieldAria } from '@/client/components/ui/form-field';
import { Select } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { useResolveReport } from '../api/resolve-report';

/** What choosing an outcome that is an action does, said before the operator confirms it. */
const CARRIED_OUT: Partial<Record<ReportAction, string>> = {
  listing_taken_down:
    'The listing is taken down with the report (unless it already is): it leaves search and its owner is sent the note as the reason.',
  user_suspended:
    'The account is suspended with the report (unless it already is): they are signed out everywhere, their listings leave search, and they are sent the note as the reason.',
};

/**
 * Resolving a report: what was done (from the fixed list, none chosen until the operator picks
 * one) and a note, recorded with the report and in the audit log. Taking a listing down or
 * suspending a user is done by resolving with that outcome (the note is then the reason sent).
 */
export function ResolveReportDialog({ report, onClose }: { report: AdminReport; onClose: () => void }) {
  const id = useId();
  const [action, setAction] = useState<ReportAction | ''>('');
  const [note, setNote] = useState('');
  const [actionError, setActionError] = useState<string | undefined>();
  const resolve = useResolveReport();
  const serverError = resolve.error ? (isApiError(resolve.error) && resolve.error.serverMessage) || 'Please try again later.' : undefined;
  const carriedOut = action ? CARRIED_OUT[action] : undefined;

  return (
    <Dialog open onOpenChange={(next) => !next && !resolve.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Resolve the report</DialogTitle>
          <DialogDescription>
            Record what was done about {report.target?.label ?? `this ${report.targetType}`}. It is kept with the report and in the audit
            log.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = resolveReportSchema.safeParse({ action, note });
            if (!parsed.success) {
              setActionError(parsed.error.issues.find((issue) => issue.path[0] === 'action')?.message ?? 'Choose what was done');
              return;
            }
            resolve.mutate(
              { id: report.id, ...parsed.data },
              {
                onSuccess: () => {
                  toast({ title: 'Report resolved' });
                  onClose();
                },
              },
            );
          }}
        >
          <FormField id={`${id}-action`} label="What was done" error={actionError}>
            <Select
              {...fieldAria(`${id}-action`, actionError)}
              value={action}
              onChange={(event) => {
                setAction(event.target.value as ReportAction | '');
                setActionError(undefined);
                resolve.reset();
              }}
            >
              <option value="" disabled>
                Choose an outcome
              </option>
              {REPORT_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {REPORT_ACTION_LABELS[value]}
                </option>
              ))}
            </Select>
          </FormField>
          {carriedOut ? <p className="text-sm text-slate-700">{carriedOut}</p> : null}
          <FormField id={`${id}-note`} label={carriedOut ? 'Reason (sent to them)' : 'Note (optional)'}>
            <Textarea
              rows={3}
              maxLength={1000}
              {...fieldAria(`${id}-note`)}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </FormField>
          <FieldError message={serverError} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={resolve.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={resolve.isPending}>
              {resolve.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Resolve
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
