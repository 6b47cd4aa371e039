/** What a date-range filter says when its first day is after its last (and why it asks for nothing). */
export const invertedDayRangeMessage = 'The end date is before the start date.';

/**
 * A range of days (`YYYY-MM-DD`, an empty end is no bound) whose first day is after its last matches nothing,
 * so a filter shows `invertedDayRangeMessage` on its end field instead of sending the query.
 */
export function isInvertedDayRange(firstDay: string | undefined, lastDay: string | undefined): boolean {
  return Boolean(firstDay && lastDay && firstDay > lastDay);
}
