import { thumbnailUrl } from '@/shared/images';
import { displayName, type NamedPerson } from '@/shared/names';
import { Avatar, AvatarFallback, AvatarImage } from '@/client/components/ui/avatar';
import { cn } from '@/client/lib/cn';
import { initialsOf } from '@/client/lib/people';

/** A profile picture, or the person's initials when there is none (or it does not load). */
export function ProfileAvatar({
  person,
  image,
  className,
}: {
  person: NamedPerson;
  /** The stored picture's URL; its thumbnail is shown. */
  image: string | null | undefined;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-24 border-4 border-white bg-white text-2xl shadow', className)}>
      {image ? <AvatarImage src={thumbnailUrl(image)} alt={displayName(person)} /> : null}
      <AvatarFallback aria-hidden="true">{initialsOf(person)}</AvatarFallback>
    </Avatar>
  );
}
