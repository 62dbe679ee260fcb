import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { SEARCH_TIME_WINDOWS, SPACE_TYPES, type PricingPeriod, type SearchTimeWindow, type SpaceType } from '@/shared/constants';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { cn } from '@/client/lib/cn';
import { periodUnit } from '@/client/lib/format';
import { SpecialtyOptions } from './specialty-options';
import { ROOM_FEATURE_LABELS, ROOM_FEATURES } from '@/shared/schemas/room-features';
import { FILTER_AMENITIES, FILTER_EQUIPMENT, hasActiveFilters, type SpaceFilters } from '@/shared/space-filters';

interface SpaceFiltersPanelProps {
  filters: SpaceFilters;
  /** `replace` for changes made while typing, so they do not pile up in the history. */
  onChange: (next: SpaceFilters, options?: { replace?: boolean }) => void;
  className?: string;
}

/**
 * The sidebar filters of /search; on phones it folds behind a 'Filters' toggle.
 * The price range has its period, so a bound per day is compared with daily prices only.
 */
export function SpaceFiltersPanel({ filters, onChange, className }: SpaceFiltersPanelProps) {
  const id = useId();
  const [openOnPhone, setOpenOnPhone] = useState(false);
  const panelId = `${id}-panel`;

  const toggle = <T extends string>(list: readonly T[] | undefined, value: T, checked: boolean): T[] | undefined => {
    const next = checked ? [...(list ?? []), value] : (list ?? []).filter((item) => item !== value);
    return next.length > 0 ? next : undefined;
  };

  return (
    <aside aria-label="Filters" className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)}>
      <div className="flex items-center justify-between gap-2 p-4 md:pb-0">
        <Button
          variant="outline"
          size="sm"
          className="md:hidden"
          aria-expanded={openOnPhone}
          aria-controls={panelId}
          onClick={() => setOpenOnPhone((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
        </Button>
        <h2 className="hidden text-base font-semibold md:block">Filters</h2>
        <Button variant="link" size="sm" className="h-auto px-0" disabled={!hasActiveFilters(filters)} onClick={() => onChange({})}>
          Clear all
        </Button>
      </div>

      <div id={panelId} className={cn('gap-6 p-4 md:grid', openOnPhone ? 'grid' : 'hidden')}>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-sort`}>Sort by</Label>
          <Select
            id={`${id}-sort`}
            value={filters.sort ?? 'newest'}
            onChange={(event) => onChange({ ...filters, sort: event.target.value === 'rating' ? 'rating' : undefined })}
          >
            <option value="newest">Newest</option>
            <option value="rating">Highest rated</option>
          </Select>
          <div className="mt-1 flex items-center gap-2.5">
            <input
              id={`${id}-min-rating`}
              type="checkbox"
              className="size-4 rounded border-slate-400 accent-primary"
              checked={filters.minRating === 4}
              onChange={(event) => onChange({ ...filters, minRating: event.target.checked ? 4 : undefined })}
            />
            <label htmlFor={`${id}-min-rating`} className="text-sm text-slate-700">
              4+ stars
            </label>
          </div>
        </div>

        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-space-type`}>Space type</Label>
          <Select
            id={`${id}-space-type`}
            value={filters.spaceType ?? 'all'}
            onChange={(event) => {
              const value = event.target.value;
              onChange({ ...filters, spaceType: value === 'all' ? undefined : (value as SpaceType) });
            }}
          >
            <option value="all">All space types</option>
            {SPACE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
        </div>

        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-specialty`}>Best suited for</Label>
          <Select
            id={`${id}-specialty`}
            value={filters.specialty ?? 'any'}
            onChange={(event) => {
              const value = event.target.value;
              onChange({ ...filters, specialty: value === 'any' ? undefined : value });
            }}
          >
            <SpecialtyOptions current={filters.specialty} />
          </Select>
        </div>

        <AvailabilityFilter idPrefix={`${id}-available`} filters={filters} onChange={onChange} />

        <fieldset className="grid gap-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Price range</legend>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-period`} className="text-xs text-slate-600">
              Priced per
            </Label>
            <Select
              id={`${id}-period`}
              value={filters.period ?? 'all'}
              onChange={(event) => {
                const value = event.target.value;
                onChange({ ...filters, period: value === 'all' ? undefined : (value as PricingPeriod) });
              }}
            >
              <option value="all">Any period</option>
              <option value="hourly">Hour</option>
              <option value="daily">Day</option>
              <option value="monthly">Month</option>
            </Select>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <PriceInput
              id={`${id}-min-price`}
              label={filters.period ? `Min price per ${periodUnit(filters.period)}` : 'Min price'}
              value={filters.minPrice}
              onCommit={(minPrice) => onChange({ ...filters, minPrice }, { replace: true })}
            />
            <PriceInput
              id={`${id}-max-price`}
              label={filters.period ? `Max price per ${periodUnit(filters.period)}` : 'Max price'}
              value={filters.maxPrice}
              onCommit={(maxPrice) => onChange({ ...filters, maxPrice }, { replace: true })}
            />
          </div>
        </fieldset>

        <CheckboxGroup
          legend="Amenities"
          idPrefix={`${id}-amenity`}
          options={FILTER_AMENITIES}
          selected={filters.amenities}
          onToggle={(value, checked) => onChange({ ...filters, amenities: toggle(filters.amenities, value, checked) })}
        />
        <CheckboxGroup
          legend="Equipment"
          idPrefix={`${id}-equipment`}
          options={FILTER_EQUIPMENT}
          selected={filters.equipment}
          onToggle={(value, checked) => onChange({ ...filters, equipment: toggle(filters.equipment, value, checked) })}
        />
        <CheckboxGroup
          legend="Room features"
          idPrefix={`${id}-feature`}
          options={ROOM_FEATURES}
          labels={ROOM_FEATURE_LABELS}
          selected={filters.features}
          onToggle={(value, checked) => onChange({ ...filters, features: toggle(filters.features, value, checked) })}
        />
      </div>
    </aside>
  );
}

/** Today's date in the browser's zone, `YYYY-MM-DD` (the earliest a date picker offers). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * 'Available on' a date, at any time or in the morning or afternoon (docs/product.md#search): a
 * native date input (keyboard and screen reader friendly everywhere) and the time of day, which
 * needs a date. Clearing the date clears the time.
 */
function AvailabilityFilter({
  idPrefix,
  filters,
  onChange,
}: {
  idPrefix: string;
  filters: SpaceFilters;
  onChange: (next: SpaceFilters) => void;
}) {
  const { availableFrom: from, availableTo: to } = filters;
  const named = (Object.keys(SEARCH_TIME_WINDOWS) as SearchTimeWindow[]).find(
    (key) => SEARCH_TIME_WINDOWS[key].start === from && SEARCH_TIME_WINDOWS[key].end === to,
  );
  // A window from a shared link that is neither morning nor afternoon is shown as it is.
  const value = from && to ? (named ?? 'custom') : 'any';
  const hintId = `${idPrefix}-time-hint`;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Availability</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-date`} className="text-xs text-slate-600">
          Available on
        </Label>
        <Input
          id={`${idPrefix}-date`}
          type="date"
          min={today()}
          value={filters.availableOn ?? ''}
          onChange={(event) => {
            const date = event.target.value;
            onChange(
              date
                ? { ...filters, availableOn: date }
                : { ...filters, availableOn: undefined, availableFrom: undefined, availableTo: undefined },
            );
          }}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-time`} className="text-xs text-slate-600">
          Time of day
        </Label>
        <Select
          id={`${idPrefix}-time`}
          value={value}
          disabled={!filters.availableOn}
          aria-describedby={filters.availableOn ? undefined : hintId}
          onChange={(event) => {
            const choice = event.target.value;
            const window = choice in SEARCH_TIME_WINDOWS ? SEARCH_TIME_WINDOWS[choice as SearchTimeWindow] : undefined;
            if (choice === 'custom') return;
            onChange({ ...filters, availableFrom: window?.start, availableTo: window?.end });
          }}
        >
          <option value="any">Any time</option>
          {(Object.keys(SEARCH_TIME_WINDOWS) as SearchTimeWindow[]).map((key) => (
            <option key={key} value={key}>
              {SEARCH_TIME_WINDOWS[key].label} ({SEARCH_TIME_WINDOWS[key].start}–{SEARCH_TIME_WINDOWS[key].end})
            </option>
          ))}
          {value === 'custom' ? (
            <option value="custom">
              {from}–{to}
            </option>
          ) : null}
        </Select>
        {filters.availableOn ? null : (
          <p id={hintId} className="text-xs text-slate-500">
            Choose a date first.
          </p>
        )}
      </div>
    </fieldset>
  );
}

function CheckboxGroup<T extends string>({
  legend,
  idPrefix,
  options,
  labels,
  selected,
  onToggle,
}: {
  legend: string;
  idPrefix: string;
  options: readonly T[];
  /** What each option reads as, when not the option itself (room features are identifiers). */
  labels?: Readonly<Record<T, string>>;
  selected: readonly T[] | undefined;
  onToggle: (value: T, checked: boolean) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      {options.map((option, index) => {
        const optionId = `${idPrefix}-${index}`;
        return (
          <div key={option} className="flex items-center gap-2.5">
            <input
              id={optionId}
              type="checkbox"
              className="size-4 rounded border-slate-400 accent-primary"
              checked={selected?.includes(option) ?? false}
              onChange={(event) => onToggle(option, event.target.checked)}
            />
            <label htmlFor={optionId} className="text-sm text-slate-700">
              {labels?.[option] ?? option}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** A price bound: typed freely, committed after a short pause; empty clears the filter. */
function PriceInput({
  id,
  label,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [shownValue, setShownValue] = useState(value);
  // The URL changed elsewhere (Clear all, back button): show its value.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value === undefined ? '' : String(value));
  }

  useEffect(() => {
    const trimmed = text.trim();
    const parsed = trimmed === '' ? undefined : Number(trimmed);
    if (parsed !== undefined && (!Number.isFinite(parsed) || parsed < 0)) return;
    if (parsed === value) return;
    const timer = setTimeout(() => onCommit(parsed), 400);
    return () => clearTimeout(timer);
  }, [text, value, onCommit]);

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-xs text-slate-600">
        {label}
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step={1}
        placeholder="$"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
