import { Stethoscope } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@/client/lib/cn';
import { paths } from '@/client/lib/paths';

/** The ClinicShare logo, linking home; `small` for the footer. */
export function Logo({ small = false }: { small?: boolean }) {
  return (
    <Link href={paths.home()} className={cn('flex items-center gap-2 rounded-md font-bold text-slate-900', small ? 'text-lg' : 'text-xl')}>
      <span className={cn('flex items-center justify-center rounded-lg bg-primary text-white', small ? 'size-7' : 'size-8')}>
        <Stethoscope className={small ? 'size-4' : 'size-5'} aria-hidden="true" />
      </span>
      ClinicShare
    </Link>
  );
}
