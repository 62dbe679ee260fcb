import { ShieldAlert } from 'lucide-react';
import { cn } from '@/client/lib/cn';

/**
 * Messages are between professionals about space, not patients:
 * a short notice not to share protected health information.
 */
export function HipaaReminder({ className }: { className?: string }) {
  return (
    <p className={cn('flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900', className)} role="note">
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        HIPAA reminder: do not share patient names or other protected health information. Messages are for questions about the space.
      </span>
    </p>
  );
}
