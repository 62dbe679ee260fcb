/** In the listing wizard of a space not yet listed: calendars can be imported once it is (a feed belongs to a space). */
export function CalendarImportsLater() {
  return (
    <section className="grid gap-1 rounded-xl border border-dashed border-slate-300 p-4" aria-label="Calendars">
      <p className="text-sm font-semibold text-slate-900">Calendars</p>
      <p className="text-sm text-slate-600">
        Once your space is listed, you can import your own calendars (Google Calendar, Outlook or your practice software) from Edit Space or
        your Calendar page: their busy times then block this space.
      </p>
    </section>
  );
}
