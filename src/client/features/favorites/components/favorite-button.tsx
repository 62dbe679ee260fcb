import { Heart } from 'lucide-react';
import { Tooltip } from '@/client/components/ui/tooltip';
import { cn } from '@/client/lib/cn';
import { useFavorites } from '../api/get-favorites';
import { useToggleFavorite } from '../api/toggle-favorite';

/**
 * The favourite heart of a space (docs/product.md#space-page and #favourite-toggle), for a signed-in
 * user: filled when the space is a favourite; it flips once the server has
 * answered and the favourites list is refreshed.
 */
export function FavoriteButton({
  userId,
  spaceId,
  spaceTitle,
  className,
}: {
  userId: string;
  spaceId: string;
  spaceTitle: string;
  className?: string;
}) {
  const favorites = useFavorites(userId);
  const toggle = useToggleFavorite(userId);
  const favorite = Boolean(favorites.data?.some((space) => space.id === spaceId));
  const label = favorite ? `Remove ${spaceTitle} from favorites` : `Add ${spaceTitle} to favorites`;
  return (
    <Tooltip content={favorite ? 'Remove from favorites' : 'Add to favorites'}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={favorite}
        disabled={toggle.isPending || favorites.isLoading}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          toggle.mutate({ spaceId, favorite });
        }}
        className={cn(
          'inline-flex size-10 items-center justify-center rounded-full border border-slate-200 bg-white/95 text-slate-700 shadow-sm transition hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60',
          className,
        )}
      >
        <Heart className={cn('size-5', favorite && 'fill-rose-600 text-rose-600')} aria-hidden="true" />
      </button>
    </Tooltip>
  );
}
