import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/cn';
import { inputClassName } from './input';

/** A styled native <select>: accessible, testable and comfortable on phones. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    // min-w-0: in a grid or flex row the select may be narrower than its longest option (a long title on a phone).
    <div className="relative min-w-0">
      <select className={cn(inputClassName, 'appearance-none pr-9', className)} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
}
