/** Demo time profiles for accounts 30000 (a believable estate) and 30001 (a smaller one). */
import { type Days, defaultDays } from '@switchboard/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A day the profile is closed (the form's default hours kept). */
const closed = { enabled: false, start: '09:00', end: '17:30' };
const open = (start: string, end: string) => ({ enabled: true, start, end });

const weekendOnly: Days = {
  monday: closed,
  tuesday: closed,
  wednesday: closed,
  thursday: closed,
  friday: closed,
  saturday: open('08:00', '16:00'),
  sunday: open('10:00', '14:00'),
};

const salonDays: Days = {
  monday: closed,
  tuesday: open('09:00', '18:00'),
  wednesday: open('09:00', '18:00'),
  thursday: open('09:00', '20:00'),
  friday: open('09:00', '18:00'),
  saturday: open('08:30', '16:00'),
  sunday: closed,
};

export async function seedTimeProfiles(trx: Transaction<Database>): Promise<void> {
  const profiles = await trx
    .insertInto('time_profiles')
    .values([
      {
        account_no: 30000,
        extension: 300,
        name: 'Office hours',
        description: 'Main menu weekdays, engineers out of hours',
        bank_holiday: 1,
        mode: 0,
        in_prompt_id: null,
        // The main menu (IVR 370, demo/routing.ts) answers the main line in office hours.
        in_destination: 'ivr:370',
        out_prompt_id: null,
        out_destination: 'timeprofile:301',
        days: JSON.stringify(defaultDays()),
      },
      {
        account_no: 30000,
        extension: 301,
        name: 'Weekend cover',
        description: 'Engineer at weekends, the on-call mobile after hours',
        bank_holiday: 1,
        mode: 0,
        in_prompt_id: null,
        in_destination: 'seat:205',
        out_prompt_id: null,
        // Outside the weekend cover: the on-call engineer's mobile (an NTS destination, demo/routing.ts).
        out_destination: '',
        days: JSON.stringify(weekendOnly),
      },
      {
        account_no: 30001,
        extension: 300,
        name: 'Salon hours',
        description: '',
        bank_holiday: 1,
        mode: 0,
        in_prompt_id: null,
        in_destination: 'seat:201',
        out_prompt_id: null,
        out_destination: '',
        days: JSON.stringify(salonDays),
      },
    ])
    .returning(['id', 'account_no', 'extension'])
    .execute();
  const office = profiles.find((p) => p.account_no === 30000 && p.extension === 300);
  if (!office) return;
  await trx
    .insertInto('time_profile_calendars')
    .values([
      {
        account_no: 30000,
        time_profile_id: office.id,
        description: 'Christmas shutdown',
        destination: 'seat:205',
        start_at: '2026-12-24 13:00',
        end_at: '2027-01-04 08:00',
      },
      {
        account_no: 30000,
        time_profile_id: office.id,
        description: 'Staff training afternoon',
        destination: 'seat:202',
        start_at: '2027-02-12 13:00',
        end_at: '2027-02-12 17:30',
      },
    ])
    .execute();
}
