import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  type ContactMessageInput,
  contactMessageSchema,
} from '@/shared/schemas/contact';
import { Button } from '@/client/components/ui/button';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Select } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { isApiError } from '@/client/lib/api-client';
import { useAuth } from '@/client/lib/auth';
import { useSendContactMessage } from '../api/send-contact-message';

const FIELDS = ['name', 'email', 'topic', 'message'] as const;

/**
 * The contact form (docs/product.md#contact-us): name, email, topic and message, signed in or not
 * (a signed-in person's name and email are filled in). The server's field errors are shown at their
 * fields; once sent, a confirmation replaces the form and takes the focus.
 */
export function ContactForm() {
  const { user } = useAuth();
  const form = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: {
      name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      email: user?.email ?? '',
      topic: '' as ContactMessageInput['topic'],
      message: '',
    },
  });
  const send = useSendContactMessage();
  const { errors } = form.formState;
  const confirmation = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (send.isSuccess) confirmation.current?.focus();
  }, [send.isSuccess]);

  // A 400's issues (`body.email`) go to their fields.
  useEffect(() => {
    if (!isApiError(send.error, 400)) return;
    for (const issue of send.error.serverIssues) {
      const field = FIELDS.find((name) => issue.path === `body.${name}`);
      if (field) form.setError(field, { message: issue.message }, { shouldFocus: true });
    }
  }, [send.error, form]);

  if (send.isSuccess) {
    return (
      <div role="status" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6">
        <div className="flex items-start gap-3">
          <CircleCheck className="mt-0.5 size-6 shrink-0 text-green-700" aria-hidden="true" />
          <div className="grid gap-1">
            <h2 ref={confirmation} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
              Thank you, your message was sent
            </h2>
            <p className="text-sm text-slate-700">We will answer by email at {form.getValues('email')}.</p>
          </div>
        </div>
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => {
            form.reset({ ...form.getValues(), topic: '' as ContactMessageInput['topic'], message: '' });
            send.reset();
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  const failure = send.error
    ? isApiError(send.error, 400)
      ? 'Please correct the fields marked above.'
      : (isApiError(send.error, 429) && send.error.serverMessage) || 'Your message could not be sent. Please try again later.'
    : null;
  return (
    <form
      noValidate
      aria-label="Contact form"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6"
      onSubmit={form.handleSubmit((values) => send.mutate(values))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="contact-name" label="Your name" error={errors.name?.message}>
          <Input autoComplete="name" {...fieldAria('contact-name', errors.name?.message)} {...form.register('name')} />
        </FormField>
        <FormField id="contact-email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...fieldAria('contact-email', errors.email?.message)} {...form.register('email')} />
        </FormField>
      </div>
      <FormField id="contact-topic" label="Topic" error={errors.topic?.message}>
        <Select {...fieldAria('contact-topic', errors.topic?.message)} {...form.register('topic')}>
          <option value="">Choose a topic</option>
          {CONTACT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {CONTACT_TOPIC_LABELS[topic]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        id="contact-message"
        label="Message"
        error={errors.message?.message}
        hint={`At most ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters. Please leave out any patient information.`}
      >
        <Textarea rows={6} {...fieldAria('contact-message', errors.message?.message, true)} {...form.register('message')} />
      </FormField>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={send.isPending}>
        {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        Send message
      </Button>
    </form>
  );
}
