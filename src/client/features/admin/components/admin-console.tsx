import { lazy, Suspense } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { SkeletonRows } from '@/client/components/ui/states';
import { paths } from '@/client/lib/paths';
import { AuditLogPanel } from './audit-log-panel';
import { OverviewPanel } from './overview-panel';
import { ReportsPanel } from './reports-panel';
import { SpacesPanel } from './spaces-panel';
import { UsersPanel } from './users-panel';

/** Bookings and payments load with their tab. */
const BookingsPanel = lazy(() => import('./bookings-panel'));

/**
 * The operators' console (docs/product.md#the-console): Users, Listings, Bookings, Overview, Reports
 * (with the contact inbox) and the Audit log as tabs
 * (arrow keys move between them). Each panel loads when its tab is first opened. The open tab is
 * the address's `?tab=` (so a link such as {@link paths.adminBooking} opens the Bookings lookup).
 */
export function AdminConsole({ currentUserId }: { currentUserId: string }) {
  const tab = new URLSearchParams(useSearch()).get('tab') || 'users';
  const [, navigate] = useLocation();
  return (
    <Tabs value={tab} onValueChange={(next) => navigate(paths.adminTab(next), { replace: true })}>
      <TabsList aria-label="Console sections">
        <TabsTrigger value="users">Users</TabsTrigger>
        <TabsTrigger value="listings">Listings</TabsTrigger>
        <TabsTrigger value="bookings">Bookings</TabsTrigger>
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="reports">Reports</TabsTrigger>
        <TabsTrigger value="audit-log">Audit log</TabsTrigger>
      </TabsList>
      <TabsContent value="users">
        <UsersPanel currentUserId={currentUserId} />
      </TabsContent>
      <TabsContent value="listings">
        <SpacesPanel />
      </TabsContent>
      <TabsContent value="bookings">
        <Suspense fallback={<SkeletonRows label="Loading bookings" rowClassName="h-10" />}>
          <BookingsPanel />
        </Suspense>
      </TabsContent>
      <TabsContent value="overview">
        <OverviewPanel />
      </TabsContent>
      <TabsContent value="reports">
        <ReportsPanel />
      </TabsContent>
      <TabsContent value="audit-log">
        <AuditLogPanel />
      </TabsContent>
    </Tabs>
  );
}
