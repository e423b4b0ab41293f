import { formatDateTime, formatRelativeDate } from '@gmao/domain/format/format';

/**
 * A moment shown the spec's relative way (§9: time of day if today, 'Hier', 'Il y a N jours' under 7 days, else the
 * date), with the exact date and time in the tooltip and in `dateTime` for assistive technology.
 */
export function RelativeTime({ value, now }: { value: string | Date; now?: Date }) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return <span>-</span>;
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)}>
      {formatRelativeDate(date, now)}
    </time>
  );
}
