import { Link } from 'wouter';
import { INFO_PAGES } from '@/shared/info-pages';
import { type InfoSection, InfoPageLayout } from '@/client/components/layout/info-page';
import { draftKey } from '@/client/features/spaces/lib/listing-form';
import { USER_STORAGE_KEY } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';

const link = 'font-medium text-primary underline underline-offset-2';
const code = 'rounded bg-slate-100 px-1 py-0.5 font-mono text-sm break-all text-slate-800';

const SECTIONS: InfoSection[] = [
  {
    id: 'session-cookie',
    title: 'The one cookie: your session',
    body: (
      <>
        <p>
          When you log in or sign up, ClinicShare sets one cookie, <code className={code}>__Host-clinicshare_session</code>. It holds a
          random token that tells our server the request is yours, and nothing else: not your name, not your email, not what you looked at.
        </p>
        <p>
          It is sent only to ClinicShare (never to other sites), cannot be read by scripts on the page (HttpOnly), only travels over HTTPS
          (Secure) and is not sent with requests that other sites start (SameSite=Lax). It is deleted when you log out and expires 30 days
          after you logged in; the session behind it also ends after 14 days without use.
        </p>
        <p>Visitors who do not log in get no cookie from ClinicShare at all.</p>
      </>
    ),
  },
  {
    id: 'browser-storage',
    title: 'What the app keeps in your browser',
    body: (
      <>
        <p>Besides the cookie, the app keeps two things in your browser&apos;s local storage. Neither is sent to us or to anyone else.</p>
        <ul className="grid list-disc gap-2 pl-5">
          <li>
            <code className={code}>{USER_STORAGE_KEY}</code>: a copy of your account details (name, email, profile) while you are logged in,
            so that the page can greet you before the server has answered. It is removed when you log out; the server&apos;s session, not
            this copy, decides who you are.
          </li>
          <li>
            <code className={code}>{draftKey('…')}</code> (and one per space you edit): the listing you are writing, so that an unfinished
            listing is not lost if you close the tab. It is removed once the listing is saved.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'When you pay by card',
    body: (
      <p>
        Card payments are made in Stripe&apos;s own payment form, which is loaded only on the payment screen. Stripe may set its own cookies
        there to prevent fraud, under{' '}
        <a href="https://stripe.com/cookies-policy/legal" className={link} rel="noreferrer">
          Stripe&apos;s cookie policy
        </a>
        . They are part of paying safely, and are not set anywhere else on ClinicShare.
      </p>
    ),
  },
  {
    id: 'no-banner',
    title: 'Why there is no cookie banner',
    body: (
      <>
        <p>
          ClinicShare uses no analytics, advertising, tracking or social media cookies, and no other tracking in its place. Everything above
          is strictly necessary for what you ask the site to do (stay logged in, keep your draft, pay), which needs no consent, so we do not
          show a consent banner.
        </p>
        <p>
          If we ever wanted to add anything that is not strictly necessary, we would ask you first and change this page. What we keep on our
          side is in the{' '}
          <Link href={paths.privacy()} className={link}>
            Privacy Policy
          </Link>
          .
        </p>
      </>
    ),
  },
];

/** /cookies: the session cookie and the app's local storage, and why no consent banner is needed. */
export function CookiesPage() {
  return (
    <InfoPageLayout
      page={INFO_PAGES.cookies}
      intro={<p>Every cookie and every piece of browser storage ClinicShare uses, and what each is for.</p>}
      sections={SECTIONS}
    />
  );
}
