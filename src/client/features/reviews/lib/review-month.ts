/** The month a review was written, as a reader sees it: "November 2026" (UTC). */
export function reviewMonth(createdAt: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(createdAt));
}
