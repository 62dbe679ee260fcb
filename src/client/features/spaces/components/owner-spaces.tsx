import { Building2, Eye, LoaderCircle, Pencil, PlusCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { SpaceCard as SpaceCardData } from '@/shared/schemas/spaces';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/client/components/ui/alert-dialog';
import { Button } from '@/client/components/ui/button';
import { EmptyState, LoadError } from '@/client/components/ui/states';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { paths } from '@/client/lib/paths';
import { useDeleteSpace } from '../api/delete-space';
import { useOwnerSpaces } from '../api/get-owner-spaces';
import { SpaceCard, SpaceCardGridSkeleton } from './space-card';

/**
 * The profile's Spaces tab (docs/product.md#profile): the owner's space cards with
 * View Details, Edit (/edit-space/{id}) and Delete behind a confirmation.
 * A space with bookings still ahead cannot go (409): the server's reason is shown.
 */
export function OwnerSpaces({ ownerId }: { ownerId: string }) {
  const spaces = useOwnerSpaces(ownerId);
  const remove = useDeleteSpace();
  const [confirming, setConfirming] = useState<SpaceCardData | null>(null);

  const confirmDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: (result) => {
        setConfirming(null);
        toast({
          title: 'Space deleted successfully!',
          description:
            result.outcome === 'archived' ? 'It has past bookings, so it is archived with their records and no longer listed.' : undefined,
        });
      },
      onError: (error) => {
        setConfirming(null);
        const reason = isApiError(error, 409) ? error.serverMessage : undefined;
        toast({ variant: 'destructive', title: 'Failed to delete space', description: reason ?? 'Please try again later.' });
      },
    });
  };

  if (spaces.isPending) return <SpaceCardGridSkeleton label="Loading your spaces" />;
  if (spaces.isError) return <LoadError>Failed to fetch spaces. Please try again later.</LoadError>;
  const list = spaces.data.pages.flatMap((page) => page.spaces);
  if (list.length === 0) {
    return (
      <EmptyState
        icon={Building2}
        title="No spaces listed yet"
        action={
          <Button asChild>
            <Link href={paths.listSpace()}>
              <PlusCircle aria-hidden="true" />
              List a New Space
            </Link>
          </Button>
        }
      >
        List a room you do not use and start earning.
      </EmptyState>
    );
  }

  return (
    <div className="grid gap-4">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your spaces">
        {list.map((space) => (
          <li key={space.id} data-testid="owner-space">
            <SpaceCard
              space={space}
              footer={
                <div className="flex flex-wrap items-center gap-2">
                  <Button asChild size="sm" variant="outline">
                    <Link href={paths.space(space.id)}>
                      <Eye aria-hidden="true" />
                      View Details<span className="sr-only"> of {space.title}</span>
                    </Link>
                  </Button>
                  <Button asChild size="sm" variant="ghost">
                    <Link href={paths.editSpace(space.id)}>
                      <Pencil aria-hidden="true" />
                      Edit<span className="sr-only"> {space.title}</span>
                    </Link>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="ml-auto text-red-700 hover:text-red-800"
                    onClick={() => setConfirming(space)}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete<span className="sr-only"> {space.title}</span>
                  </Button>
                </div>
              }
            />
          </li>
        ))}
      </ul>
      {spaces.hasNextPage ? (
        <div className="text-center">
          <Button variant="outline" onClick={() => void spaces.fetchNextPage()} disabled={spaces.isFetchingNextPage}>
            {spaces.isFetchingNextPage ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Load more
          </Button>
        </div>
      ) : null}

      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && !remove.isPending && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this space?</AlertDialogTitle>
            <AlertDialogDescription>
              {confirming?.title}. It will no longer be listed. A space with past bookings is archived with their records; one with bookings
              still ahead cannot be deleted.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Keep space</AlertDialogCancel>
            {/* A plain button: the dialog stays open until the server has answered. */}
            <Button variant="destructive" onClick={confirmDelete} disabled={remove.isPending}>
              {remove.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Delete space
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
