import { useQuery } from '@tanstack/react-query';
import { Check, LoaderCircle, MapPin } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CANCELLATION_POLICY_LABELS, CANCELLATION_POLICY_TEXT } from '@/shared/cancellation';
import {
  AMENITIES,
  CANCELLATION_POLICY_TIERS,
  EQUIPMENT,
  MIN_UNIT_PRICE_CENTS,
  PRICING_PERIOD_LABELS,
  PRICING_PERIODS,
  SPACE_TYPES,
  SPECIALTIES,
  TURNOVER_CHECKLIST_MAX_ITEMS,
  type CancellationPolicyTier,
  type Equipment,
  type PricingPeriod,
  type SpaceType,
} from '@/shared/constants';
import { MAX_REVEAL_HOURS, MIN_REVEAL_HOURS } from '@/shared/access';
import { AGREEMENT_TERMS_MAX } from '@/shared/schemas/fields';
import { ROOM_FEATURE_LABELS, ROOM_FEATURES } from '@/shared/schemas/room-features';
import type { CreateSpaceInput } from '@/shared/schemas/spaces';
import { US_STATE_CODES, US_STATES } from '@/shared/time-zones';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { FieldError, fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/lib/use-toast';
import { cn } from '@/client/lib/cn';
import { getGeocodeQueryOptions } from '../../api/geocode-address';
import {
  BLOCKED_FIRST_DAY_MISSING,
  BLOCKED_LAST_DAY_MISSING,
  clearDraft,
  EQUIPMENT_BY_SPACE_TYPE,
  isStepValid,
  LISTING_STEPS,
  missingFields,
  readDraft,
  scheduleErrors,
  stepErrors,
  toPayload,
  writeDraft,
  type ListingFormValues,
} from '../../lib/listing-form';
import { PhotoUploader } from './photo-uploader';
import { ScheduleEditor } from './schedule-editor';
import { StandingOfferFields } from './standing-offer-fields';

const LocationPickerMap = lazy(() => import('../map/location-picker-map'));

interface ListingWizardProps {
  initialValues: ListingFormValues;
  /** Local-storage key of the draft (see `draftKey`). */
  draftStorageKey: string;
  submitLabel: string;
  submitting: boolean;
  /** Resolves when saved (the draft is then cleared); rejects to keep the wizard open. */
  onSubmit: (payload: CreateSpaceInput) => Promise<void>;
  /** Shown in the last step under the schedule and blocked dates: the page's "Calendars" section (imported calendars). */
  calendars?: ReactNode;
}

/** The progress indicator: numbered steps, a check mark on completed ones, the current one marked. */
function StepIndicator({ step, values }: { step: number; values: ListingFormValues }) {
  return (
    <ol className="grid grid-cols-4 gap-2" aria-label="Progress">
      {LISTING_STEPS.map((name, index) => {
        const done = index < step && isStepValid(index, values);
        const current = index === step;
        return (
          <li key={name} aria-current={current ? 'step' : undefined} className="flex flex-col items-center gap-1.5 text-center">
            <span
              className={cn(
                'flex size-9 items-center justify-center rounded-full border-2 text-sm font-semibold',
                done
                  ? 'border-primary bg-primary text-white'
                  : current
                    ? 'border-primary bg-white text-primary'
                    : 'border-slate-300 bg-white text-slate-600',
              )}
            >
              {done ? <Check className="size-5" aria-label="completed" /> : index + 1}
            </span>
            <span className={cn('text-xs sm:text-sm', current ? 'font-semibold text-slate-900' : 'text-slate-600')}>{name}</span>
          </li>
        );
      })}
    </ol>
  );
}

function CheckboxGroup<T extends string>({
  legend,
  options,
  labels,
  selected,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  /** What each option reads as, when not the option itself (room features are identifiers). */
  labels?: Readonly<Record<T, string>>;
  selected: T[];
  onChange: (next: T[]) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <div key={option} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${option}`}
              checked={selected.includes(option)}
              onCheckedChange={(checked) => onChange(checked === true ? [...selected, option] : selected.filter((item) => item !== option))}
            />
            <Label htmlFor={`${id}-${option}`} className="font-normal">
              {labels?.[option] ?? option}
            </Label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The equipment step 3 offers: the space type's usual equipment (`EQUIPMENT_BY_SPACE_TYPE`) and any
 * already chosen, in the list's order; everything with `all` or before a type is chosen.
 */
function offeredEquipment(spaceType: string, selected: readonly Equipment[], all: boolean): Equipment[] {
  const usual = EQUIPMENT_BY_SPACE_TYPE[spaceType as SpaceType] as readonly Equipment[] | undefined;
  if (all || !usual) return [...EQUIPMENT];
  return EQUIPMENT.filter((item) => usual.includes(item) || selected.includes(item));
}

/** The schedule editor's errors, less a blocked-dates row's missing day until the owner tries to go on. */
function visibleScheduleErrors(errors: Record<string, string>, tried: boolean): Record<string, string> {
  if (tried) return errors;
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== BLOCKED_FIRST_DAY_MISSING && message !== BLOCKED_LAST_DAY_MISSING),
  );
}

/** Step 2's pin: the server's geocoding of the address, which the owner can drag. */
function LocationPreview({
  values,
  onPin,
}: {
  values: ListingFormValues;
  onPin: (latitude: number, longitude: number, pinned: boolean) => void;
}) {
  const parts = { address: values.address.trim(), city: values.city.trim(), state: values.state.trim(), zipCode: values.zipCode.trim() };
  const ready = isStepValid(1, values);
  const [debounced, setDebounced] = useState(parts);
  const partsKey = JSON.stringify(parts);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(JSON.parse(partsKey) as typeof parts), 600);
    return () => clearTimeout(timer);
  }, [partsKey]);
  const settled = JSON.stringify(debounced) === partsKey;
  const geocode = useQuery({ ...getGeocodeQueryOptions(debounced), enabled: ready && settled });
  // A new address moves the pin to its geocoded point (unless the owner has placed it for this very address).
  const lastPlaced = useRef<string | null>(values.latitude !== null ? partsKey : null);
  useEffect(() => {
    if (!geocode.data || !settled || lastPlaced.current === partsKey) return;
    lastPlaced.current = partsKey;
    const { location } = geocode.data;
    if (location) {
      onPin(location.latitude, location.longitude, false);
    } else {
      toast({
        variant: 'destructive',
        title: 'Location not found',
        description: "We couldn't find the exact location for your address. Your space will still be listed but won't appear on the map.",
      });
    }
  }, [geocode.data, settled, partsKey, onPin]);

  if (!ready) return <p className="text-sm text-slate-600">Enter the full address to see it on the map.</p>;
  if (values.latitude === null || values.longitude === null) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        {geocode.isFetching || !settled ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <MapPin className="size-4" aria-hidden="true" />
        )}
        {geocode.isFetching || !settled ? 'Finding the address on the map...' : 'This address could not be placed on the map.'}
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <p className="text-sm text-slate-600">Drag the pin (or click the map) if it is not exactly where your space is.</p>
      <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
        <LocationPickerMap
          latitude={values.latitude}
          longitude={values.longitude}
          onMove={(latitude, longitude) => onPin(latitude, longitude, true)}
        />
      </Suspense>
      {values.pinned ? <p className="text-xs text-slate-600">Pin placed by you.</p> : null}
    </div>
  );
}

/**
 * The four-step listing wizard (docs/product.md#listing-a-space and #validation): Basic Information,
 * Location Details, Amenities & Equipment, Pricing & Policies (with the schedule and blocked
 * dates, docs/product.md#schedules, and the page's `calendars`). Next (and the last step's button) with the step incomplete
 * says which fields are missing, there and at each field; the values are kept in a local-storage
 * draft until saved.
 */
export function ListingWizard({ initialValues, draftStorageKey, submitLabel, submitting, onSubmit, calendars }: ListingWizardProps) {
  const id = useId();
  const [draft] = useState(() => readDraft(draftStorageKey));
  const [values, setValues] = useState<ListingFormValues>(draft?.values ?? initialValues);
  const [step, setStep] = useState(draft?.step ?? 0);
  const [touched, setTouched] = useState<Partial<Record<keyof ListingFormValues, boolean>>>({});
  const [uploading, setUploading] = useState(false);
  // Set by an attempt to go on with the step incomplete: every field then shows what it lacks.
  const [tried, setTried] = useState(false);
  const [allEquipment, setAllEquipment] = useState(false);
  const missingRef = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const saved = useRef(false);

  useEffect(() => {
    if (!saved.current) writeDraft(draftStorageKey, { values, step });
  }, [draftStorageKey, values, step]);

  const set = <K extends keyof ListingFormValues>(key: K, value: ListingFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const touch = (key: keyof ListingFormValues) => setTouched((current) => ({ ...current, [key]: true }));
  const onPin = useCallback(
    (latitude: number, longitude: number, pinned: boolean) => setValues((current) => ({ ...current, latitude, longitude, pinned })),
    [],
  );
  const onImagesChange = useCallback(
    (update: (images: string[]) => string[]) => setValues((current) => ({ ...current, images: update(current.images) })),
    [],
  );

  const errors = stepErrors(step, values);
  const shown = (key: keyof ListingFormValues) => (touched[key] || tried ? errors[key] : undefined);
  const valid = Object.keys(errors).length === 0 && !(step === 2 && uploading);
  const last = step === LISTING_STEPS.length - 1;

  const go = (next: number) => {
    setStep(next);
    setTouched({});
    setTried(false);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const text = (key: 'title' | 'address' | 'city' | 'zipCode', label: string, props: Partial<React.ComponentProps<'input'>> = {}) => (
    <FormField id={`${id}-${key}`} label={label} error={shown(key)}>
      <Input
        {...fieldAria(`${id}-${key}`, shown(key))}
        value={values[key]}
        onChange={(event) => {
          const value = event.target.value;
          setValues((current) => ({
            ...current,
            [key]: value,
            ...(['address', 'city', 'state', 'zipCode'].includes(key) ? { pinned: false } : {}),
          }));
        }}
        onBlur={() => touch(key)}
        {...props}
      />
    </FormField>
  );

  /** Goes on when the step is complete; otherwise shows what is missing, at the fields and in one list. */
  const attempt = (onward: () => void) => {
    if (valid) {
      onward();
      return;
    }
    setTried(true);
    requestAnimationFrame(() => missingRef.current?.focus());
  };
  const missing = uploading && step === 2 ? [] : missingFields(step, values);

  const submit = async () => {
    try {
      await onSubmit(toPayload(values));
      saved.current = true;
      clearDraft(draftStorageKey);
    } catch {
      // The caller has told the person; the wizard and its draft stay.
    }
  };

  let body: ReactNode;
  if (step === 0) {
    body = (
      <div className="grid gap-4">
        {text('title', 'Title', { placeholder: 'e.g. Bright exam room near downtown' })}
        <FormField id={`${id}-spaceType`} label="Space type" error={shown('spaceType')}>
          <Select
            {...fieldAria(`${id}-spaceType`, shown('spaceType'))}
            value={values.spaceType}
            onChange={(event) => set('spaceType', event.target.value)}
            onBlur={() => touch('spaceType')}
          >
            <option value="">Choose a space type</option>
            {SPACE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={`${id}-description`} label="Description" error={shown('description')}>
          <Textarea
            {...fieldAria(`${id}-description`, shown('description'))}
            rows={5}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            onBlur={() => touch('description')}
          />
        </FormField>
        <FormField id={`${id}-capacity`} label="Capacity (people)" error={shown('capacity')}>
          <Input
            {...fieldAria(`${id}-capacity`, shown('capacity'))}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.capacity}
            onChange={(event) => set('capacity', event.target.value)}
            onBlur={() => touch('capacity')}
            className="max-w-40"
          />
        </FormField>
      </div>
    );
  } else if (step === 1) {
    body = (
      <div className="grid gap-4">
        {text('address', 'Street address', { autoComplete: 'street-address' })}
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem_9rem]">
          {text('city', 'City', { autoComplete: 'address-level2' })}
          <FormField id={`${id}-state`} label="State" error={shown('state')}>
            <Select
              {...fieldAria(`${id}-state`, shown('state'))}
              autoComplete="address-level1"
              value={values.state}
              onChange={(event) => {
                const state = event.target.value;
                setValues((current) => ({ ...current, state, pinned: false }));
              }}
              onBlur={() => touch('state')}
            >
              <option value="">Choose a state</option>
              {US_STATE_CODES.map((code) => (
                <option key={code} value={code}>
                  {US_STATES[code].name} ({code})
                </option>
              ))}
            </Select>
          </FormField>
          {text('zipCode', 'ZIP code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
        </div>
        <LocationPreview values={values} onPin={onPin} />
      </div>
    );
  } else if (step === 2) {
    body = (
      <div className="grid gap-6">
        <p className="text-sm text-slate-600">Choose at least one amenity. Equipment and room features are optional.</p>
        <div className="grid gap-1">
          <CheckboxGroup legend="Amenities" options={AMENITIES} selected={values.amenities} onChange={(next) => set('amenities', next)} />
          {tried && errors.amenities ? <FieldError message={errors.amenities} /> : null}
        </div>
        <div className="grid gap-2">
          <CheckboxGroup
            legend="Equipment (optional)"
            options={offeredEquipment(values.spaceType, values.equipment, allEquipment)}
            selected={values.equipment}
            onChange={(next) => set('equipment', next)}
          />
          {offeredEquipment(values.spaceType, values.equipment, false).length < EQUIPMENT.length ? (
            <div>
              <Button variant="link" size="sm" className="px-0" aria-expanded={allEquipment} onClick={() => setAllEquipment(!allEquipment)}>
                {allEquipment ? 'Show the usual equipment only' : 'Show all equipment'}
              </Button>
            </div>
          ) : null}
        </div>
        <CheckboxGroup
          legend="Room features (optional)"
          options={ROOM_FEATURES}
          labels={ROOM_FEATURE_LABELS}
          selected={values.features}
          onChange={(next) => set('features', next)}
        />
        <FormField id={`${id}-specialty`} label="Optimal specialty (optional)">
          <Select id={`${id}-specialty`} value={values.optimalSpecialty} onChange={(event) => set('optimalSpecialty', event.target.value)}>
            <option value="">No particular specialty</option>
            {SPECIALTIES.map((specialty) => (
              <option key={specialty} value={specialty}>
                {specialty}
              </option>
            ))}
          </Select>
        </FormField>
        <PhotoUploader images={values.images} onImagesChange={onImagesChange} onBusyChange={setUploading} />
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-price`} label="Price (USD)" error={shown('pricePerDay')}>
            <Input
              {...fieldAria(`${id}-price`, shown('pricePerDay'))}
              type="number"
              inputMode="decimal"
              min={MIN_UNIT_PRICE_CENTS / 100}
              step={0.01}
              value={values.pricePerDay}
              onChange={(event) => set('pricePerDay', event.target.value)}
              onBlur={() => touch('pricePerDay')}
            />
          </FormField>
          <FormField id={`${id}-period`} label="Pricing period">
            <Select
              id={`${id}-period`}
              value={values.pricePeriod}
              onChange={(event) => set('pricePeriod', event.target.value as PricingPeriod)}
            >
              {PRICING_PERIODS.map((period) => (
                <option key={period} value={period}>
                  per {PRICING_PERIOD_LABELS[period]}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-from`} label="Available from (optional)">
            <Input
              id={`${id}-from`}
              type="date"
              value={values.availableFrom}
              onChange={(event) => set('availableFrom', event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-to`} label="Available until (optional)" error={errors.availableTo}>
            <Input
              {...fieldAria(`${id}-to`, errors.availableTo)}
              type="date"
              value={values.availableTo}
              onChange={(event) => set('availableTo', event.target.value)}
            />
          </FormField>
        </div>
        <ScheduleEditor
          schedule={values.schedule}
          blockedDates={values.blockedDates}
          pricePeriod={values.pricePeriod}
          errors={visibleScheduleErrors(scheduleErrors(values), tried)}
          onScheduleChange={(schedule) => set('schedule', schedule)}
          onBlockedDatesChange={(ranges) => set('blockedDates', ranges)}
        />
        {calendars}
        <FormField id={`${id}-rules`} label="Rules (optional)" hint="Shown as Rules & Policies on the space page.">
          <Textarea
            {...fieldAria(`${id}-rules`, undefined, true)}
            rows={3}
            value={values.rules}
            onChange={(event) => set('rules', event.target.value)}
          />
        </FormField>
        <FormField
          id={`${id}-agreement-terms`}
          label="Your own agreement terms (optional)"
          hint={`Added to the space-use agreement of each booking, after its template terms (at most ${AGREEMENT_TERMS_MAX.toLocaleString('en-US')} characters).`}
          error={errors.agreementTerms}
        >
          <Textarea
            {...fieldAria(`${id}-agreement-terms`, errors.agreementTerms, true)}
            rows={3}
            value={values.agreementTerms}
            onChange={(event) => set('agreementTerms', event.target.value)}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={`${id}-booking`}
            label="How renters book"
            hint={
              values.instantBook
                ? 'Renters book and pay at once.'
                : 'You accept or decline each request within 48 hours; cards are charged only when you accept.'
            }
          >
            <Select
              id={`${id}-booking`}
              value={values.instantBook ? 'instant' : 'request'}
              onChange={(event) => set('instantBook', event.target.value === 'instant')}
            >
              <option value="instant">Instant booking</option>
              <option value="request">Request to book</option>
            </Select>
          </FormField>
          <FormField id={`${id}-tier`} label="Cancellation refunds" hint={CANCELLATION_POLICY_TEXT[values.cancellationPolicyTier]}>
            <Select
              id={`${id}-tier`}
              value={values.cancellationPolicyTier}
              onChange={(event) => set('cancellationPolicyTier', event.target.value as CancellationPolicyTier)}
            >
              {CANCELLATION_POLICY_TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  {CANCELLATION_POLICY_LABELS[tier]}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-insurance`}
            className="mt-0.5"
            checked={values.requiresInsurance}
            onCheckedChange={(checked) => set('requiresInsurance', checked === true)}
            aria-describedby={`${id}-insurance-hint`}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-insurance`} className="leading-snug">
              Require proof of insurance
            </Label>
            <p id={`${id}-insurance-hint`} className="text-xs text-slate-600">
              Renters can book only with a certificate of insurance on their profile, valid through the last day they book. You see it on
              their request.
            </p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={`${id}-access-method`}
            label="How renters get in"
            hint={
              values.accessMethod === 'door_code'
                ? 'Each booking gets its own code from your lock, working from 15 minutes before the start to 15 minutes after the end.'
                : 'Renters are shown your access instructions below.'
            }
          >
            <Select
              id={`${id}-access-method`}
              value={values.accessMethod}
              onChange={(event) => set('accessMethod', event.target.value === 'door_code' ? 'door_code' : 'instructions')}
            >
              <option value="instructions">Access instructions</option>
              <option value="door_code">Door code from my lock</option>
            </Select>
          </FormField>
          <FormField
            id={`${id}-access-hours`}
            label="Show it to the renter (hours before the start)"
            hint={`From ${MIN_REVEAL_HOURS} to ${MAX_REVEAL_HOURS} hours; only for confirmed bookings.`}
            error={errors.accessRevealHours}
          >
            <Input
              {...fieldAria(`${id}-access-hours`, errors.accessRevealHours, true)}
              type="number"
              inputMode="numeric"
              min={MIN_REVEAL_HOURS}
              max={MAX_REVEAL_HOURS}
              step={1}
              value={values.accessRevealHours}
              onChange={(event) => set('accessRevealHours', event.target.value)}
              className="max-w-40"
            />
          </FormField>
        </div>
        <FormField
          id={`${id}-access-instructions`}
          label="Access instructions (optional)"
          hint="How to get in: entrance, reception, keys. Private: shown only to confirmed renters, from the time above."
          error={errors.accessInstructions}
        >
          <Textarea
            {...fieldAria(`${id}-access-instructions`, errors.accessInstructions, true)}
            rows={3}
            value={values.accessInstructions}
            onChange={(event) => set('accessInstructions', event.target.value)}
          />
        </FormField>
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-check-in`}
            className="mt-0.5"
            checked={values.requiresCheckIn}
            onCheckedChange={(checked) => set('requiresCheckIn', checked === true)}
            aria-describedby={`${id}-check-in-hint`}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-check-in`} className="leading-snug">
              Check-in required
            </Label>
            <p id={`${id}-check-in-hint`} className="text-xs text-slate-600">
              Renters check in when they arrive. You can mark a renter who does not check in a no-show; no-shows are not refunded.
            </p>
          </div>
        </div>
        <FormField
          id={`${id}-turnover`}
          label="Turnover checklist"
          hint={`One item a line, at most ${TURNOVER_CHECKLIST_MAX_ITEMS}. Renters tick it at check-out, and you can attest it too.`}
          error={errors.turnoverChecklist}
        >
          <Textarea
            {...fieldAria(`${id}-turnover`, errors.turnoverChecklist, true)}
            rows={3}
            value={values.turnoverChecklist}
            onChange={(event) => set('turnoverChecklist', event.target.value)}
          />
        </FormField>
        <FormField
          id={`${id}-cancellation`}
          label="Cancellation policy (optional)"
          hint="Anything renters should know beyond the refund rule above."
        >
          <Textarea
            id={`${id}-cancellation`}
            rows={3}
            value={values.cancellationPolicy}
            onChange={(event) => set('cancellationPolicy', event.target.value)}
          />
        </FormField>
        <StandingOfferFields values={values} errors={errors} set={set} />
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <StepIndicator step={step} values={values} />
      <section aria-labelledby={`${id}-step`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id={`${id}-step`} ref={heading} tabIndex={-1} className="mb-4 text-lg font-semibold text-slate-900 outline-none">
          Step {step + 1} of {LISTING_STEPS.length}: {LISTING_STEPS[step]}
        </h2>
        {body}
      </section>
      {tried && !valid ? (
        <div
          ref={missingRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 outline-none"
          data-testid="step-missing"
        >
          {missing.length > 0 ? `Complete these to continue: ${missing.join(', ')}.` : 'Wait for the photos to finish uploading.'}
        </div>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <Button variant="outline" disabled={step === 0} onClick={() => go(step - 1)}>
          Previous
        </Button>
        {last ? (
          <Button disabled={submitting} onClick={() => attempt(() => void submit())}>
            {submitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {submitLabel}
          </Button>
        ) : (
          <Button onClick={() => attempt(() => go(step + 1))}>Next</Button>
        )}
      </div>
    </div>
  );
}
