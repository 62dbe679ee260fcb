import { Link, useLocation, useParams } from 'wouter';
import { PageMeta } from '@/client/components/page-meta';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/lib/use-toast';
import { useSpace } from '@/client/features/spaces/api/get-space';
import { useSaveSpace } from '@/client/features/spaces/api/save-space';
import { ListingWizard } from '@/client/features/spaces/components/listing/listing-wizard';
import { draftKey, fromSpace } from '@/client/features/spaces/lib/listing-form';
import type { CreateSpaceInput } from '@/shared/schemas/spaces';
import { CalendarImportsSection } from '@/client/features/calendar-imports/components/calendar-imports-section';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';

/** /edit-space/{id}: the listing wizard filled with the owner's space; saves with PUT /api/spaces/{id}. */
export function EditSpacePage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const space = useSpace(id);
  const save = useSaveSpace(id);

  const onSubmit = async (payload: CreateSpaceInput) => {
    try {
      await save.mutateAsync(payload);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to update space', description: 'Please check your information and try again.' });
      throw error;
    }
    toast({ title: 'Space updated successfully!', description: 'Your changes are now live.' });
    navigate(paths.profile());
  };

  let content;
  // Signed out, SessionRequired (app.tsx) shows the page's signed-out state and asks to log in instead.
  if (!user) content = null;
  else if (space.isPending) content = <Skeleton className="mt-6 h-96 rounded-xl" />;
  else if (space.isError || !space.data.active)
    content = (
      <div className="py-12 text-center">
        <p className="text-lg font-semibold text-slate-900">Space Not Found</p>
        <Button asChild variant="outline" className="mt-4">
          <Link href={paths.search()}>Back to Search</Link>
        </Button>
      </div>
    );
  else if (space.data.ownerId !== user.id) content = <p className="mt-6 text-slate-700">Only the owner of this space can edit it.</p>;
  else
    content = (
      <div className="mt-6">
        <ListingWizard
          initialValues={fromSpace(space.data)}
          draftStorageKey={draftKey(user.id, space.data.id)}
          submitLabel="Save Changes"
          submitting={save.isPending}
          onSubmit={onSubmit}
          calendars={<CalendarImportsSection spaceId={space.data.id} headingLevel={3} />}
        />
      </div>
    );

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageMeta title="Edit your space | ClinicShare" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Edit Space</h1>
      {space.data?.title && user ? <p className="mt-1 text-slate-600">{space.data.title}</p> : null}
      {content}
    </div>
  );
}
