/**
 * The send form (spec 3 §2: Send on the list and the detail; Reply and Forward on the detail): the
 * originator picked from the account's numbers and mobiles, the destinations typed (commas, spaces or
 * new lines between them), the message with its count of the 250 characters and of the parts a
 * gateway sends. Its defaults are the action's: a reply is to the sender from the number it came to,
 * a forward carries the message.
 */
import { SMS_MAX_LENGTH, type SmsSendFormValues, smsParts, smsSendForm } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../platform/api.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { useChange } from '../../platform/mutation.ts';
import { RecordFormDialog } from '../../platform/paged-table/record-form-dialog.tsx';
import { sendSms, smsKeys, smsOriginators } from './api.ts';

export type SendKind = 'Send' | 'Reply' | 'Forward';

/** '57/250 characters, 1 part' (a text over 160 GSM characters, or 70 others, goes in several parts). */
export function messageCount(message: string): string {
  const { parts } = smsParts(message);
  return `${message.length}/${SMS_MAX_LENGTH} characters, ${parts} part${parts === 1 ? '' : 's'}`;
}

/**
 * A server refusal of one destination ('destinations.2': the third number sent) said of the To field,
 * which holds them all, naming the number; the other fields' refusals as they came.
 */
export function toFieldErrors(error: unknown, destinations: readonly string[]): unknown {
  if (!(error instanceof ApiError)) return error;
  const validation: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.validation)) {
    const nth = /^destinations\.(\d{1,3})$/.exec(key);
    const number = nth ? destinations[Number(nth[1])] : undefined;
    if (!nth) validation[key] = message;
    else validation.destinations ??= number ? `${number}: ${message}` : message;
  }
  return new ApiError(error.status, error.message, validation, error.body);
}

export interface SmsSendDialogProps {
  open: boolean;
  kind: SendKind;
  defaults: Partial<SmsSendFormValues>;
  onClose: () => void;
}

export function SmsSendDialog({ open, kind, defaults, onClose }: SmsSendDialogProps) {
  const originators = useQuery({ ...smsOriginators, enabled: open });
  const options = (originators.data?.records ?? []).map((o) => ({ value: o.originator, label: o.label }));
  const change = useChange({ invalidates: [smsKeys.all], mutationFn: sendSms });
  const fields: FieldDef<SmsSendFormValues>[] = [
    { kind: 'select', name: 'originator', label: 'Originator', options, required: true, empty: 'No Numbers Found' },
    {
      kind: 'text',
      name: 'destinations',
      label: 'To',
      required: true,
      type: 'tel',
      helper: 'One or more numbers, separated by commas or spaces',
    },
    { kind: 'text', name: 'message', label: 'Message', required: true, rows: 4 },
  ];
  return (
    <RecordFormDialog<SmsSendFormValues, ReturnType<typeof smsSendForm.parse>>
      open={open}
      title={kind === 'Send' ? 'Send SMS' : `${kind} SMS`}
      submitLabel="Send"
      schema={smsSendForm}
      defaults={{ originator: options[0]?.value ?? '', destinations: '', message: '', fromMobile: false, ...defaults }}
      fields={fields}
      summary={(values) => messageCount(values.message ?? '')}
      submit={async (values) => {
        const fromMobile = originators.data?.records.find((o) => o.originator === values.originator)?.fromMobile;
        try {
          const reply = await change.mutateAsync({ ...values, fromMobile: fromMobile ?? false });
          return [{ key: 'sent', ok: true, message: reply.message }];
        } catch (error) {
          throw toFieldErrors(error, values.destinations);
        }
      }}
      successSummary="Message sent"
      onClose={onClose}
    />
  );
}
