/** The calendar day of an instant in a time zone, as YYYY-MM-DD (comparable as text). */
function dayIn(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function previousDay(day: string): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO date, not text
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Whether the tracker shows a registration's check-in code (spec §14): from the day before the
 * event's start, that day counted in the club's time zone, until the event ends.
 */
export function showsCheckInCode(event: { start_at: string; end_at: string }, now: number, timeZone: string): boolean {
  if (now >= Date.parse(event.end_at)) return false;
  return dayIn(now, timeZone) >= previousDay(dayIn(Date.parse(event.start_at), timeZone));
}
