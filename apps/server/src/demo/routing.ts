/**
 * Demo call routing beyond seats and time profiles, for Acme (30000): a sales call group, a support
 * queue, a main-menu IVR routing to both ('Press 1 for sales, 2 for support', 0 for Reception), answering
 * the main line in office hours (time profile 300), an out-of-hours NTS destination to the on-call
 * engineer's mobile (after the weekend cover, 301), a pickup group and the office manager (203)
 * monitoring the sales call group's members (dialling 154).
 * Numbers sit in 350-370, clear of the seats (201-) and the time profiles (300-301); the members are
 * the estimating desk, the vans and the training room. A conference room (380) for the site
 * meetings, and a dial-through for the engineers on the road, recognised by their mobiles.
 */
import { everyDay } from '@switchboard/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

const ACME = 30000;

export async function seedRouting(trx: Transaction<Database>): Promise<void> {
  const seats = await trx.selectFrom('seats').select(['id', 'extension']).where('account_no', '=', ACME).execute();
  const seat = (extension: number) => {
    const found = seats.find((s) => s.extension === extension);
    if (!found) throw new Error(`Demo seat ${extension} missing`);
    return found.id;
  };

  // The account's own hold music (its audio is made at seed time: demo/audio.ts), played by the
  // sales group and the support queue; the main menu greets with the account's greeting.
  const music = await trx
    .insertInto('music_on_hold')
    .values({ account_no: ACME, name: 'Acme hold tune' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const greeting = await trx
    .selectFrom('prompts')
    .select('id')
    .where('account_no', '=', ACME)
    .where('name', '=', 'Acme main greeting')
    .executeTakeFirstOrThrow();

  const group = await trx
    .insertInto('call_groups')
    .values({
      account_no: ACME,
      group_no: 350,
      custom_name: 'Sales team',
      cid_prefix: 'SALES',
      ring_type: 1,
      ring_time: 20,
      music_on_hold_id: music.id,
      // Unanswered sales calls fall over to Reception.
      fallover_location: 'seat:201',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('call_group_members')
    .values(
      [209, 212].map((extension, i) => ({
        account_no: ACME,
        group_id: group.id,
        member: `seat:${extension}`,
        days: JSON.stringify(everyDay()),
        penalty: i * 5,
      })),
    )
    .execute();

  const queue = await trx
    .insertInto('call_queues')
    .values({
      account_no: ACME,
      queue_no: 360,
      custom_name: 'Customer support',
      strategy: 'rrmemory',
      announce_system: -2,
      music_on_hold_id: music.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('call_queue_members')
    .values([210, 211].map((extension) => ({ account_no: ACME, queue_id: queue.id, member: `seat:${extension}` })))
    .execute();

  await trx
    .insertInto('ivrs')
    .values({
      account_no: ACME,
      ivr_no: 370,
      description: 'Main menu',
      greeting_id: greeting.id,
      option1: 'callgroup:350',
      option2: 'queue:360',
      option0: 'seat:201',
      option_timeout: 'queue:360',
    })
    .execute();

  const onCall = await trx
    .insertInto('nts_destinations')
    .values({ account_no: ACME, name: 'Out of hours engineer', destination: '07700900999', channel_limit: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();

  // The main line (01214960000 → time profile 300) is answered by the menu in office hours; out of
  // hours it goes to the weekend cover (301), and outside that to the on-call engineer's mobile.
  await trx
    .updateTable('time_profiles')
    .set({ out_destination: `nts:${onCall.id}` })
    .where('account_no', '=', ACME)
    .where('extension', '=', 301)
    .execute();

  const pickup = await trx
    .insertInto('pickup_groups')
    .values({ account_no: ACME, name: 'Engineers' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('pickup_group_members')
    .values([210, 211].map((extension) => ({ account_no: ACME, group_id: pickup.id, seat_id: seat(extension) })))
    .execute();

  await trx
    .insertInto('call_monitors')
    .values(
      [209, 212].map((extension) => ({
        account_no: ACME,
        source_seat_id: seat(203),
        destination_seat_id: seat(extension),
        password: '2580',
      })),
    )
    .execute();

  const jazz = await trx
    .selectFrom('music_on_hold')
    .select('id')
    .where('account_no', 'is', null)
    .where('name', '=', 'Jazz')
    .executeTakeFirst();
  await trx
    .insertInto('conference_rooms')
    .values({
      account_no: ACME,
      conf_number: 380,
      nickname: 'Site meetings',
      pin: '3804',
      admin_pin: '9380',
      announce_users: true,
      wait_for_marked: true,
      moh_class_id: jazz?.id ?? null,
      max_participants: 20,
    })
    .execute();

  const dialThrough = await trx
    .insertInto('dial_throughs')
    .values({
      account_no: ACME,
      name: 'Engineers on the road',
      cli: '01214960000',
      pin: '2580',
      uk_mob: true,
      channels: 4,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('dial_through_clis')
    .values(
      ['07700900311', '07700900312'].map((number) => ({
        account_no: ACME,
        dial_through_id: dialThrough.id,
        number,
      })),
    )
    .execute();
}
