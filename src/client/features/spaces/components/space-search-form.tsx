import { MapPin, Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PRICING_PERIODS, type PricingPeriod } from '@/shared/constants';
import { locationSearchSchema } from '@/shared/schemas/spaces';
import { Button } from '@/client/components/ui/button';
import { FieldError } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { cn } from '@/client/lib/cn';
import { periodUnit } from '@/client/lib/format';
import { SpecialtyOptions } from './specialty-options';

export interface SpaceSearchValues {
  location?: string;
  specialty?: string;
  maxPrice?: number;
  /** The period the max price is per; set only with a max price (a bound per day is compared with daily prices only). */
  period?: PricingPeriod;
}

interface SpaceSearchFormProps {
  /** `hero`: location, specialty and max price (home); `compact`: location only (search page, where the sidebar has the rest). */
  variant?: 'hero' | 'compact';
  defaultValues?: SpaceSearchValues;
  onSearch: (values: SpaceSearchValues) => void;
  className?: string;
}

/** The search form of the home hero and the top of /search. Empty values and 'any' are left out. */
export function SpaceSearchForm({ variant = 'hero', defaultValues = {}, onSearch, className }: SpaceSearchFormProps) {
  const id = useId();
  const hero = variant === 'hero';
  // The server's rule for a location search (at most 10 comma-separated parts), checked before searching.
  const [locationError, setLocationError] = useState<string>();
  // The max price's period, shown beside it and in its label (per day unless the search said otherwise).
  const [period, setPeriod] = useState<PricingPeriod>(defaultValues.period ?? 'daily');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const location = String(data.get('location') ?? '').trim();
    const checked = locationSearchSchema.safeParse(location);
    setLocationError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    const specialty = String(data.get('specialty') ?? 'any');
    const maxPriceText = String(data.get('maxPrice') ?? '').trim();
    const maxPrice = maxPriceText === '' ? Number.NaN : Number(maxPriceText);
    const hasMaxPrice = hero && Number.isFinite(maxPrice) && maxPrice >= 0;
    onSearch({
      location: location || undefined,
      specialty: specialty && specialty !== 'any' ? specialty : undefined,
      maxPrice: hasMaxPrice ? maxPrice : undefined,
      period: hasMaxPrice ? period : undefined,
    });
  };

  return (
    <form
      role="search"
      onSubmit={handleSubmit}
      className={cn(
        'grid gap-3',
        hero
          ? 'rounded-xl bg-white p-4 text-left shadow-lg sm:p-5 md:grid-cols-[1.3fr_1.1fr_1.2fr_auto] md:items-end'
          : 'sm:grid-cols-[1fr_auto] sm:items-end',
        className,
      )}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-location`}>Location</Label>
        <div className="relative">
          <MapPin className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input
            id={`${id}-location`}
            name="location"
            placeholder="City, state or ZIP"
            autoComplete="off"
            defaultValue={defaultValues.location ?? ''}
            className="pl-9"
            aria-invalid={locationError ? true : undefined}
            aria-describedby={locationError ? `${id}-location-error` : undefined}
          />
        </div>
        <FieldError id={`${id}-location-error`} message={locationError} />
      </div>
      {hero ? (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-specialty`}>Best suited for</Label>
            <Select id={`${id}-specialty`} name="specialty" defaultValue={defaultValues.specialty ?? 'any'}>
              <SpecialtyOptions />
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-max-price`}>Max price per {periodUnit(period)}</Label>
            <div className="flex gap-2">
              <Input
                id={`${id}-max-price`}
                name="maxPrice"
                type="number"
                inputMode="decimal"
                min={0}
                step={1}
                placeholder="Any"
                defaultValue={defaultValues.maxPrice ?? ''}
                className="min-w-0 flex-1"
              />
              <Label htmlFor={`${id}-period`} className="sr-only">
                Priced per
              </Label>
              <Select
                id={`${id}-period`}
                value={period}
                onChange={(event) => setPeriod(event.target.value as PricingPeriod)}
                className="w-auto"
              >
                {PRICING_PERIODS.map((option) => (
                  <option key={option} value={option}>
                    {periodUnit(option)}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        </>
      ) : null}
      <Button type="submit" size={hero ? 'lg' : 'default'} className="w-full md:w-auto">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}
