import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Pencil } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { USER_TYPES, type UserType } from '@/shared/constants';
import { normalizeNpi } from '@/shared/npi';
import { updateUserSchema } from '@/shared/schemas/profile';
import type { User } from '@/shared/schemas/users';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { SpecialtyInput } from '@/client/components/ui/specialty-input';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { formatPhone, safeCoverColor } from '../lib/display';
import { showServerIssues } from '../lib/server-issues';
import { IMAGE_TOO_LARGE } from '../lib/use-image-upload';
import { AppearanceFields } from './appearance-fields';
import { LicenseStatus } from './license-status';

/** The profile form is the PUT payload's schema itself (docs/product.md#validation: a partial of the user). */
type ProfileFormInput = z.input<typeof updateUserSchema>;
type ProfileFormOutput = z.output<typeof updateUserSchema>;

/** 'I am a' choices (docs/product.md#profile). */
const USER_TYPE_CHOICES: Record<UserType, { label: string; hint: string }> = {
  lister: { label: 'Lister', hint: 'I list space I do not use' },
  renter: { label: 'Renter', hint: 'I book space for my practice' },
  both: { label: 'Both', hint: 'I list and book space' },
};

function defaultsOf(user: User): ProfileFormInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ? formatPhone(user.phone) : '',
    specialty: user.specialty ?? '',
    bio: user.bio ?? '',
    licenseNumber: user.licenseNumber ?? '',
    businessName: user.businessName ?? '',
    taxId: user.taxId ?? '',
    userType: user.userType,
    coverColor: safeCoverColor(user.coverColor),
    coverImage: user.coverImage,
    profileImage: user.profileImage,
    currentPassword: '',
  };
}

/** The fields the server may name in a 400's issues (`body.<field>`). */
const SERVER_CHECKED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'specialty',
  'bio',
  'licenseNumber',
  'businessName',
  'taxId',
  'currentPassword',
] as const;

/** Edit Profile: the button and its dialog. The form starts from the signed-in user each time it opens. */
export function EditProfileDialog({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" />
          Edit Profile
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Update how you appear to other professionals on ClinicShare.</DialogDescription>
        </DialogHeader>
        {open ? <ProfileForm user={user} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0" aria-label={title}>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The four parts of Edit Profile (docs/product.md#profile): Appearance, Personal
 * Information, Professional Information (with the license's verification
 * state) and Account Settings. Validated with the server's own schema;
 * saving refreshes the signed-in user. A changed email asks for the current
 * password, which is sent only then.
 */
function ProfileForm({ user, onDone, onCancel }: { user: User; onDone: () => void; onCancel: () => void }) {
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(updateUserSchema),
    defaultValues: defaultsOf(user),
  });
  const save = useUpdateProfile(user.id);
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const [firstName = '', lastName = '', licenseNumber = '', coverColor, coverImage, profileImage, email = ''] = useWatch({
    control: form.control,
    name: ['firstName', 'lastName', 'licenseNumber', 'coverColor', 'coverImage', 'profileImage', 'email'],
  });
  const { errors } = form.formState;
  const licenseEdited = normalizeNpi(licenseNumber ?? '').trim() !== (user.licenseNumber ?? '');
  // A new email needs the current password (docs/api.md); the same address in another letter case does not.
  const emailEdited = (email ?? '').trim().toLowerCase() !== user.email.toLowerCase();

  const onSubmit = ({ currentPassword, ...values }: ProfileFormOutput) => {
    if (emailEdited && !currentPassword) {
      form.setError('currentPassword', { message: 'Enter your current password to change your email' }, { shouldFocus: true });
      return;
    }
    save.mutate(emailEdited ? { ...values, currentPassword } : values, {
      onSuccess: (saved) => {
        toast({
          title: 'Profile updated successfully!',
          description:
            saved.licenseVerification === 'pending'
              ? 'The NPI Registry could not be reached: your license will be checked again when you retry.'
              : undefined,
        });
        onDone();
      },
      onError: (error) => {
        if (isApiError(error, 409)) {
          const message = error.serverMessage ?? 'An account with this email already exists.';
          // An NPI verified on another account names its field; any other 409 is the email.
          const field = error.serverIssues.some((issue) => issue.path === 'licenseNumber') ? 'licenseNumber' : 'email';
          form.setError(field, { message }, { shouldFocus: true });
          toast({ variant: 'destructive', title: 'Failed to update profile', description: message });
        } else if (isApiError(error, 413)) {
          toast({ variant: 'destructive', title: IMAGE_TOO_LARGE.profile });
        } else if (isApiError(error, 400, 415, 429)) {
          showServerIssues(error, form.setError, SERVER_CHECKED_FIELDS);
          toast({
            variant: 'destructive',
            title: 'Failed to update profile',
            description: error.serverMessage ?? 'Please check the form and try again.',
          });
        } else {
          toast({ variant: 'destructive', title: 'Failed to update profile', description: 'Please try again later.' });
        }
      },
    });
  };

  return (
    <form noValidate className="grid gap-6" onSubmit={form.handleSubmit(onSubmit)}>
      <Section title="Appearance">
        <AppearanceFields
          person={{ firstName: firstName || user.firstName, lastName: lastName || user.lastName, specialty: user.specialty }}
          coverColor={coverColor ?? ''}
          onCoverColorChange={(value) => form.setValue('coverColor', value, { shouldDirty: true })}
          coverImage={coverImage ?? null}
          onCoverImageChange={(value) => form.setValue('coverImage', value, { shouldDirty: true })}
          profileImage={profileImage ?? null}
          onProfileImageChange={(value) => form.setValue('profileImage', value, { shouldDirty: true })}
          onBusyChange={onBusyChange}
        />
      </Section>

      <Section title="Personal Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="profile-first-name" label="First name" error={errors.firstName?.message}>
            <Input
              autoComplete="given-name"
              {...fieldAria('profile-first-name', errors.firstName?.message)}
              {...form.register('firstName')}
            />
          </FormField>
          <FormField id="profile-last-name" label="Last name" error={errors.lastName?.message}>
            <Input
              autoComplete="family-name"
              {...fieldAria('profile-last-name', errors.lastName?.message)}
              {...form.register('lastName')}
            />
          </FormField>
          <FormField id="profile-email" label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...fieldAria('profile-email', errors.email?.message)} {...form.register('email')} />
          </FormField>
          <FormField id="profile-phone" label="Phone" error={errors.phone?.message}>
            <Input
              type="tel"
              autoComplete="tel"
              placeholder="(617) 555-0123"
              {...fieldAria('profile-phone', errors.phone?.message)}
              {...form.register('phone')}
            />
          </FormField>
          {emailEdited ? (
            <FormField
              id="profile-current-password"
              label="Current password"
              error={errors.currentPassword?.message}
              hint="Needed to change your email."
            >
              <Input
                type="password"
                autoComplete="current-password"
                {...fieldAria('profile-current-password', errors.currentPassword?.message, true)}
                {...form.register('currentPassword')}
              />
            </FormField>
          ) : null}
        </div>
      </Section>

      <Section title="Professional Information">
        <FormField id="profile-specialty" label="Specialty" error={errors.specialty?.message}>
          <SpecialtyInput {...fieldAria('profile-specialty', errors.specialty?.message)} {...form.register('specialty')} />
        </FormField>
        <FormField id="profile-bio" label="Bio" error={errors.bio?.message}>
          <Textarea
            rows={4}
            placeholder="Your practice, experience and what space you need or offer"
            {...fieldAria('profile-bio', errors.bio?.message)}
            {...form.register('bio')}
          />
        </FormField>
        <div className="grid gap-2">
          <FormField id="profile-license" label="License number (NPI)" error={errors.licenseNumber?.message}>
            <Input
              inputMode="text"
              autoComplete="off"
              placeholder="10-digit NPI"
              {...fieldAria('profile-license', errors.licenseNumber?.message)}
              {...form.register('licenseNumber')}
            />
          </FormField>
          <LicenseStatus userId={user.id} state={user.licenseVerification} edited={licenseEdited} />
        </div>
      </Section>

      <Section title="Receipts">
        <p className="-mt-2 text-sm text-slate-600">Optional: printed on the receipts of your bookings, for your accountant or insurer.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="profile-business-name" label="Business name" error={errors.businessName?.message}>
            <Input
              autoComplete="organization"
              {...fieldAria('profile-business-name', errors.businessName?.message)}
              {...form.register('businessName')}
            />
          </FormField>
          <FormField id="profile-tax-id" label="Tax ID" error={errors.taxId?.message}>
            <Input
              autoComplete="off"
              placeholder="12-3456789"
              {...fieldAria('profile-tax-id', errors.taxId?.message)}
              {...form.register('taxId')}
            />
          </FormField>
        </div>
      </Section>

      <Section title="Account Settings">
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">I am a</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {USER_TYPES.map((type) => (
              <label
                key={type}
                className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft/40"
              >
                <input type="radio" value={type} className="mt-0.5 size-4 accent-primary" {...form.register('userType')} />
                <span>
                  <span className="block font-medium text-slate-900">{USER_TYPE_CHOICES[type].label}</span>
                  <span className="block text-slate-600">{USER_TYPE_CHOICES[type].hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </Section>

      <DialogFooter className="border-t border-slate-200 pt-4">
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || uploading}>
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}
