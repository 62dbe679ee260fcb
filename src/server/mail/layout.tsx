/**
 * The ClinicShare look for emails: a white card on a light page, the logo line, a footer with
 * why the email came. Built from react-email's components (tables and inline styles that mail
 * clients render); no images, no tracking pixels.
 */
import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

const colors = { primary: '#2563eb', text: '#0f172a', muted: '#64748b', border: '#e2e8f0', page: '#f8fafc' };

/**
 * A whole email.
 * @param preview the line mail clients show after the subject
 * @param footer why this email came, and (for emails that can be turned off) how to stop them
 */
export function EmailLayout({ preview, children, footer }: { preview: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: colors.page, fontFamily: 'Inter, Segoe UI, Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}
      >
        <Container
          style={{ maxWidth: 560, margin: '0 auto', backgroundColor: '#ffffff', border: `1px solid ${colors.border}`, borderRadius: 12 }}
        >
          <Section style={{ padding: '20px 28px 0' }}>
            <Text style={{ fontSize: 20, fontWeight: 700, color: colors.primary, margin: 0 }}>ClinicShare</Text>
          </Section>
          <Section style={{ padding: '8px 28px 20px', color: colors.text, fontSize: 15, lineHeight: '24px' }}>{children}</Section>
          <Hr style={{ borderColor: colors.border, margin: 0 }} />
          <Section style={{ padding: '12px 28px 20px' }}>
            <Text style={{ fontSize: 12, lineHeight: '18px', color: colors.muted, margin: 0 }}>
              {footer ?? 'You received this email because you have a ClinicShare account.'}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of body text. */
export function EmailText({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: 15, lineHeight: '24px', color: colors.text, margin: '12px 0' }}>{children}</Text>;
}

/** The email's main action, as a button (the link is an absolute URL built from PUBLIC_URL). */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        backgroundColor: colors.primary,
        color: '#ffffff',
        borderRadius: 8,
        padding: '10px 18px',
        fontSize: 15,
        fontWeight: 600,
        margin: '8px 8px 8px 0',
      }}
    >
      {children}
    </Button>
  );
}

/** An inline link. */
export function EmailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: colors.primary }}>
      {children}
    </Link>
  );
}
