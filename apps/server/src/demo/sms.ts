/**
 * The demo's texts for Acme Plumbing (account 30000): customers' messages to its numbers and
 * mobiles (two unread), and the replies and reminders it sent (delivered, one failed), over the last
 * few days, one from a supplier's alphanumeric sender ID (which takes no replies); and Acme's own
 * sender ID, AcmePlumb, beside its numbers. Written as they stand (the seed's transaction), each with a gateway id of its own.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import '../features/sms/tables.ts';

type Text = {
  hoursAgo: number;
  direction: 'in' | 'out';
  from: string;
  to: string;
  message: string;
  status?: number;
  delivery?: 'delivered' | 'failed';
};

const TEXTS: Text[] = [
  {
    hoursAgo: 70,
    direction: 'in',
    from: '07700900111',
    to: '01214960000',
    message: 'Hi, our kitchen tap is dripping constantly. Could someone come and have a look this week?',
    status: 1,
  },
  {
    hoursAgo: 69,
    direction: 'out',
    from: '01214960000',
    to: '07700900111',
    message: 'Thanks for getting in touch. We can come on Thursday between 9 and 12. Does that suit you?',
  },
  {
    hoursAgo: 68,
    direction: 'in',
    from: '07700900111',
    to: '01214960000',
    message: 'Thursday morning is perfect, thank you.',
    status: 1,
  },
  {
    hoursAgo: 50,
    direction: 'out',
    from: '07700900501',
    to: '07700900222',
    message: 'Reminder: Acme Plumbing visit tomorrow at 14:00. Reply to this message to rearrange.',
  },
  {
    hoursAgo: 30,
    direction: 'in',
    from: 'ValveDirect',
    to: '07700900501',
    message:
      'ValveDirect: your order 55210 (2 x pressure relief valve) has been dispatched. Do not reply to this message.',
    status: 1,
  },
  {
    hoursAgo: 26,
    direction: 'out',
    from: '01214960000',
    to: '07700900000',
    message: 'Your invoice INV-1042 is now due. Thank you for your business.',
    delivery: 'failed',
  },
  {
    hoursAgo: 5,
    direction: 'in',
    from: '07700900333',
    to: '07700900501',
    message: 'Engineer has just left, radiator working again. Many thanks!',
    status: 1,
  },
  {
    hoursAgo: 2,
    direction: 'in',
    from: '+447700900444',
    to: '01214960001',
    message: 'Do you install outside taps? Looking for a quote.',
    status: 0,
  },
  {
    hoursAgo: 1,
    direction: 'in',
    from: '07700900555',
    to: '01214960000',
    message: 'Water coming through the ceiling under the bathroom, can anyone come today?',
    status: 0,
  },
];

export async function seedSms(trx: Transaction<Database>): Promise<void> {
  await trx.insertInto('sms_sender_ids').values({ account_no: 30000, sender_id: 'AcmePlumb' }).execute();
  await trx
    .insertInto('sms_messages')
    .values(
      TEXTS.map((t, i) => ({
        account_no: 30000,
        direction: t.direction,
        status: t.direction === 'in' ? (t.status ?? 0) : 1,
        from_number: t.from,
        to_number: t.to,
        message: t.message,
        originator: t.from,
        destinations: JSON.stringify([t.to]),
        from_mobile: t.direction === 'out' && t.from.startsWith('07'),
        delivery: t.direction === 'in' ? 'received' : (t.delivery ?? 'delivered'),
        failure: t.delivery === 'failed' ? 'Unreachable destination (sandbox)' : '',
        gateway_id: `SMdemo${String(i).padStart(26, '0')}`,
        cost_pence: t.direction === 'out' ? 4 : 0,
        on_ledger: false,
        created_at: sql<Date>`now() - make_interval(hours => ${t.hoursAgo})`,
      })),
    )
    .execute();
}
