import { CalendarSync, Copy, LoaderCircle, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import type { CalendarFeed } from '@/shared/schemas/calendar';
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
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { LoadError } from '@/client/components/ui/states';
import { toast } from '@/client/lib/use-toast';
import { api } from '@/client/lib/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** What a feed card says: its title and description, the words of its buttons, and its test id. */
export interface CalendarFeedTexts {
  title: string;
  description: string;
  /** The first button: "Get my feed address". */
  getLabel: string;
  /** Said while the address is asked for: "Getting your feed address…". */
  gettingLabel: string;
  /** Said when it cannot be had: "Failed to get your calendar feed. Please try again." */
  loadError: string;
  testId: string;
}

/**
 * A private calendar feed's address, as other calendars subscribe to it: a user's bookings (the
 * profile) or a space's taken times (its Calendars section). The server shows an address once, when
 * it makes it (it keeps only the token's hash), so the address is asked for by a button, shown with
 * Copy, and a new one can be made at any time (after a confirmation: the old one stops working).
 * `path` is the feed's API (GET makes or describes it, POST makes a new address); `queryKey` keeps
 * its answer for the session, outside keys the live connection invalidates, so the URL stays on
 * screen until the page reloads. `headingLevel` fits the page it sits in.
 */
export function CalendarFeedCard({
  path,
  queryKey,
  texts,
  headingLevel = 2,
}: {
  path: string;
  queryKey: readonly unknown[];
  texts: CalendarFeedTexts;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2]!;
  const [asked, setAsked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey, queryFn: ({ signal }) => api.get<CalendarFeed>(path, { signal }), enabled: asked });
  const rotate = useMutation({
    mutationFn: () => api.post<CalendarFeed>(path),
    // Its answer (with the new URL) becomes the feed's data: asking again could not show the URL.
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
  });

  const makeNew = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'New feed address ready', description: 'The previous address no longer works.' });
      },
      onError: () => toast({ variant: 'destructive', title: 'Could not make a new feed address', description: 'Please try again later.' }),
    });

  return (
    <Card data-testid={texts.testId}>
      <CardHeader>
        <Heading className="text-lg leading-tight font-semibold">{texts.title}</Heading>
        <CardDescription>{texts.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!asked ? (
          <Button variant="outline" className="justify-self-start" onClick={() => setAsked(true)}>
            <CalendarSync aria-hidden="true" />
            {texts.getLabel}
          </Button>
        ) : feed.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {texts.gettingLabel}
          </p>
        ) : feed.isError ? (
          <div className="grid gap-2">
            <LoadError>{texts.loadError}</LoadError>
            <Button variant="outline" className="justify-self-start" onClick={() => feed.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <FeedAddress feed={feed.data} onNewAddress={() => setConfirming(true)} />
        )}
      </CardContent>

      <AlertDialog open={confirming} onOpenChange={(open) => !rotate.isPending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Make a new feed address?</AlertDialogTitle>
            <AlertDialogDescription>
              The current address stops working at once: calendars subscribed to it stop updating until you subscribe them to the new one.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={rotate.isPending}>Keep the current address</AlertDialogCancel>
            {/* A plain button: the dialog stays open until the server has answered. */}
            <Button variant="destructive" onClick={makeNew} disabled={rotate.isPending}>
              {rotate.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Make a new address
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

/** The address with Copy when this answer carries it; otherwise when the feed was made, and how to get an address again. */
function FeedAddress({ feed, onNewAddress }: { feed: CalendarFeed; onNewAddress: () => void }) {
  const id = useId();
  const newAddress = (
    <Button variant="outline" className="justify-self-start" onClick={onNewAddress}>
      <RefreshCw aria-hidden="true" />
      Make a new address
    </Button>
  );
  if (!feed.url) {
    const since = day.format(new Date(feed.rotatedAt ?? feed.createdAt));
    return (
      <div className="grid gap-3">
        <p className="text-sm text-slate-700" data-testid="calendar-feed-hidden">
          Your feed has been active since {since}. For your security its address is shown only once, when it is made. To subscribe another
          calendar, make a new address; calendars using the current one then stop updating.
        </p>
        {newAddress}
      </div>
    );
  }
  const url = feed.url;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Feed address copied', description: 'Paste it into your calendar app as a subscription (from URL).' });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy the address', description: 'Select it and copy it yourself.' });
    }
  };
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-url`}>Feed address</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-url`}
            readOnly
            value={url}
            aria-describedby={`${id}-hint`}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono"
          />
          <Button onClick={copy} className="shrink-0">
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          Copy it now: it is shown only this once. In your calendar app, add a calendar from a URL and paste it.
        </p>
      </div>
      {newAddress}
    </div>
  );
}
