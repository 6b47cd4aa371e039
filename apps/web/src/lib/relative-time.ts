const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

// Where each unit takes over from the one before, as people say it: "45 minutes ago" becomes "1 hour ago".
const steps: { below: number; unit: Intl.RelativeTimeFormatUnit; size: number }[] = [
  { below: 45 * minute, unit: 'minute', size: minute },
  { below: 22 * hour, unit: 'hour', size: hour },
  { below: 26 * day, unit: 'day', size: day },
  { below: 320 * day, unit: 'month', size: 30.44 * day },
  { below: Infinity, unit: 'year', size: 365.25 * day },
];

/** How long ago (or how far ahead) `instant` is from `now`, as people say it: "3 hours ago", "yesterday", "in 2 days". */
export function formatRelativeTime(instant: Date, now: Date): string {
  const difference = instant.getTime() - now.getTime();
  const distance = Math.abs(difference);
  if (distance < 45 * second) return 'just now';
  const step = steps.find(({ below }) => distance < below)!;
  // Rounded away from now on both sides (Math.round alone would make 90 s ago "1 minute" but 90 s ahead "2").
  return relativeFormat.format(Math.sign(difference) * Math.round(distance / step.size), step.unit);
}
