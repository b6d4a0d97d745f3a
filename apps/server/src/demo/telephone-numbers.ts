/** Demo telephone numbers: routed to seats and time profiles, with emergency addresses (one failed). */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

const ACME_ADDRESS = {
  ems_name: 'Acme Plumbing',
  ems_business_suffix: 'Ltd',
  ems_premises: '45',
  ems_thoroughfare: 'Canal Street',
  ems_locality: 'Birmingham',
  ems_postcode: 'B1 2JR',
};

export async function seedTelephoneNumbers(trx: Transaction<Database>): Promise<void> {
  const nuisance = await trx
    .selectFrom('access_lists')
    .select('id')
    .where('account_no', '=', 30000)
    .where('name', '=', 'Nuisance callers')
    .executeTakeFirst();
  await trx
    .insertInto('telephone_numbers')
    .values([
      {
        account_no: 30000,
        number: '01214960000',
        nickname: 'Main line',
        destination: 'timeprofile:300',
        acl_id: nuisance?.id ?? null,
        acl_reject: true,
        anon_call_reject: true,
        ...ACME_ADDRESS,
      },
      {
        account_no: 30000,
        number: '01214960001',
        nickname: 'Sales',
        destination: 'seat:204',
        call_record: 2,
        call_record_warn: true,
        distinctive_ring: 2,
        ...ACME_ADDRESS,
      },
      {
        account_no: 30000,
        number: '01214960002',
        nickname: 'Accounts',
        destination: 'seat:202',
        fax_contact: true,
        fax_address: 'accounts@acmeplumbing.example',
        ...ACME_ADDRESS,
      },
      {
        account_no: 30000,
        number: '01214960004',
        nickname: 'Director',
        destination: 'seat:208',
        distinctive_ring: 5,
        cid_prefix: 'DIR',
        cid_on_divert: true,
        ...ACME_ADDRESS,
        ems_title: 'Mr',
        ems_forename: 'Daniel',
        ems_name: 'Morgan',
        ems_business_suffix: '',
      },
      {
        account_no: 30000,
        number: '01214960003',
        nickname: 'Emergency',
        destination: 'timeprofile:301',
        ...ACME_ADDRESS,
        ems_premises: 'Unit 9',
        ems_thoroughfare: 'Canal Strete',
        ems_error_code: 39,
        ems_error_message: 'Thoroughfare not recognised for the postcode',
      },
      {
        account_no: 30000,
        number: '03300880123',
        nickname: 'Marketing',
        // Deliberately routed nowhere (bought for a campaign not yet launched): the demo's one
        // routing-health finding ('Number 03300880123 (Marketing) is routed nowhere').
        destination: '',
        cid_prefix: 'MKT',
        ems_needed: false,
      },
      {
        account_no: 30001,
        number: '01179460000',
        nickname: 'Salon',
        destination: 'timeprofile:300',
        ems_name: 'Bella Hair Studio',
        ems_premises: '7',
        ems_thoroughfare: 'High Street',
        ems_locality: 'Bristol',
        ems_postcode: 'BS1 2AW',
      },
      {
        account_no: 30001,
        number: '01179460001',
        nickname: 'Bookings',
        destination: 'seat:201',
        ems_name: 'Bella Hair Studio',
        ems_premises: '7',
        ems_thoroughfare: 'High Street',
        ems_locality: 'Bristol',
        ems_postcode: 'BS1 2AW',
      },
    ])
    .execute();
}
