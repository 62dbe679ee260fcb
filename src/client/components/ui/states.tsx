import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import { Skeleton } from './skeleton';

/** A list's loading placeholder: `count` grey rows, announced as busy with `label`. */
export function SkeletonRows({ label, count = 3, rowClassName }: { label: string; count?: number; rowClassName?: string }) {
  return (
    <div className="grid gap-3" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, key) => (
        <Skeleton key={key} className={cn('h-20 rounded-lg', rowClassName)} />
      ))}
    </div>
  );
}

/** What a list shows when it could not load ('Failed to load bookings. Please try again later.'). */
export function LoadError({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">{children}</p>;
}

/** An empty list: an icon, what is missing, a hint and an optional action. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
      <Icon className="mx-auto mb-2 size-8 text-slate-500" aria-hidden="true" />
      <p className="font-medium text-slate-900">{title}</p>
      {children ? <p className="mt-1 text-sm text-slate-600">{children}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
