import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MODERATION_REASON_MAX, moderationReasonSchema } from '@/shared/schemas/admin';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FieldError, FormField, fieldAria } from '@/client/components/ui/form-field';
import { Textarea } from '@/client/components/ui/textarea';

type ReasonFormValues = z.input<typeof moderationReasonSchema>;
type ReasonFormOutput = z.output<typeof moderationReasonSchema>;

/**
 * The confirmation of a console action: what it does, and for a suspension or a takedown the
 * reason the user is sent (required, validated with the API's own schema). The action's button
 * confirms; Cancel, Escape or the close button leave everything as it was.
 */
export function ConfirmActionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  askReason,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Ask for the reason the user or owner is sent. */
  askReason: boolean;
  pending: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: string;
  onConfirm: (reason: string | undefined) => void;
}) {
  const id = useId();
  const form = useForm<ReasonFormValues, unknown, ReasonFormOutput>({
    resolver: zodResolver(moderationReasonSchema),
    defaultValues: { reason: '' },
  });
  const reasonError = form.formState.errors.reason?.message;
  const submit = askReason ? form.handleSubmit(({ reason }) => onConfirm(reason)) : () => onConfirm(undefined);

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(event);
          }}
        >
          {askReason ? (
            <FormField
              id={`${id}-reason`}
              label="Reason (sent to them)"
              error={reasonError}
              hint={`Up to ${MODERATION_REASON_MAX} characters.`}
            >
              <Textarea
                rows={4}
                maxLength={MODERATION_REASON_MAX}
                {...fieldAria(`${id}-reason`, reasonError, true)}
                {...form.register('reason')}
              />
            </FormField>
          ) : null}
          <FieldError message={error} />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant={askReason ? 'destructive' : 'default'} disabled={pending}>
              {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
