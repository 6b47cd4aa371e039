const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** An ISO 8601 instant in the reader's time zone: "Nov 21, 2026, 10:00 AM". */
export function formatDateTime(isoDateTime: string): string {
  return dateTimeFormat.format(new Date(isoDateTime));
}

/** An ISO 8601 calendar date ("2026-11-01") as written, whatever the reader's time zone: "Nov 1, 2026". */
export function formatCalendarDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}
