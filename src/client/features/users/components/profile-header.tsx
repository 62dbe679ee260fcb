import { BadgeCheck, Mail, Phone, Stethoscope } from 'lucide-react';
import type { ReactNode } from 'react';
import { USER_TYPE_LABELS } from '@/shared/constants';
import { displayName } from '@/shared/names';
import type { User } from '@/shared/schemas/users';
import { Badge } from '@/client/components/ui/badge';
import { Card } from '@/client/components/ui/card';
import { formatPhone } from '../lib/display';
import { ProfileAvatar } from './profile-avatar';
import { ProfileCover } from './profile-cover';

/**
 * The top of /profile (docs/product.md#profile): cover, avatar, the name ('Dr. {first} {last}' when the
 * specialty takes the title: src/shared/names.ts),
 * the Verified badge only when the server verified the license, specialty,
 * email, phone, user type label and bio. `action` is the Edit Profile button.
 */
export function ProfileHeader({ user, action }: { user: User; action?: ReactNode }) {
  return (
    <Card className="overflow-hidden">
      <ProfileCover image={user.coverImage} color={user.coverColor} />
      <div className="flex flex-col gap-4 px-5 pb-6 sm:flex-row sm:items-start sm:px-6">
        <ProfileAvatar person={user} image={user.profileImage} className="-mt-12" />
        <div className="grid min-w-0 flex-1 gap-2 sm:pt-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{displayName(user)}</h1>
            {user.verified ? (
              <Badge variant="success" data-testid="verified-badge">
                <BadgeCheck className="size-3.5" aria-hidden="true" />
                Verified
              </Badge>
            ) : null}
            <Badge variant="secondary">{USER_TYPE_LABELS[user.userType]}</Badge>
          </div>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600" aria-label="Contact and specialty">
            {user.specialty ? (
              <li className="flex items-center gap-1.5">
                <Stethoscope className="size-4" aria-hidden="true" />
                <span className="sr-only">Specialty: </span>
                {user.specialty}
              </li>
            ) : null}
            <li className="flex min-w-0 items-center gap-1.5">
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">Email: </span>
              <span className="truncate">{user.email}</span>
            </li>
            {user.verified && user.licenseStates.length > 0 ? (
              <li className="flex items-center gap-1.5" data-testid="license-states">
                <BadgeCheck className="size-4" aria-hidden="true" />
                Licensed in {user.licenseStates.join(', ')}
              </li>
            ) : null}
            {user.phone ? (
              <li className="flex items-center gap-1.5">
                <Phone className="size-4" aria-hidden="true" />
                <span className="sr-only">Phone: </span>
                {formatPhone(user.phone)}
              </li>
            ) : null}
          </ul>
          {user.bio ? <p className="max-w-prose whitespace-pre-line text-slate-700">{user.bio}</p> : null}
        </div>
        {action ? <div className="sm:pt-3">{action}</div> : null}
      </div>
    </Card>
  );
}
