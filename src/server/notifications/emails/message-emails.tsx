/**
 * Email templates of new_message (see ../email-templates.ts): the unread messages of one
 * conversation, quoted as plain text, with a link to reply. Written by
 * src/server/messages/message-emails.ts, whose `data` is read here.
 */
import { z } from 'zod';
import { EmailButton, EmailLayout, EmailLink, EmailText } from '../../mail/layout';
import type { EmailTemplateContext, EmailTemplates } from '../email-templates';

/** The `data` of a new_message notification (MessageEmailData of the messages feature). */
const messageEmailDataSchema = z.object({
  senderName: z.string(),
  spaceTitle: z.string().nullable().optional(),
  count: z.number().int().positive(),
  messages: z.array(z.object({ content: z.string(), createdAt: z.string() })),
});

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';

function newMessageEmail({ notification, recipient, url, unsubscribeUrl }: EmailTemplateContext) {
  const parsed = messageEmailDataSchema.safeParse(notification.data);
  const data = parsed.success ? parsed.data : null;
  const link = url(notification.link ?? '/messages');
  const quoted = data?.messages ?? [];
  const more = data ? data.count - quoted.length : 0;
  const about = data?.spaceTitle ? ` about ${data.spaceTitle}` : '';
  return {
    subject: notification.title,
    element: (
      <EmailLayout
        preview={notification.body}
        footer={
          <>
            You received this email because you have unread messages on ClinicShare. We send at most one email per conversation every 15
            minutes.{' '}
            {unsubscribeUrl ? (
              <>
                <EmailLink href={unsubscribeUrl}>Stop emails about new messages</EmailLink>, or change your choices on your profile.
              </>
            ) : null}
          </>
        }
      >
        <EmailText>Hello {recipient.firstName},</EmailText>
        <EmailText>
          {data ? `${data.senderName} sent you ${data.count === 1 ? 'a message' : `${data.count} messages`}${about}:` : notification.body}
        </EmailText>
        {quoted.map((message, i) => (
          <EmailText key={i}>
            <span style={{ color: '#64748b', fontSize: 13 }}>{when(message.createdAt)}</span>
            <br />
            {message.content}
          </EmailText>
        ))}
        {more > 0 ? <EmailText>…and {more === 1 ? '1 earlier message' : `${more} earlier messages`}.</EmailText> : null}
        <EmailButton href={link}>Read and reply</EmailButton>
        <EmailText>Please keep patient information out of messages.</EmailText>
      </EmailLayout>
    ),
  };
}

export const messageEmailTemplates: EmailTemplates = { new_message: newMessageEmail };
