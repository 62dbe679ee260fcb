import type { ComponentProps } from 'react';
import { SPECIALTIES } from '@/shared/constants';
import { Input } from './input';

/** A free-text specialty (docs/product.md#validation) that suggests the 56 known specialties as people type. `id` is required: the list is named after it. */
export function SpecialtyInput({ id, ...props }: ComponentProps<'input'> & { id: string }) {
  const listId = `${id}-options`;
  return (
    <>
      <Input id={id} list={listId} placeholder="e.g. Family Medicine" autoComplete="off" {...props} />
      <datalist id={listId}>
        {SPECIALTIES.map((specialty) => (
          <option key={specialty} value={specialty} />
        ))}
      </datalist>
    </>
  );
}
