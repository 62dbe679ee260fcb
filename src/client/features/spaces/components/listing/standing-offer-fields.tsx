import { useId } from 'react';
import { STANDING_MINIMUM_TERM_MONTHS_MAX, STANDING_NOTICE_DAYS_MAX, STANDING_NOTICE_DAYS_MIN } from '@/shared/constants';
import type { StandingBilling } from '@/shared/schemas/standing-bookings';
import { Checkbox } from '@/client/components/ui/checkbox';
import { FieldError, fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { STANDING_BILLING_ORDER, type FieldErrors, type ListingFormValues } from '../../lib/listing-form';

const BILLING_LABELS: Record<StandingBilling, string> = { weekly: 'Billed weekly', monthly: 'Billed monthly' };

type StandingValues = Pick<
  ListingFormValues,
  'standingOffered' | 'standingBilling' | 'standingNoticeDays' | 'standingMinimumTermMonths' | 'pricePeriod'
>;

/**
 * The listing wizard's optional "Standing bookings" part (src/shared/schemas/standing-bookings.ts): whether
 * renters may book chosen weekdays until they give notice, billed weekly and/or monthly in advance, with the
 * notice in days and the minimum term in months. A listing priced per month cannot offer them (they repeat weekly).
 */
export function StandingOfferFields({
  values,
  errors,
  set,
}: {
  values: StandingValues;
  errors: FieldErrors;
  set: <K extends keyof ListingFormValues>(key: K, value: ListingFormValues[K]) => void;
}) {
  const id = useId();
  const monthly = values.pricePeriod === 'monthly';
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-4" data-testid="standing-offer-fields">
      <legend className="px-1 text-sm font-medium text-slate-900">Standing bookings (optional)</legend>
      <div className="flex items-start gap-3">
        <Checkbox
          id={`${id}-offered`}
          className="mt-0.5"
          checked={values.standingOffered && !monthly}
          disabled={monthly}
          onCheckedChange={(checked) => set('standingOffered', checked === true)}
          aria-describedby={`${id}-offered-hint`}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-offered`} className="leading-snug">
            Offer standing bookings
          </Label>
          <p id={`${id}-offered-hint`} className="text-xs text-slate-600">
            {monthly
              ? 'Standing bookings repeat weekly, so a space priced per month cannot offer them.'
              : 'Renters book the same weekdays every week until they give notice, paying in advance.'}
          </p>
        </div>
      </div>
      {values.standingOffered && !monthly ? (
        <>
          <div role="group" aria-labelledby={`${id}-billing`} aria-describedby={errors.standingBilling ? `${id}-billing-error` : undefined}>
            <p id={`${id}-billing`} className="mb-1 text-sm font-medium text-slate-900">
              Billing renters may choose
            </p>
            <div className="flex flex-wrap gap-4">
              {STANDING_BILLING_ORDER.map((billing) => (
                <div key={billing} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-${billing}`}
                    checked={values.standingBilling.includes(billing)}
                    onCheckedChange={(checked) =>
                      set(
                        'standingBilling',
                        checked === true ? [...values.standingBilling, billing] : values.standingBilling.filter((item) => item !== billing),
                      )
                    }
                  />
                  <Label htmlFor={`${id}-${billing}`} className="font-normal">
                    {BILLING_LABELS[billing]}
                  </Label>
                </div>
              ))}
            </div>
            <FieldError id={`${id}-billing-error`} message={errors.standingBilling} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id={`${id}-notice`}
              label="Notice (days)"
              hint={`Days of notice a renter gives to end it, from ${STANDING_NOTICE_DAYS_MIN} to ${STANDING_NOTICE_DAYS_MAX}.`}
              error={errors.standingNoticeDays}
            >
              <Input
                {...fieldAria(`${id}-notice`, errors.standingNoticeDays, true)}
                type="number"
                inputMode="numeric"
                min={STANDING_NOTICE_DAYS_MIN}
                max={STANDING_NOTICE_DAYS_MAX}
                step={1}
                value={values.standingNoticeDays}
                onChange={(event) => set('standingNoticeDays', event.target.value)}
                className="max-w-40"
              />
            </FormField>
            <FormField
              id={`${id}-term`}
              label="Minimum term (months)"
              hint={`It runs at least this long from its first day; 0 for none, at most ${STANDING_MINIMUM_TERM_MONTHS_MAX}.`}
              error={errors.standingMinimumTermMonths}
            >
              <Input
                {...fieldAria(`${id}-term`, errors.standingMinimumTermMonths, true)}
                type="number"
                inputMode="numeric"
                min={0}
                max={STANDING_MINIMUM_TERM_MONTHS_MAX}
                step={1}
                value={values.standingMinimumTermMonths}
                onChange={(event) => set('standingMinimumTermMonths', event.target.value)}
                className="max-w-40"
              />
            </FormField>
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
