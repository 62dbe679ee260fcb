import { useLocation } from 'wouter';
import { PageMeta } from '@/client/components/page-meta';
import { toast } from '@/client/lib/use-toast';
import { useSaveSpace } from '@/client/features/spaces/api/save-space';
import { ListingWizard } from '@/client/features/spaces/components/listing/listing-wizard';
import { draftKey, EMPTY_LISTING } from '@/client/features/spaces/lib/listing-form';
import type { CreateSpaceInput } from '@/shared/schemas/spaces';
import { CalendarImportsLater } from '@/client/features/calendar-imports/components/calendar-imports-later';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';

/** /list-space: the four-step listing wizard (docs/product.md#listing-a-space, #validation and #user-facing-messages). Success: its toast, then the new listing's page. */
export function ListSpacePage() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const save = useSaveSpace(undefined);

  const onSubmit = async (payload: CreateSpaceInput) => {
    let space;
    try {
      space = await save.mutateAsync(payload);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to list space', description: 'Please check your information and try again.' });
      throw error;
    }
    toast({ title: 'Space listed successfully!', description: 'Your medical space is now available for booking.' });
    // The owner sees what renters will see: the new listing.
    navigate(paths.space(space.id));
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageMeta
        title="List your space | ClinicShare"
        description="List your medical office space, exam room or clinic for rent by the hour, day or month."
      />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">List Your Space</h1>
      {/* Signed out, SessionRequired (app.tsx) shows the page's signed-out state and asks to log in instead. */}
      {user ? (
        <div className="mt-6">
          <ListingWizard
            initialValues={EMPTY_LISTING}
            draftStorageKey={draftKey(user.id)}
            submitLabel="List Your Space"
            submitting={save.isPending}
            onSubmit={onSubmit}
            calendars={<CalendarImportsLater />}
          />
        </div>
      ) : null}
    </div>
  );
}
