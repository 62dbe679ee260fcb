import { useId } from 'react';
import type { EmailPreferences } from '@/shared/schemas/notifications';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Label } from '@/client/components/ui/label';
import { LoadError, SkeletonRows } from '@/client/components/ui/states';
import { toast } from '@/client/lib/use-toast';
import { useEmailPreferences, useSaveEmailPreferences } from '../api/email-preferences';

const SWITCHES: { key: keyof EmailPreferences; label: string; hint: string }[] = [
  { key: 'bookingUpdates', label: 'Booking updates', hint: 'Requests, answers, confirmations, cancellations and payouts.' },
  { key: 'reminders', label: 'Reminders', hint: 'A reminder the day before a booking starts.' },
  { key: 'messages', label: 'Messages', hint: 'New messages you have not read, at most one email per conversation every 15 minutes.' },
];

/**
 * The profile's Notifications section (docs/product.md#notifications): one email switch per kind, saved as soon as it
 * changes. The bell keeps every notification whatever the switches say; security emails are
 * always sent.
 */
export function NotificationPreferences({ userId }: { userId: string }) {
  const preferences = useEmailPreferences(userId);
  const save = useSaveEmailPreferences(userId);
  const id = useId();
  // While saving, show the new value.
  const shown = save.isPending ? save.variables : preferences.data;

  const change = (key: keyof EmailPreferences, value: boolean) => {
    if (!preferences.data) return;
    save.mutate(
      { ...preferences.data, [key]: value },
      {
        onSuccess: () => toast({ title: 'Email preferences saved' }),
        onError: () => toast({ variant: 'destructive', title: 'Could not save your email preferences', description: 'Please try again.' }),
      },
    );
  };

  return (
    <Card data-testid="notification-preferences">
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Notifications</h2>
        <CardDescription>Choose which emails we send you. Everything still appears under the bell at the top of the page.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {preferences.isPending ? (
          <SkeletonRows label="Loading email preferences" count={3} rowClassName="h-10" />
        ) : preferences.isError || !shown ? (
          <LoadError>Failed to load your email preferences. Please try again later.</LoadError>
        ) : (
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-sm font-medium text-slate-900">Email me about</legend>
            {SWITCHES.map(({ key, label, hint }) => (
              <div key={key} className="flex items-start gap-3">
                <Checkbox
                  id={`${id}-${key}`}
                  checked={shown[key]}
                  disabled={save.isPending}
                  aria-describedby={`${id}-${key}-hint`}
                  onCheckedChange={(checked) => change(key, checked === true)}
                  className="mt-0.5"
                />
                <div className="grid gap-0.5">
                  <Label htmlFor={`${id}-${key}`}>{label}</Label>
                  <p id={`${id}-${key}-hint`} className="text-sm text-slate-600">
                    {hint}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
        )}
        <p className="text-sm text-slate-600">
          Security emails (a password reset you asked for, a changed password) are always sent, so you know when someone touches your
          account.
        </p>
      </CardContent>
    </Card>
  );
}
