/**
 * The Direct Debit wizard (spec 1 §4, §5): Your Details prefilled from the account; each stage
 * checked with the spec's patterns before Next, the message under its field; an account number of
 * more than 8 digits refused, never cut; a failed Create keeps everything typed (Back returns to
 * the stages with their values).
 */
import { DIRECT_DEBIT_MESSAGES, MESSAGES } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { retailAccount } from '../../test/accounts.ts';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import DirectDebitPage from './direct-debit-page.tsx';

function renderWizard(create: () => unknown = () => ({ success: true, message: DIRECT_DEBIT_MESSAGES.created })) {
  const server = fakeServer();
  server.on('GET', '/billing/directdebit', () => ({ record: null }));
  server.on('GET', '/account/30000', () => retailAccount);
  server.on('POST', '/billing/directdebit/bankname', (req) => {
    const { accountNumber } = req.body as { accountNumber: string };
    if (!/^\d{8}$/.test(accountNumber))
      return reply(400, { success: false, message: 'x', validation: { accountNumber: MESSAGES.bankAccount } });
    return accountNumber === '41011166'
      ? { success: true, name: 'Barclays Bank', message: '' }
      : { success: false, name: '', message: DIRECT_DEBIT_MESSAGES.bankMismatch };
  });
  server.on('POST', '/billing/directdebit', create);
  const view = renderPanel(<DirectDebitPage />, { url: '/billing/directdebit', can: (r) => r !== 'prepay' });
  return { ...view, server };
}

type User = ReturnType<typeof renderWizard>['user'];

async function toYourDetails(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Set Up Direct Debit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Direct Debit' });
  for (const group of within(dialog).getAllByRole('radiogroup')) {
    await user.click(within(group).getByRole('radio', { name: 'Yes' }));
  }
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  return dialog;
}

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByRole('textbox', { name: label });
const typed = (dialog: HTMLElement, label: RegExp) => field(dialog, label).getAttribute('value');

async function retype(user: User, dialog: HTMLElement, label: RegExp, text: string) {
  await user.clear(field(dialog, label));
  if (text) await user.type(field(dialog, label), text);
}

async function paymentDetails(user: User, dialog: HTMLElement, accountNumber: string) {
  await retype(user, dialog, /Account Holder Name/, 'Acme Plumbing Ltd');
  await retype(user, dialog, /Sort Code/, '20-00-00');
  await retype(user, dialog, /Account Number/, accountNumber);
  await user.tab();
}

// Typing a whole form with user-event takes a while on a busy machine.
const SLOW = 60_000;

describe('the Direct Debit wizard', () => {
  it(
    'prefills Your Details from the account',
    async () => {
      const { user } = renderWizard();
      const dialog = await toYourDetails(user);
      expect(await within(dialog).findByDisplayValue('Alice')).toBeTruthy();
      expect(typed(dialog, /Last Name/)).toBe('Morgan');
      expect(typed(dialog, /Company/)).toBe('Acme Plumbing Ltd');
      expect(typed(dialog, /Telephone/)).toBe('01214960000');
      expect(typed(dialog, /Postcode/)).toBe('B1 2JR');
      expect(typed(dialog, /Address Line 1/)).toBe('45 Canal Street');
      expect(typed(dialog, /City/)).toBe('Birmingham');
    },
    SLOW,
  );

  it(
    'keeps a bad telephone number at Your Details with the pattern’s message',
    async () => {
      const { user } = renderWizard();
      const dialog = await toYourDetails(user);
      await within(dialog).findByDisplayValue('Alice');
      await retype(user, dialog, /Telephone/, '12ab');
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      expect(await within(dialog).findByText(MESSAGES.telephone)).toBeTruthy();
      expect(within(dialog).getByRole('textbox', { name: /Telephone/ })).toBeTruthy();
      expect(within(dialog).queryByRole('textbox', { name: /Sort Code/ })).toBeNull();
      await retype(user, dialog, /Telephone/, '01214960001');
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      expect(await within(dialog).findByRole('textbox', { name: /Sort Code/ })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'refuses an account number of more than 8 digits, never cutting it, even after a good look-up',
    async () => {
      const { user, server } = renderWizard();
      const dialog = await toYourDetails(user);
      await within(dialog).findByDisplayValue('Alice');
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      await within(dialog).findByRole('textbox', { name: /Sort Code/ });
      await paymentDetails(user, dialog, '41011166');
      expect(await within(dialog).findByText('Bank: Barclays Bank')).toBeTruthy();
      await user.type(field(dialog, /Account Number/), '1');
      await user.tab();
      expect(typed(dialog, /Account Number/)).toBe('410111661');
      expect(within(dialog).queryByText('Bank: Barclays Bank')).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      expect(await within(dialog).findByText(MESSAGES.bankAccount)).toBeTruthy();
      expect(within(dialog).queryByRole('checkbox')).toBeNull();
      expect(server.requests.some((r) => r.method === 'POST' && r.path === '/billing/directdebit')).toBe(false);
    },
    SLOW,
  );

  it(
    'keeps everything typed when Create fails: the reason shown, Back returns to the values',
    async () => {
      const { user } = renderWizard(() => reply(502, { success: false, message: DIRECT_DEBIT_MESSAGES.failed }));
      const dialog = await toYourDetails(user);
      await within(dialog).findByDisplayValue('Alice');
      await retype(user, dialog, /Address Line 2/, 'Unit 4');
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      await within(dialog).findByRole('textbox', { name: /Sort Code/ });
      await paymentDetails(user, dialog, '41011166');
      await within(dialog).findByText('Bank: Barclays Bank');
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      await user.click(await within(dialog).findByRole('checkbox'));
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(await within(dialog).findByText(DIRECT_DEBIT_MESSAGES.failed)).toBeTruthy();
      // Still at Confirm, with Back: nothing lost.
      expect(within(dialog).getByRole('button', { name: 'Create' })).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect(typed(dialog, /Account Number/)).toBe('41011166');
      expect(typed(dialog, /Account Holder Name/)).toBe('Acme Plumbing Ltd');
      await user.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect(typed(dialog, /Address Line 2/)).toBe('Unit 4');
    },
    SLOW,
  );

  it(
    'puts a refused field’s message under it when Create is refused, and says to go back',
    async () => {
      const { user } = renderWizard(() =>
        reply(400, { success: false, message: 'x', validation: { telephone: MESSAGES.telephone } }),
      );
      const dialog = await toYourDetails(user);
      await within(dialog).findByDisplayValue('Alice');
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      await within(dialog).findByRole('textbox', { name: /Sort Code/ });
      await paymentDetails(user, dialog, '41011166');
      await within(dialog).findByText('Bank: Barclays Bank');
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      await user.click(await within(dialog).findByRole('checkbox'));
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(await within(dialog).findByText(MESSAGES.stageValidation)).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Back' }));
      await user.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect(await within(dialog).findByText(MESSAGES.telephone)).toBeTruthy();
    },
    SLOW,
  );
});
