import * as Popover from '@radix-ui/react-popover';
import { useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Notification, NotificationList } from '@/shared/schemas/notifications';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/lib/use-toast';
import { cn } from '@/client/lib/cn';
import { useLiveEvent } from '@/client/lib/live-events';
import { getNotificationsQueryOptions, useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { bellLabel, relativeTime } from '../lib/relative-time';

/** The badge's text: capped at '99+'. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The header's bell (docs/product.md#notifications): the unread count on a button named "Notifications, 3 unread", kept
 * current by the tab's live socket (`notifications_changed`), and a panel of the latest
 * notifications with Mark as read and Mark all as read. The panel is a Radix popover: it opens
 * with Enter or Space, closes with Escape (focus back on the bell) and fits a phone's width.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { queryKey } = getNotificationsQueryOptions(userId);
  const notifications = useNotifications(userId);
  const markRead = useMarkNotificationsRead(userId);
  const [open, setOpen] = useState(false);

  useLiveEvent((event) => {
    if (event.type !== 'notifications_changed') return;
    // The count at once, then the list behind it.
    queryClient.setQueryData(queryKey, (list: NotificationList | undefined) => (list ? { ...list, unreadCount: event.unreadCount } : list));
    void queryClient.invalidateQueries({ queryKey });
  });

  const unread = notifications.data?.unreadCount ?? 0;
  const mark = (id: string | 'all') =>
    markRead.mutate(id, {
      onError: () => toast({ variant: 'destructive', title: 'Could not mark as read', description: 'Please try again.' }),
    });

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={bellLabel(unread)}
          className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          <Bell className="size-5" aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold text-white"
            >
              {badgeText(unread)}
            </span>
          ) : null}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby="notifications-panel-title"
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 id="notifications-panel-title" className="text-base font-semibold text-slate-900">
              Notifications
            </h2>
            <Button variant="ghost" size="sm" disabled={unread === 0 || markRead.isPending} onClick={() => mark('all')}>
              Mark all as read
            </Button>
          </div>
          <div className="overflow-y-auto p-2">
            {notifications.isPending ? (
              // Plain markup rather than the shared list states: the bell is on every page, and sharing them would move them into
              // a chunk every first page loads (tests/unit/client-bundle.test.ts).
              <div className="grid gap-2 p-2" aria-busy="true" aria-label="Loading notifications">
                {[0, 1, 2].map((key) => (
                  <div key={key} className="h-14 animate-pulse rounded-md bg-slate-100" />
                ))}
              </div>
            ) : notifications.isError ? (
              <div className="grid gap-2 p-2">
                <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                  Failed to load notifications. Please try again later.
                </p>
                <Button variant="outline" size="sm" onClick={() => void notifications.refetch()}>
                  Try again
                </Button>
              </div>
            ) : notifications.data.notifications.length === 0 ? (
              <div className="p-6 text-center">
                <BellOff className="mx-auto mb-2 size-8 text-slate-500" aria-hidden="true" />
                <p className="font-medium text-slate-900">No notifications yet</p>
                <p className="mt-1 text-sm text-slate-600">Booking requests, answers and reminders will appear here.</p>
              </div>
            ) : (
              <ul className="grid gap-1" aria-label="Latest notifications">
                {notifications.data.notifications.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    onOpen={() => {
                      if (!notification.readAt) mark(notification.id);
                      setOpen(false);
                    }}
                    onMarkRead={() => mark(notification.id)}
                    busy={markRead.isPending}
                  />
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationItem({
  notification,
  onOpen,
  onMarkRead,
  busy,
}: {
  notification: Notification;
  onOpen: () => void;
  onMarkRead: () => void;
  busy: boolean;
}) {
  const unread = !notification.readAt;
  const title = unread ? (
    <>
      <span className="sr-only">Unread: </span>
      {notification.title}
    </>
  ) : (
    notification.title
  );
  return (
    <li className={cn('rounded-md px-3 py-2', unread ? 'bg-blue-50' : 'bg-white')}>
      <div className="flex items-start gap-2">
        <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} />
        <div className="min-w-0 flex-1">
          <p className={cn('text-sm text-slate-900', unread && 'font-semibold')}>
            {notification.link ? (
              <Link href={notification.link} onClick={onOpen} className="hover:underline focus-visible:underline">
                {title}
              </Link>
            ) : (
              title
            )}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">{notification.body}</p>
          <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
            <time
              dateTime={notification.createdAt}
              title={new Date(notification.createdAt).toLocaleString()}
              className="text-xs text-slate-600"
            >
              {relativeTime(notification.createdAt)}
            </time>
            {unread ? (
              <Button
                variant="link"
                size="sm"
                className="h-auto p-0 text-xs"
                disabled={busy}
                onClick={onMarkRead}
                aria-label={`Mark as read: ${notification.title}`}
              >
                Mark as read
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </li>
  );
}
