/** The email of a kind without a template of its own: the notification's title, body and a button to its link. */
import { EmailButton, EmailLayout, EmailLink, EmailText } from '../../mail/layout';
import type { EmailTemplate } from '../email-templates';

export const genericEmailTemplate: EmailTemplate = ({ notification, recipient, url, unsubscribeUrl }) => ({
  subject: notification.title,
  element: (
    <EmailLayout
      preview={notification.body}
      footer={
        unsubscribeUrl ? (
          <>
            You received this email because of your ClinicShare account&apos;s email settings.{' '}
            <EmailLink href={unsubscribeUrl}>Stop these emails</EmailLink> or choose which emails you get on your{' '}
            <EmailLink href={url('/profile')}>profile</EmailLink>.
          </>
        ) : undefined
      }
    >
      <EmailText>Hello {recipient.firstName},</EmailText>
      <EmailText>{notification.title}</EmailText>
      <EmailText>{notification.body}</EmailText>
      {notification.link ? <EmailButton href={url(notification.link)}>Open ClinicShare</EmailButton> : null}
    </EmailLayout>
  ),
});
