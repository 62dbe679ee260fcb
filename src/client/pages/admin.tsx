import { lazy, Suspense } from 'react';
import { PageMeta } from '@/client/components/page-meta';
import { SkeletonRows } from '@/client/components/ui/states';
import { useAuth } from '@/client/lib/auth';
import { NotFoundPage } from './not-found';

// The console itself loads only for an operator: anyone else gets this small page's not-found answer.
const AdminConsole = lazy(() =>
  import('@/client/features/admin/components/admin-console').then((module) => ({ default: module.AdminConsole })),
);

/** /admin: the operators' console; everyone else sees the not-found page (docs/decisions/029-operators-and-the-audit-log.md). */
export function AdminPage() {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageMeta title="Console | ClinicShare" />
      <h1 className="text-2xl font-bold text-slate-900">Console</h1>
      <p className="mt-1 text-slate-600">Find users and listings, act on them, and see every action in the audit log.</p>
      <div className="mt-6">
        <Suspense fallback={<SkeletonRows label="Loading the console" rowClassName="h-10" />}>
          <AdminConsole currentUserId={user.id} />
        </Suspense>
      </div>
    </div>
  );
}
