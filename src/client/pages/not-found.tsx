import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { PageMeta } from '@/client/components/page-meta';
import { Button } from '@/client/components/ui/button';
import { paths } from '@/client/lib/paths';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <PageMeta title="404 Page Not Found | ClinicShare" />
      <CircleAlert className="size-12 text-red-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-2 text-slate-600">Did you forget to add the page to the router?</p>
      <Button asChild variant="outline" className="mt-6">
        <Link href={paths.home()}>Go Home</Link>
      </Button>
    </div>
  );
}
