import { HeartHandshake, ShieldCheck, Stethoscope, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PageMeta } from '@/client/components/page-meta';
import { Card, CardContent } from '@/client/components/ui/card';
import { toast } from '@/client/lib/use-toast';
import { DonationForm } from '@/client/features/payments/components/donation-form';
import { paths } from '@/client/lib/paths';

const VALUES = [
  {
    icon: Stethoscope,
    title: 'Access to care',
    text: 'Unused clinic rooms become appointments: more practitioners can see patients close to where they live.',
  },
  {
    icon: Users,
    title: 'Independent practitioners',
    text: 'New and part-time clinicians start seeing patients without a long lease or a build-out.',
  },
  {
    icon: ShieldCheck,
    title: 'Trust and safety',
    text: 'Verified professionals, clear policies and secure payments keep every booking fair for both sides.',
  },
];

/** /donate (docs/product.md#donate, #donation-flow and #user-facing-messages): mission, values, and the donation flow; `success=true` thanks the donor and is removed from the URL. */
export function DonatePage() {
  const [, navigate] = useLocation();
  const success = new URLSearchParams(useSearch()).get('success') === 'true';
  // A new form after each donation (back to the amount step).
  const [formKey, setFormKey] = useState(0);
  const thanked = useRef(false);

  useEffect(() => {
    if (!success) {
      thanked.current = false;
      return;
    }
    if (thanked.current) return; // StrictMode runs effects twice in development
    thanked.current = true;
    navigate(paths.donate(), { replace: true });
    setFormKey((key) => key + 1);
    toast({ title: 'Thank You!', description: 'Your donation helps more clinicians find space to care for patients.' });
  }, [success, navigate]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <PageMeta title="Donate | ClinicShare" description="Support ClinicShare's mission to make medical space easy to share." />
      <div className="mx-auto max-w-3xl text-center">
        <HeartHandshake className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Support ClinicShare</h1>
        <p className="mt-4 text-lg text-slate-700">
          Our mission is to make it simple for healthcare professionals to share medical space, so fewer rooms sit empty and more patients
          get care close to home. Your donation keeps the platform running and helps us reach more communities.
        </p>
        <p className="mt-4 text-slate-700" data-testid="no-fees">
          ClinicShare charges no listing fees and takes no commission on repeat business: listing a space is free, and the only charge is a
          10% platform fee on a renter&apos;s first booking with an owner, included in the price shown. Later bookings between the same
          renter and owner carry no fee.
        </p>
      </div>

      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        {VALUES.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <CardContent className="grid gap-2 pt-5">
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <h2 className="font-semibold text-slate-900">{title}</h2>
                <p className="text-sm text-slate-600">{text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>

      <Card className="mx-auto mt-10 max-w-2xl">
        <CardContent className="grid gap-4 pt-6">
          <h2 className="text-xl font-semibold text-slate-900">Make a donation</h2>
          <DonationForm
            key={formKey}
            returnUrl={new URL(`${paths.donate()}?success=true`, window.location.origin).href}
            onDonated={() => navigate(`${paths.donate()}?success=true`, { replace: true })}
          />
        </CardContent>
      </Card>
    </div>
  );
}
