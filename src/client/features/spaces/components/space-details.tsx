import { countOf, PEOPLE } from '@/shared/text';
import { BadgeCheck, Check, MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { CANCELLATION_POLICY_TEXT } from '@/shared/cancellation';
import { DEFAULT_RULES_TEXT } from '@/shared/constants';
import { ROOM_FEATURE_LABELS } from '@/shared/schemas/room-features';
import type { Space, SpaceDetail } from '@/shared/schemas/spaces';
import { RatingSummary } from '@/client/components/ui/star-rating';
import { Badge } from '@/client/components/ui/badge';
import { Card } from '@/client/components/ui/card';
import { formatAmount, periodSuffix } from '@/client/lib/format';
import { Section } from './space-section';

/** Title, full address, type badge and the 'Optimal fit' badge. */
/** Title, badges and address of a space; `action` (the favourite heart) sits beside the title. */
export function SpaceSummary({ space, action }: { space: Space; action?: ReactNode }) {
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{space.spaceType}</Badge>
        {space.optimalSpecialty ? (
          <Badge variant="success">
            <BadgeCheck className="size-3.5" aria-hidden="true" />
            Optimal fit: {space.optimalSpecialty}
          </Badge>
        ) : null}
      </div>
      <div className="flex items-start justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{space.title}</h1>
        {action}
      </div>
      <p className="flex items-start gap-1.5 text-slate-600">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {space.address}, {space.city}, {space.state} {space.zipCode}
      </p>
      {space.rating ? (
        <a href="#reviews" className="w-fit hover:underline">
          <RatingSummary rating={space.rating} />
        </a>
      ) : null}
    </div>
  );
}

function CheckList({ items, empty }: { items: readonly string[]; empty: string }) {
  if (items.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex items-center gap-2 text-slate-700">
          <Check className="size-4 shrink-0 text-green-700" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** About this space, Amenities, Equipment, the stated Room features, and Rules & Policies (When it's open is `space-schedule.tsx`, after the location) (docs/product.md#space-page). */
export function SpaceSections({ space }: { space: SpaceDetail }) {
  return (
    <>
      <Section title="About this space">
        <p className="whitespace-pre-line text-slate-700">{space.description}</p>
      </Section>
      <Section title="Amenities">
        <CheckList items={space.amenities} empty="No amenities listed." />
      </Section>
      <Section title="Equipment">
        <CheckList items={space.equipment} empty="No equipment listed." />
      </Section>
      {/* Only what the owner stated: no section at all when none. */}
      {space.features.length > 0 ? (
        <Section title="Room features">
          <CheckList items={space.features.map((feature) => ROOM_FEATURE_LABELS[feature])} empty="" />
        </Section>
      ) : null}
      <Section title="Rules & Policies">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="font-medium text-slate-900">House rules</h3>
            <p className="mt-1 whitespace-pre-line text-slate-700">{space.rules || DEFAULT_RULES_TEXT}</p>
          </div>
          <div data-testid="cancellation-policy">
            <h3 className="font-medium text-slate-900">Cancellation policy</h3>
            {/* The refund rule is the policy, printed once; the owner's text is only what comes beyond it. */}
            <p className="mt-1 text-slate-700" data-testid="cancellation-policy-tier">
              {CANCELLATION_POLICY_TEXT[space.cancellationPolicyTier]}
            </p>
            {space.cancellationPolicy ? <p className="mt-2 whitespace-pre-line text-slate-700">{space.cancellationPolicy}</p> : null}
          </div>
        </div>
      </Section>
    </>
  );
}

/** The sticky side card: price with its period, capacity, type, and the page's actions. */
export function SpacePriceCard({ space, children }: { space: Space; children: ReactNode }) {
  return (
    <Card className="grid gap-4 p-5 lg:sticky lg:top-24">
      <p className="text-slate-900">
        <span className="text-3xl font-bold">{formatAmount(space.pricePerDay)}</span>
        <span className="text-slate-600">{periodSuffix(space.pricePeriod)}</span>
      </p>
      <dl className="grid gap-2 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="flex items-center gap-1.5 text-slate-600">
            <Users className="size-4" aria-hidden="true" />
            Capacity
          </dt>
          <dd className="font-medium text-slate-900">{countOf(space.capacity, PEOPLE)}</dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-slate-600">Space type</dt>
          <dd className="font-medium text-slate-900">{space.spaceType}</dd>
        </div>
      </dl>
      <div className="grid gap-2">{children}</div>
    </Card>
  );
}
