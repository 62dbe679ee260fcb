import { SPECIALTIES } from '@/shared/constants';

/**
 * The options of a specialty select: 'Any specialty' ('any', which clears the
 * filter, docs/product.md#search) then the 56 specialties. A `current` value that is
 * not in the list (from a shared link) still shows as selected.
 */
export function SpecialtyOptions({ current }: { current?: string }) {
  const unknown = current && current !== 'any' && !(SPECIALTIES as readonly string[]).includes(current);
  return (
    <>
      <option value="any">Any specialty</option>
      {unknown ? <option value={current}>{current}</option> : null}
      {SPECIALTIES.map((specialty) => (
        <option key={specialty} value={specialty}>
          {specialty}
        </option>
      ))}
    </>
  );
}
