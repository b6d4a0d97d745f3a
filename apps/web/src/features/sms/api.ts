/** SMS on the web: the list (POST /sms/{offset}/{limit}), a text (GET /sms/{id}), the originators, send and delete. */
import { type SaveReply, type SmsSendInput, smsRoutes } from '@switchboard/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../platform/client.ts';
import { listSource, resourceKeys } from '../../platform/resource.ts';

export const smsKeys = resourceKeys('/sms');
export const smsList = listSource(smsRoutes.list, { key: smsKeys.lists(), invalidates: [smsKeys.all] });

/** A text, as it is. */
export const smsDetail = (id: number) =>
  queryOptions({ queryKey: smsKeys.detail(id), queryFn: () => call(smsRoutes.read, { params: { id } }), retry: false });

/** Opened by a user who may change texts: an unread one becomes read. */
export const markSmsRead = (id: number) => call(smsRoutes.markRead, { params: { id } });

/** The account's originators (its numbers, then its mobiles). */
export const smsOriginators = queryOptions({
  queryKey: [...smsKeys.all, 'originators'],
  queryFn: () => call(smsRoutes.originators),
});

export const sendSms = (body: SmsSendInput) => call(smsRoutes.send, { body });

/** One text deleted (DELETE /sms with its id). */
export const removeSms = (id: number): Promise<SaveReply> => call(smsRoutes.removeMany, { body: { id } });

/** An account's alphanumeric sender IDs (provider admins). */
export const loadSenderIds = (accountNo: number) => call(smsRoutes.senderIds, { params: { accountNo } });
export const saveSenderIds = (accountNo: number, senderIds: string[]) =>
  call(smsRoutes.saveSenderIds, { params: { accountNo }, body: { senderIds } });
