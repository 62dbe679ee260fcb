import { ArrowRight, BadgeCheck, CalendarCheck, CreditCard, Headphones, Search, ShieldCheck, Stethoscope } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { FEATURED_SPACES_COUNT } from '@/shared/constants';
import { PageMeta } from '@/client/components/page-meta';
import { Button } from '@/client/components/ui/button';
import { useSpaces } from '@/client/features/spaces/api/get-spaces';
import { useAuth } from '@/client/lib/auth';
import { FavoriteButton } from '@/client/features/favorites/components/favorite-button';
import { SpaceCard, SpaceCardSkeleton } from '@/client/features/spaces/components/space-card';
import { SpaceSearchForm, type SpaceSearchValues } from '@/client/features/spaces/components/space-search-form';
import { serializeSpaceFilters } from '@/shared/space-filters';
import { paths } from '@/client/lib/paths';
import { ARRIVAL_FOCUS, focusOnArrival } from '@/client/lib/route-focus';

const STEPS = [
  { icon: Search, title: 'Search', text: 'Filter exam rooms, dental suites and clinics by location, specialty, equipment and price.' },
  { icon: CalendarCheck, title: 'Book', text: 'Pick your dates, message the owner with questions, and pay securely online.' },
  { icon: Stethoscope, title: 'Practice', text: 'Arrive to a ready, equipped space and focus on your patients.' },
] as const;

const TRUST = [
  { icon: BadgeCheck, title: 'Verified professionals', text: 'Members are healthcare professionals with a stated specialty.' },
  { icon: ShieldCheck, title: 'Liability insurance', text: 'Coverage options so owners and renters can practice with confidence.' },
  { icon: CreditCard, title: 'Secure payments', text: 'Card payments are handled by a certified payment provider.' },
  { icon: Headphones, title: '24/7 support', text: 'Our team is here around the clock when you need a hand.' },
] as const;

export function HomePage() {
  const [, navigate] = useLocation();
  const featured = useSpaces({ limit: FEATURED_SPACES_COUNT });
  const { user } = useAuth();

  // The hero's max price comes with its period (per day unless changed): the search compares it with prices of that period only.
  // Focus goes to the results' count (src/client/components/layout/route-focus.tsx).
  const search = (values: SpaceSearchValues) =>
    navigate(paths.search(serializeSpaceFilters(values)), { state: focusOnArrival(ARRIVAL_FOCUS.results) });

  return (
    <>
      <PageMeta
        title="ClinicShare | Rent medical office space by the hour, day or month"
        description="Find and book exam rooms, dental suites, surgical suites and therapy rooms near you, or list the medical space you do not use."
      />

      <section className="bg-[linear-gradient(135deg,#1e3a8a_0%,#2563eb_55%,#0ea5e9_100%)] text-white">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 md:py-24 lg:px-8">
          <div className="max-w-3xl">
            <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">Medical space when you need it</h1>
            <p className="mt-4 text-lg text-blue-50 sm:text-xl">
              Rent fully equipped exam rooms, dental suites and clinical facilities by the hour, day or month, from practices with room to
              share.
            </p>
          </div>
          <SpaceSearchForm onSearch={search} />
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8" aria-labelledby="featured-heading">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Featured Medical Spaces
            </h2>
            <p className="mt-1 text-slate-600">Spaces ready for your next patient.</p>
          </div>
          <Button asChild variant="outline">
            <Link href={paths.search()}>
              View All Spaces
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {featured.isPending ? (
            Array.from({ length: FEATURED_SPACES_COUNT }, (_, index) => <SpaceCardSkeleton key={index} />)
          ) : featured.isError ? (
            <p className="col-span-full rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
              We&apos;re having trouble loading the medical spaces. Please try again later.
            </p>
          ) : featured.data.spaces.length === 0 ? (
            <p className="col-span-full text-slate-600">No spaces listed yet. Be the first to list yours.</p>
          ) : (
            featured.data.spaces
              .slice(0, FEATURED_SPACES_COUNT)
              .map((space) => (
                <SpaceCard
                  key={space.id}
                  space={space}
                  action={user ? <FavoriteButton userId={user.id} spaceId={space.id} spaceTitle={space.title} /> : undefined}
                />
              ))
          )}
        </div>
      </section>

      <section className="border-y border-slate-200 bg-white" aria-labelledby="how-heading">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="how-heading" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            How it works
          </h2>
          <ol className="mt-10 grid gap-8 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="text-center">
                <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <step.icon className="size-7" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">
                  {index + 1}. {step.title}
                </h3>
                <p className="mt-2 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8" aria-labelledby="trust-heading">
        <h2 id="trust-heading" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Trusted by healthcare professionals
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TRUST.map((item) => (
            <li key={item.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <item.icon className="size-8 text-primary" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8" aria-labelledby="list-heading">
        <div className="grid gap-6 rounded-2xl bg-slate-900 p-8 text-white md:grid-cols-[1fr_auto] md:items-center md:p-12">
          <div>
            <h2 id="list-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Have space you are not using?
            </h2>
            <p className="mt-3 text-slate-200">
              List your medical space for free, with no setup fees, and earn up to $2,000 a month from the rooms that sit empty.
            </p>
          </div>
          <Button asChild size="lg" className="bg-white text-slate-900 hover:bg-slate-100">
            <Link href={paths.listSpace()}>List Your Space</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
