import { Star } from 'lucide-react';
import { cn } from '@/client/lib/cn';

/**
 * Five radio buttons, "1 star" to "5 stars", drawn as stars filled up to the chosen `value`; a
 * controlled field (the rating is a number, which native radio values are not).
 */
export function RatingInput({
  name,
  value,
  onChange,
  onBlur,
  error,
}: {
  name: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  error?: string;
}) {
  return (
    <fieldset aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900">Rating</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary">
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              onBlur={onBlur}
              className="sr-only"
            />
            <Star
              className={cn('size-7', value !== undefined && stars <= value ? 'fill-amber-400 text-amber-500' : 'text-slate-400')}
              aria-hidden="true"
            />
            <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} role="alert" className="mt-1 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
