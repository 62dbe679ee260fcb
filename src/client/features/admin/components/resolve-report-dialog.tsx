import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { REPORT_ACTION_LABELS, REPORT_ACTIONS, type AdminReport, type ReportAction } from '@/shared/schemas/reports';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FieldError, FormField, fieldAria } from '@/client/components/ui/form-field';
import { Select } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { useResolveReport } from '../api/resolve-report';

/**
 * Resolving a report: what was done (from the fixed list) and a note, recorded with the report and
 * in the audit log. The action itself (a takedown, a suspension) is taken with its own button.
 */
export function ResolveReportDialog({ report, onClose }: { report: AdminReport; onClose: () => void }) {
  const id = useId();
  const [action, setAction] = useState<ReportAction>(report.targetType === 'space' ? 'listing_taken_down' : 'no_action');
  const [note, setNote] = useState('');
  const resolve = useResolveReport();
  const serverError = resolve.error ? (isApiError(resolve.error) && resolve.error.serverMessage) || 'Please try again later.' : undefined;

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
            resolve.mutate(
              { id: report.id, action, note },
              {
                onSuccess: () => {
                  toast({ title: 'Report resolved' });
                  onClose();
                },
              },
            );
          }}
        >
          <FormField id={`${id}-action`} label="What was done">
            <Select {...fieldAria(`${id}-action`)} value={action} onChange={(event) => setAction(event.target.value as ReportAction)}>
              {REPORT_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {REPORT_ACTION_LABELS[value]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id={`${id}-note`} label="Note (optional)">
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
