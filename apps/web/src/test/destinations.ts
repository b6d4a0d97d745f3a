/** One destination of every kind, as GET /destinations lists them (a picker's whole choice). */
import { DESTINATION_TYPE_LABELS, DESTINATION_TYPES, type DestinationOption } from '@switchboard/domain';

const LABELS: Record<(typeof DESTINATION_TYPES)[number], string> = {
  seat: '201 - Reception',
  trunk: 'Main trunk',
  timeprofile: '300 - Office hours',
  callgroup: '350 - Sales team',
  queue: '360 - Customer support',
  ivr: '370 - Main menu',
  nts: 'Out of hours engineer',
  voicemail: '201 - Reception voicemail',
  conference: '380 - Site meetings',
};

export const everyKindOfDestination: DestinationOption[] = DESTINATION_TYPES.map((type, i) => ({
  value: `${type}:${200 + i}`,
  label: LABELS[type],
  type,
  typeLabel: DESTINATION_TYPE_LABELS[type],
}));

export const destinationsReply = () => ({
  records: everyKindOfDestination,
  totalRecords: everyKindOfDestination.length,
  lastPage: true,
});
