import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';

/** The dialog's only field (SPEC section 5: the trimmed text must not be empty). */
const messageFormSchema = z.object({
  content: z.string().trim().min(1, 'Message cannot be empty').max(5000),
});
type MessageFormValues = z.input<typeof messageFormSchema>;

interface MessageOwnerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  spaceTitle: string;
}

/**
 * 'Message Owner' on a space. Messaging arrives with its own issue: until the
 * messages API exists, sending reports 'Message failed' and keeps the text.
 */
export function MessageOwnerDialog({ open, onOpenChange, spaceTitle }: MessageOwnerDialogProps) {
  const form = useForm<MessageFormValues>({ resolver: zodResolver(messageFormSchema), defaultValues: { content: '' } });
  const { errors } = form.formState;

  const onSubmit = () => {
    toast({ variant: 'destructive', title: 'Message failed', description: 'Please try again later.' });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Message Owner</DialogTitle>
          <DialogDescription>Ask the owner of {spaceTitle} about availability, equipment or access.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
          <FormField id="message-content" label="Your Message" error={errors.content?.message}>
            <Textarea rows={5} {...fieldAria('message-content', errors.content?.message)} {...form.register('content')} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Send Message</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
