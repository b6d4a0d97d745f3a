/**
 * /account-details (spec 1 §2): tabs Account Details (the account form of §3 with §5's rules;
 * the balance alert hidden for wholesale), Identity (the holder's identity check, issue 13) and
 * Delete Account (only when the account's parent is 10000 or 0).
 *
 * A save that changes a verified legal identity (name, company) answers verificationRequired
 * (spec 1 §4 "Save may ... start an identity verification session"): the page starts the check at
 * once, in the Identity tab's window, and says why above the form until it is done.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import {
  type Account,
  type AccountDetailsForm,
  accountBillingRoutes,
  accountDetailsForm,
  BALANCE_ALERT_PENCE,
  balanceAlertLabel,
  DELETABLE_PARENTS,
  END_USER_TYPES,
  IDENTITY_MESSAGES,
  isWholesale,
  sessionRoutes,
} from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../platform/client.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import type { RecordSource } from '../../platform/resource.ts';
import { useSession } from '../../platform/session-context.ts';
import { TabbedForm, type TabDef } from '../../platform/tabbed-form/tabbed-form.tsx';
import { DeleteAccountPanel } from './delete-account.tsx';
import { type IdentityCheck, identityNote, identityStatusKey, useIdentityCheck } from './identity-check.tsx';
import { IdentityPanel } from './identity-panel.tsx';

type Values = AccountDetailsForm;

const ALERT_OPTIONS = BALANCE_ALERT_PENCE.map((value) => ({ value, label: balanceAlertLabel(value) }));

function fieldsFor(wholesale: boolean): FieldDef<Values>[] {
  return [
    { kind: 'text', name: 'firstName', label: 'First Name', required: true },
    { kind: 'text', name: 'surname', label: 'Surname', required: true },
    { kind: 'text', name: 'company', label: 'Company' },
    { kind: 'text', name: 'email', label: 'Email', required: true, type: 'email' },
    { kind: 'text', name: 'telephone', label: 'Telephone', required: true, type: 'tel' },
    { kind: 'text', name: 'mobile', label: 'Mobile', type: 'tel' },
    { kind: 'text', name: 'fax', label: 'Fax', type: 'tel' },
    { kind: 'text', name: 'address_line1', label: 'Address Line 1', required: true },
    { kind: 'text', name: 'address_line2', label: 'Address Line 2' },
    { kind: 'text', name: 'address_city', label: 'City', required: true },
    { kind: 'text', name: 'address_county', label: 'County' },
    { kind: 'text', name: 'address_postcode', label: 'Postcode', required: true },
    { kind: 'text', name: 'address_country', label: 'Country' },
    { kind: 'select', name: 'endUserType', label: 'End User Type', options: END_USER_TYPES, required: true },
    { kind: 'switch', name: 'vulnerablePerson', label: 'Vulnerable person' },
    ...(wholesale
      ? []
      : [{ kind: 'select', name: 'alert', label: 'Balance Alert', options: ALERT_OPTIONS } satisfies FieldDef<Values>]),
  ];
}

const toValues = (a: Account): Values => ({
  ...formValuesOf(accountDetailsForm, a),
  endUserType: a.endUserType === '1' || a.endUserType === '2' ? a.endUserType : '0',
});

function accountSource(
  accountNo: number,
  wholesale: boolean,
  onVerificationRequired: () => void,
): RecordSource<Account, Values> {
  const key = ['account', String(accountNo)];
  return {
    key,
    load: async () => {
      const reply = await call(sessionRoutes.account, { params: { account_no: accountNo } });
      if (!('firstName' in reply)) throw new Error('The requested record could not be found');
      return reply;
    },
    save: async (values, version) => {
      const { alert, ...rest } = values;
      const reply = await call(accountBillingRoutes.saveAccount, {
        params: { account_no: accountNo },
        body: { ...rest, ...(wholesale ? {} : { alert }), version },
      });
      if (reply.verificationRequired) onVerificationRequired();
      return reply;
    },
    invalidates: [key],
  };
}

/**
 * Above the account form after a save that needs a new identity check: why, and how the check
 * went (or 'Verify identity' again when it was not done; while acting as the customer, that the
 * holder verifies their own identity).
 */
function ReverifyNotice({ check, impersonating }: { check: IdentityCheck; impersonating: boolean }) {
  const note = identityNote(check.result);
  if (note?.severity === 'success' || note?.severity === 'info') {
    return <Alert severity={note.severity}>{note.text}</Alert>;
  }
  return (
    <Alert
      severity="warning"
      data-testid="reverify-notice"
      action={
        impersonating ? undefined : (
          <Button
            color="inherit"
            size="small"
            onClick={check.start}
            disabled={check.busy}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {check.result?.kind === 'requires_input' ? IDENTITY_MESSAGES.retry : IDENTITY_MESSAGES.verify}
          </Button>
        )
      }
    >
      {IDENTITY_MESSAGES.reverifyNotice}
      {impersonating && ` ${IDENTITY_MESSAGES.disguised}.`}
      {note && (
        <>
          <br />
          {note.text}
        </>
      )}
    </Alert>
  );
}

export default function AccountDetailsPage() {
  const { session, impersonating } = useSession();
  const queryClient = useQueryClient();
  const accountNo = Number(session.account_no);
  const wholesale = isWholesale(session);
  const check = useIdentityCheck();
  /** A save made the verified identity need a new check. */
  const [reverify, setReverify] = useState(false);
  const verificationRequired = () => {
    setReverify(true);
    void queryClient.invalidateQueries({ queryKey: identityStatusKey });
    void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    // The holder checks at once, in the Identity tab's window (not while acting as the customer).
    if (!impersonating) void check.start();
  };
  const tabs: TabDef<Account, Values>[] = [
    {
      label: 'Account Details',
      kind: 'form',
      intro: () => (reverify ? <ReverifyNotice check={check} impersonating={impersonating} /> : null),
      inputs: fieldsFor(wholesale),
    },
    // The account holder's identity check (issue 13).
    { label: 'Identity', kind: 'panel', render: () => <IdentityPanel /> },
  ];
  if (DELETABLE_PARENTS.includes(Number(session.parent))) {
    tabs.push({ label: 'Delete Account', kind: 'panel', render: (a) => <DeleteAccountPanel account={a} /> });
  }
  return (
    <>
      <TabbedForm<Account, Values, Values>
        source={accountSource(accountNo, wholesale, verificationRequired)}
        resource="account"
        // Wholesale accounts have no balance alert (spec 1 §2): not shown, and not sent.
        schema={accountDetailsForm}
        toValues={toValues}
        name={() => 'Account'}
        title={(a) => `Account Details (${a.accountNo})`}
        tabs={tabs}
      />
      {check.window}
    </>
  );
}
