/** The field map entries of the call options seats and trunks share (spec 2 §3: restrictions, call times). */
import { mayKnowInternationalPin, RESTRICTION_FIELDS, type Resource } from '@switchboard/domain';
import { field } from '../../platform/fields.ts';

/**
 * The restriction switches and the international PIN (members of the json `restrictions` column;
 * the PIN a secret for those who may not set it), and the weekday / weekend call times.
 */
export function callOptionFields(record: Resource, restrictions: Resource) {
  const out: Record<string, ReturnType<typeof field.json>> = {};
  for (const key of RESTRICTION_FIELDS) {
    out[key] =
      key === 'internationalPIN'
        ? field.member('restrictions', key, 'text', {
            secret: (auth) => mayKnowInternationalPin(auth, record, restrictions),
          })
        : field.member('restrictions', key, 'boolean');
  }
  return {
    ...(out as Record<(typeof RESTRICTION_FIELDS)[number], ReturnType<typeof field.json>>),
    weekdayTimes: field.json('weekday_times'),
    weekendTimes: field.json('weekend_times'),
  };
}
