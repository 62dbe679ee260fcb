import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { messageFormSchema, type MessageFormValues } from '@/shared/schemas/messages';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/lib/use-toast';
import { useSendMessage } from '../api/send-message';
import { HipaaReminder } from './hipaa-reminder';

interface MessageOwnerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in sender. */
  userId: string;
  space: { id: string; ownerId: string; title: string };
}

/**
 * 'Message Owner' on a space (docs/product.md#space-page, #validation and #user-facing-messages):
 * sends the first (or next) message of the conversation `${senderId}-${ownerId}-${spaceId}`.
 */
export function MessageOwnerDialog({ open, onOpenChange, userId, space }: MessageOwnerDialogProps) {
  const form = useForm<MessageFormValues>({ resolver: zodResolver(messageFormSchema), defaultValues: { content: '' } });
  const { errors } = form.formState;
  const sendMessage = useSendMessage();

  const onSubmit = (values: MessageFormValues) => {
    sendMessage.mutate(
      {
        conversationId: `${userId}-${space.ownerId}-${space.id}`,
        senderId: userId,
        receiverId: space.ownerId,
        spaceId: space.id,
        content: values.content,
        messageType: 'text',
      },
      {
        onSuccess: () => {
          toast({ title: 'Message sent!', description: 'The space owner will receive your message.' });
          form.reset();
          onOpenChange(false);
        },
        onError: (error) => {
          console.warn('Message failed:', error.message);
          toast({ variant: 'destructive', title: 'Message failed', description: 'Please try again later.' });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Message Owner</DialogTitle>
          <DialogDescription>Ask the owner of {space.title} about availability, equipment or access.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
          <FormField id="message-content" label="Your Message" error={errors.content?.message}>
            <Textarea rows={5} {...fieldAria('message-content', errors.content?.message)} {...form.register('content')} />
          </FormField>
          <HipaaReminder />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={sendMessage.isPending}>
              Send Message
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
