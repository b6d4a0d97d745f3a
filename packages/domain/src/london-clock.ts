/**
 * The UK wall clock (Europe/London, BST or GMT as the date requires): what a customer's clock says
 * at an instant, for the rules that speak in UK days and times (billing months, time profiles).
 */
const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * The UK wall clock at an instant: its date 'YYYY-MM-DD', its key 'YYYY-MM-DD HH:mm', its weekday
 * (0 = Monday ... 6 = Sunday) and its minute of the day.
 */
export function londonClock(at: Date) {
  const p = Object.fromEntries(partsFormat.formatToParts(at).map((x) => [x.type, x.value]));
  const date = `${p.year}-${p.month}-${p.day}`;
  return {
    date,
    key: `${date} ${p.hour}:${p.minute}`,
    weekday: WEEKDAYS.indexOf(String(p.weekday)),
    minutes: Number(p.hour) * 60 + Number(p.minute),
  };
}

/**
 * The instant the UK wall clock reads `key` ('YYYY-MM-DD HH:mm'): GMT or BST as that date has it.
 * A time the clocks skip (01:30 on the spring-forward Sunday) is read as BST; one they repeat
 * (01:30 on the autumn Sunday) as the first, BST.
 */
export function londonInstant(key: string): Date {
  const [date = '', time = '00:00'] = key.trim().split(' ');
  const utc = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(utc)) return new Date(Number.NaN);
  const bst = new Date(utc - 3_600_000);
  return londonClock(bst).key === `${date} ${time}` ? bst : new Date(utc);
}
