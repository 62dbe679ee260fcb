import { cn } from '@/client/lib/cn';
import { safeCoverColor } from '../lib/display';

/** The profile's cover (docs/product.md#profile): the uploaded image, or a solid colour (default #3b82f6). Decorative. */
export function ProfileCover({
  image,
  color,
  className,
}: {
  image: string | null | undefined;
  color: string | null | undefined;
  className?: string;
}) {
  return (
    <div
      className={cn('h-28 overflow-hidden sm:h-40', className)}
      style={{ backgroundColor: safeCoverColor(color) }}
      data-testid="profile-cover"
    >
      {image ? <img src={image} alt="" className="size-full object-cover" /> : null}
    </div>
  );
}
