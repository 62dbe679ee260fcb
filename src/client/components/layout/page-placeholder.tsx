import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '@/client/lib/paths';
import { PageMeta } from '../page-meta';
import { Button } from '../ui/button';

/** A route whose screen another issue builds: its heading and 'Coming soon'. */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <PageMeta title={`${title} | ClinicShare`} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">Coming soon</p>
      {children}
      <Button asChild variant="outline" className="mt-8">
        <Link href={paths.search()}>Browse Spaces</Link>
      </Button>
    </div>
  );
}
