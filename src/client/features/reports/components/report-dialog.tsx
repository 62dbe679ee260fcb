import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import {
  REPORT_COMMENT_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from '@/shared/schemas/reports';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FieldError, FormField, fieldAria } from '@/client/components/ui/form-field';
import { Select } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { useCreateReport } from '../api/create-report';

/** What the dialog calls each kind of target. */
const TARGET_WORDS: Record<ReportTargetType, string> = {
  space: 'this listing',
  review: 'this review',
  message: 'this message',
  user: 'this user',
};

/**
 * The Report dialog (docs/product.md#reporting): a reason from the fixed list and an optional
 * comment, sent to the ClinicShare team. The server's refusal (the daily limit, a target that is
 * gone) is shown in the dialog; success closes it with a toast.
 */
export function ReportDialog({
  open,
  onOpenChange,
  targetType,
  targetId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetType: ReportTargetType;
  targetId: string;
}) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [comment, setComment] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const report = useCreateReport();
  const serverError = report.error
    ? isApiError(report.error)
      ? (report.error.serverMessage ?? 'Could not send the report. Please try again.')
      : 'Could not send the report. Please try again.'
    : undefined;

  const submit = () => {
    if (!reason) {
      setReasonError('Choose a reason');
      return;
    }
    report.mutate(
      { targetType, targetId, reason, comment },
      {
        onSuccess: () => {
          onOpenChange(false);
          setReason('');
          setComment('');
          report.reset();
          toast({ title: 'Report sent', description: 'Thank you. The ClinicShare team will look into it.' });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !report.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report {TARGET_WORDS[targetType]}</DialogTitle>
          <DialogDescription>
            Tell the ClinicShare team what is wrong. The person you report is not told who reported them.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormField id={`${id}-reason`} label="Reason" error={reasonError}>
            <Select
              {...fieldAria(`${id}-reason`, reasonError)}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value as ReportReason);
                setReasonError(undefined);
              }}
            >
              <option value="">Choose a reason</option>
              {REPORT_REASONS.map((value) => (
                <option key={value} value={value}>
                  {REPORT_REASON_LABELS[value]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id={`${id}-comment`} label="Comment (optional)" hint={`Up to ${REPORT_COMMENT_MAX} characters.`}>
            <Textarea
              rows={4}
              maxLength={REPORT_COMMENT_MAX}
              {...fieldAria(`${id}-comment`, undefined, true)}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </FormField>
          <FieldError message={serverError} />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={report.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={report.isPending}>
              {report.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
