/**
 * Email templates of welcome, verify_email, password_reset, password_changed (see ../email-templates.ts).
 * Account and security emails: they cannot be turned off and carry no unsubscribe link. Their links
 * hold the token of `notification.data.token` (src/server/auth/account-tokens.ts).
 */
import { salutation } from '../../../shared/names';
import { EmailButton, EmailLayout, EmailLink, EmailText } from '../../mail/layout';
import type { EmailTemplateContext, EmailTemplates } from '../email-templates';

/** Why a security email came (the footer). */
const SECURITY_FOOTER = 'You received this security email because of a change to your ClinicShare account. It cannot be turned off.';
const ACCOUNT_FOOTER = 'You received this email because this address was used for a ClinicShare account.';

/** The string `data[key]` of the notification, or '' when it is missing. */
function dataText(context: EmailTemplateContext, key: string): string {
  const value = (context.notification.data as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : '';
}

/** The link of an emailed token: `${PUBLIC_URL}${page}?token=...`. */
const tokenLink = (context: EmailTemplateContext, page: string) =>
  context.url(`${page}?token=${encodeURIComponent(dataText(context, 'token'))}`);

const greeting = (context: EmailTemplateContext) => `Hello ${salutation(context.recipient)},`;

/** The plain URL under a button, for mail clients that show no buttons. */
function LinkFallback({ href }: { href: string }) {
  return (
    <EmailText>
      If the button does not work, copy this address into your browser: <EmailLink href={href}>{href}</EmailLink>
    </EmailText>
  );
}

/** Sign-up: welcome, and the verification button (the link is good for 7 days). */
function welcome(context: EmailTemplateContext) {
  const link = tokenLink(context, '/verify-email');
  return {
    subject: 'Welcome to ClinicShare: please verify your email',
    element: (
      <EmailLayout preview="Confirm your email to finish setting up your ClinicShare account." footer={ACCOUNT_FOOTER}>
        <EmailText>{greeting(context)}</EmailText>
        <EmailText>
          Welcome to ClinicShare. You can now find medical spaces to rent by the hour, day or month, and list your own for other
          professionals.
        </EmailText>
        <EmailText>Please confirm that this email address is yours. The link is good for 7 days.</EmailText>
        <EmailButton href={link}>Verify my email</EmailButton>
        <LinkFallback href={link} />
        <EmailText>If you did not create a ClinicShare account, you can ignore this email.</EmailText>
      </EmailLayout>
    ),
  };
}

/** A fresh verification link (Resend on the profile, or a new email address). */
function verifyEmail(context: EmailTemplateContext) {
  const link = tokenLink(context, '/verify-email');
  return {
    subject: 'Verify your email for ClinicShare',
    element: (
      <EmailLayout preview="Confirm that this email address is yours." footer={ACCOUNT_FOOTER}>
        <EmailText>{greeting(context)}</EmailText>
        <EmailText>Please confirm that this is the email address of your ClinicShare account. The link is good for 7 days.</EmailText>
        <EmailButton href={link}>Verify my email</EmailButton>
        <LinkFallback href={link} />
        <EmailText>If you did not ask for this, you can ignore this email: nothing changes.</EmailText>
      </EmailLayout>
    ),
  };
}

/** Forgot password: the reset link, good for 1 hour and once. */
function passwordReset(context: EmailTemplateContext) {
  const link = tokenLink(context, '/reset-password');
  return {
    subject: 'Reset your ClinicShare password',
    element: (
      <EmailLayout preview="The link to choose a new password is good for 1 hour." footer={SECURITY_FOOTER}>
        <EmailText>{greeting(context)}</EmailText>
        <EmailText>
          Someone asked to reset the password of the ClinicShare account of this email. To choose a new password, use the button below. The
          link is good for 1 hour and works once.
        </EmailText>
        <EmailButton href={link}>Choose a new password</EmailButton>
        <LinkFallback href={link} />
        <EmailText>
          If you did not ask for this, you can ignore this email: your password stays as it is, and nobody can change it without this link.
        </EmailText>
      </EmailLayout>
    ),
  };
}

/** The password was changed (a reset or Change password): "if this was not you", and how to reset it. */
function passwordChanged(context: EmailTemplateContext) {
  const how = dataText(context, 'how');
  const changedAt = dataText(context, 'changedAt');
  const when = changedAt ? new Date(changedAt) : null;
  const whenText =
    when && !Number.isNaN(when.getTime())
      ? ` on ${when.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} (UTC)`
      : '';
  const home = context.url('/');
  return {
    subject: 'Your ClinicShare password was changed',
    element: (
      <EmailLayout preview="If this was not you, reset your password now." footer={SECURITY_FOOTER}>
        <EmailText>{greeting(context)}</EmailText>
        <EmailText>
          The password of your ClinicShare account was changed{whenText}
          {how === 'reset'
            ? ', with a password reset link sent to this email. Every device signed in to your account was signed out.'
            : ' from your profile. Your other devices were signed out.'}
        </EmailText>
        <EmailText>If this was you, there is nothing more to do.</EmailText>
        <EmailText>
          If this was not you, reset your password now: open <EmailLink href={home}>ClinicShare</EmailLink>, choose Log in, then
          &quot;Forgot password?&quot;, and enter this email. The link we send signs out every device, including whoever changed it.
        </EmailText>
      </EmailLayout>
    ),
  };
}

export const accountEmailTemplates: EmailTemplates = {
  welcome,
  verify_email: verifyEmail,
  password_reset: passwordReset,
  password_changed: passwordChanged,
};
