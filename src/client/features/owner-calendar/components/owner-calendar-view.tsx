/**
 * The calendar itself (react-big-calendar, with date-fns): month, week and agenda views of the
 * owner's items. Its own chunk, loaded lazily by the page (it and its styles weigh on no other
 * page: tests/unit/client-bundle.test.ts). Dragging over days of the month view (or clicking one)
 * asks to block them; an item opens its details (Enter or Space on a focused item too).
 */
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import type { KeyboardEvent, SyntheticEvent } from 'react';
import { Calendar, dateFnsLocalizer, type SlotInfo } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import './owner-calendar.css';
import type { CalendarItem, CalendarView } from '../lib/calendar-items';

const SCROLL_TO = new Date(1970, 0, 1, 7, 0);

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'en-US': enUS } });

/** The classes of each kind of item: the status colours of the bookings' badges (`statusColor`), blocked ranges hatched. */
const ITEM_CLASSES = {
  confirmed: 'owner-calendar-item owner-calendar-confirmed',
  pending: 'owner-calendar-item owner-calendar-pending',
  awaiting_payment: 'owner-calendar-item owner-calendar-hold',
  cancelled: 'owner-calendar-item owner-calendar-cancelled',
  blocked: 'owner-calendar-item owner-calendar-blocked',
} as const;

const itemClass = (item: CalendarItem) => ITEM_CLASSES[item.kind === 'blocked' ? 'blocked' : item.booking.status];

export interface OwnerCalendarViewProps {
  items: CalendarItem[];
  view: CalendarView;
  views: CalendarView[];
  date: Date;
  onView: (view: CalendarView) => void;
  onNavigate: (date: Date) => void;
  /** Days chosen in the month view: the first and the last (inclusive). */
  onSelectDays: (first: Date, last: Date) => void;
  onOpenItem: (item: CalendarItem) => void;
}

export default function OwnerCalendarView({
  items,
  view,
  views,
  date,
  onView,
  onNavigate,
  onSelectDays,
  onOpenItem,
}: OwnerCalendarViewProps) {
  const selectSlot = (slot: SlotInfo) => {
    if (view !== 'month' || slot.slots.length === 0) return;
    onSelectDays(slot.slots[0]!, slot.slots[slot.slots.length - 1]!);
  };
  const keyPress = (item: CalendarItem, event: SyntheticEvent<HTMLElement>) => {
    const key = (event as KeyboardEvent<HTMLElement>).key;
    if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      onOpenItem(item);
    }
  };
  return (
    <Calendar<CalendarItem>
      localizer={localizer}
      culture="en-US"
      events={items}
      view={view}
      views={views}
      date={date}
      onView={(next) => onView(next as CalendarView)}
      onNavigate={onNavigate}
      selectable={view === 'month'}
      onSelectSlot={selectSlot}
      onSelectEvent={onOpenItem}
      onKeyPressEvent={keyPress}
      popup
      // Only month, week and agenda: a date's number is no link to a day view.
      drilldownView={null}
      // The week opens at the start of a working day.
      scrollToTime={SCROLL_TO}
      showMultiDayTimes
      eventPropGetter={(item) => ({ className: itemClass(item) })}
      tooltipAccessor={(item) => item.title}
      messages={{ noEventsInRange: 'No bookings or blocked dates in these dates.' }}
      // The agenda is as tall as its list: a box of its own that scrolls would be a region a keyboard cannot reach.
      style={view === 'agenda' ? undefined : { height: view === 'month' ? 720 : 760 }}
    />
  );
}
