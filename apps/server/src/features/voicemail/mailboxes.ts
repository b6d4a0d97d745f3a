/**
 * A mailbox is a seat, named by its SIP username ('{account}*{extension}'): looked up in the
 * tenant's transaction (another account's is not found), optionally locked for a write.
 */
import { MESSAGES, seatLabel } from '@switchboard/domain';
import { HttpError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/tenancy.ts';

export interface Mailbox {
  seatId: number;
  name: string;
  label: string;
  extension: number;
  /** 0 disabled, 1 basic, 2 advanced. */
  vmMode: number;
  fullname: string;
  email: string;
  vmDelete: boolean;
  pinSet: boolean;
  keepOnNetwork: boolean;
  version: number;
}

/** The mailbox `name` of the account, or 404. */
export async function mailboxOf(tx: Tx, name: string, options: { lock?: boolean } = {}): Promise<Mailbox> {
  let query = tx
    .selectFrom('seats')
    .select([
      'id',
      'name',
      'extension',
      'nickname',
      'vm_mode',
      'vm_fullname',
      'vm_email',
      'vm_delete',
      'vm_pin',
      'keep_on_network',
      'version',
    ])
    .where('name', '=', name);
  if (options.lock) query = query.forUpdate();
  const seat = await query.executeTakeFirst();
  if (!seat) throw new HttpError(404, MESSAGES.recordNotFound);
  return {
    seatId: seat.id,
    name: seat.name,
    label: seatLabel(seat),
    extension: seat.extension,
    vmMode: seat.vm_mode,
    fullname: seat.vm_fullname,
    email: seat.vm_email,
    vmDelete: seat.vm_delete,
    pinSet: seat.vm_pin !== '',
    keepOnNetwork: seat.keep_on_network,
    version: seat.version,
  };
}
