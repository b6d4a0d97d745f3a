/**
 * The add-number wizard (spec 3 §4, §5, §8) against a fake of the API: each stage's message when
 * nothing is chosen, the resets when the type, country or region changes, the prices of the
 * Confirm stage (hidden for wholesale), and each item's answer with the summary.
 */
import { INTERNATIONAL_MESSAGES, BUY_NUMBER_MESSAGES as M, MESSAGES, type TariffItem } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import AddNumberWizard from './add-number-wizard.tsx';

const tariff: TariffItem[] = [
  { item: 'GEONUM', description: 'Telephone number', monthly: '2.00', setup: '0.00', version: 1 },
  { item: '0800FREE', description: '0800 freephone number', monthly: '5.00', setup: '10.00', version: 1 },
];
const ranges = {
  ENG: [
    { numberRangeId: 1007, type: 'GEONUM', country: 'ENG', name: 'Birmingham', prefix: '0121', vanity: false },
    { numberRangeId: 1001, type: 'GEONUM', country: 'ENG', name: 'Leeds', prefix: '0113', vanity: false },
  ],
  SCO: [{ numberRangeId: 1011, type: 'GEONUM', country: 'SCO', name: 'Glasgow', prefix: '0141', vanity: false }],
};

function renderWizard(accountKind: 'retail' | 'wholesale' = 'retail') {
  const server = fakeServer();
  server.on('POST', '/numbering/available/ranges', (req) => {
    const body = req.body as { type: string; country?: keyof typeof ranges };
    if (body.type === '03NGN')
      return reply(400, { success: false, message: M.notForProfit, validation: { type: M.notForProfit } });
    return { records: body.country ? ranges[body.country] : [] };
  });
  server.on('POST', '/numbering/available/ranges/-1/-1', (req) => {
    const id = (req.body as { numberRangeId: number }).numberRangeId;
    const start = id === 1007 ? '01214960100' : '01134960000';
    return { records: [{ start, end: start.replace(/\d{3}$/, '999'), amount: 900 }] };
  });
  server.on('GET', '/billing/tariff/-1/-1', () => ({
    records: accountKind === 'wholesale' ? tariff.map((t) => ({ ...t, monthly: null, setup: null })) : tariff,
  }));
  server.on('POST', '/numbering/available/allocate', (req) => {
    const numbers = (req.body as { telephoneNumbers: string[] }).telephoneNumbers;
    return {
      success: false,
      message: M.summaryErrors(1),
      records: numbers.map((n, i) =>
        i === 0
          ? { item: n, success: true, message: M.purchased, validation: null, ids: [77] }
          : {
              item: n,
              success: false,
              message: M.validationError,
              validation: { telephoneNumbers: M.notAvailable },
              ids: [],
            },
      ),
    };
  });
  const view = renderPanel(<AddNumberWizard open onClose={() => undefined} />, { session: { accountKind } });
  return { ...view, server };
}

const next = (user: ReturnType<typeof renderWizard>['user']) =>
  user.click(screen.getByRole('button', { name: 'Next' }));

async function toNumbers(view: ReturnType<typeof renderWizard>, country = 'England', region = 'Birmingham (0121)') {
  const { user } = view;
  await user.click(screen.getByRole('radio', { name: 'Geographic' }));
  await next(user);
  await user.click(screen.getByRole('radio', { name: country }));
  await next(user);
  await user.click(await screen.findByRole('combobox', { name: 'Region' }));
  await user.click(await screen.findByRole('option', { name: region }));
  await next(user);
}

describe('the add-number wizard', () => {
  it('says what each stage is missing, and stops 0300 at the type with the server’s words', async () => {
    const view = renderWizard();
    const { user } = view;
    await next(user);
    expect(await screen.findByText(M.selectType)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '0300 Non-Geographic' }));
    await next(user);
    expect(await screen.findByText(M.notForProfit)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Geographic' }));
    await next(user);
    await next(user);
    expect(await screen.findByText(M.selectCountry)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'England' }));
    await next(user);
    await next(user);
    expect(await screen.findByText(M.selectRegion)).toBeTruthy();
    await user.click(await screen.findByRole('combobox', { name: 'Region' }));
    await user.click(await screen.findByRole('option', { name: 'Birmingham (0121)' }));
    await next(user);
    await next(user);
    expect(await screen.findByText(M.selectNumber)).toBeTruthy();
    // International is not offered to a retail account.
    expect(screen.queryByRole('radio', { name: /International/ })).toBeNull();
  });

  it('forgets the numbers chosen when the region or country changes', async () => {
    const view = renderWizard();
    const { user } = view;
    await toNumbers(view);
    await user.click(await screen.findByRole('radio', { name: '01214960100' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('combobox', { name: 'Region' }));
    await user.click(await screen.findByRole('option', { name: 'Leeds (0113)' }));
    await next(user);
    expect((await screen.findByRole('radio', { name: '01134960000' })) as HTMLInputElement).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.getByText('Range size: 1')).toBeTruthy();
    await next(user);
    expect(await screen.findByText(M.selectNumber)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('radio', { name: 'Scotland' }));
    await next(user);
    expect(((await screen.findByRole('combobox', { name: 'Region' })) as HTMLElement).textContent).not.toContain(
      'Leeds',
    );
  });

  it('shows the prices ex VAT, buys, and answers each item with the summary', async () => {
    const view = renderWizard();
    const { user } = view;
    await toNumbers(view);
    await user.click(screen.getByRole('button', { name: 'Choose numbers' }));
    await user.click(await screen.findByRole('checkbox', { name: '01214960100' }));
    await user.click(screen.getByRole('checkbox', { name: '01214960101' }));
    await next(user);
    const table = await screen.findByRole('table', { name: 'Numbers to buy' });
    expect(within(table).getAllByText('£2.00')).toHaveLength(2);
    expect(screen.getByText(M.exVat)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText('1 errors occurred')).toBeTruthy();
    expect(screen.getByText(`01214960100: ${M.purchased}`)).toBeTruthy();
    expect(screen.getByText(`01214960101: ${M.validationError}`)).toBeTruthy();
    expect(screen.getByText(`${M.validationAdvice} ${M.notAvailable}`)).toBeTruthy();
    expect(view.server.sent('POST', '/numbering/available/allocate')[0]?.body).toEqual({
      telephoneNumberRanges: [],
      telephoneNumbers: ['01214960100', '01214960101'],
    });
  });

  it('hides the prices from a wholesale account', async () => {
    const view = renderWizard('wholesale');
    const { user } = view;
    await toNumbers(view);
    await user.click(await screen.findByRole('radio', { name: '01214960100' }));
    await next(user);
    await screen.findByRole('table', { name: 'Numbers to buy' });
    expect(screen.queryByText('Monthly')).toBeNull();
    expect(screen.queryByText(/£/)).toBeNull();
  });

  it('takes a wholesale account through the international steps: the address and the acceptance the country asks for', async () => {
    const view = renderWizard('wholesale');
    const { user, server } = view;
    const france = {
      country: 'FR',
      name: 'France',
      callingCode: '33',
      regulationRequirement: { addressType: 'national', proofRequired: true, proofTypes: ['Passport'] },
      stock: 150,
    };
    server.on('GET', '/numbering/international/countries', () => ({ records: [france] }));
    server.on('POST', '/numbering/international/country/FR/-1/1', () => ({
      ...france,
      records: [{ id: 4, name: 'Paris', prefix: '1', state: null, stock: 100 }],
      totalRecords: 1,
      lastPage: true,
    }));
    server.on('POST', '/numbering/international/address/-1/-1', () => ({
      records: [
        {
          id: 9,
          version: 1,
          title: 'Ms',
          firstname: 'Claire',
          lastname: 'Martin',
          addressLine1: '8 Rue de Rivoli',
          addressLine2: 'Paris',
          county: 'Ile de France',
          country: 'France',
          postcode: '75004',
          proofCount: 1,
          allocatedNumberIds: [],
        },
      ],
      totalRecords: 1,
      lastPage: true,
    }));
    server.on('POST', '/numbering/international/order', () => ({
      success: false,
      message: M.summaryErrors(1),
      records: [
        { item: '+33199000002', success: true, message: M.purchased, validation: null, ids: [80] },
        { item: 'Number 2', success: false, message: INTERNATIONAL_MESSAGES.proofError, validation: null, ids: [] },
      ],
    }));
    await user.click(screen.getByRole('radio', { name: 'International' }));
    await next(user);
    await next(user);
    expect(await screen.findByText(M.selectCountry)).toBeTruthy();
    await user.click(await screen.findByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'France (+33)' }));
    await next(user);
    await user.click(await screen.findByRole('combobox', { name: 'Region' }));
    await user.click(await screen.findByRole('option', { name: 'Paris (100+ in stock)' }));
    await next(user);
    expect(await screen.findByText('How many numbers: 1')).toBeTruthy();
    await next(user);
    await next(user);
    expect(await screen.findByText(MESSAGES.required)).toBeTruthy();
    await user.click(await screen.findByRole('combobox', { name: /Address/ }));
    await user.click(await screen.findByRole('option', { name: /Claire Martin/ }));
    await next(user);
    expect(await screen.findByText(INTERNATIONAL_MESSAGES.regulationNotAccepted)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /regulation requirements/ }));
    await next(user);
    expect(await screen.findByText('International numbers have a 3 month contract.')).toBeTruthy();
    expect(screen.queryByText(/£/)).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Customer reference' }), 'PO-7');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText(`Number 2: ${INTERNATIONAL_MESSAGES.proofError}`)).toBeTruthy();
    expect(screen.getByText(INTERNATIONAL_MESSAGES.completeOnRestrictionsPage)).toBeTruthy();
    expect(server.sent('POST', '/numbering/international/order')[0]?.body).toEqual({
      customerReference: 'PO-7',
      areaId: 4,
      quantity: 1,
      addressId: 9,
    });
  });

  it('asks the USA’s numbers for their State first, then offers the state’s regions only', async () => {
    const view = renderWizard('wholesale');
    const { user, server } = view;
    const usa = {
      country: 'US',
      name: 'United States',
      callingCode: '1',
      regulationRequirement: { addressType: 'none', proofRequired: false, proofTypes: [] },
      stock: 300,
    };
    server.on('GET', '/numbering/international/countries', () => ({ records: [usa] }));
    server.on('POST', '/numbering/international/country/US/-1/1', () => ({
      ...usa,
      records: [
        { id: 1, name: 'Chicago', prefix: '312', state: 'Illinois', stock: 100 },
        { id: 2, name: 'San Francisco', prefix: '415', state: 'California', stock: 7 },
      ],
      totalRecords: 2,
      lastPage: true,
    }));
    await user.click(screen.getByRole('radio', { name: 'International' }));
    await next(user);
    await user.click(await screen.findByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'United States (+1)' }));
    await next(user);
    await next(user);
    expect(await screen.findByText(M.selectState)).toBeTruthy();
    await user.click(await screen.findByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'California' }));
    await next(user);
    await user.click(await screen.findByRole('combobox', { name: 'Region' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['San Francisco (7 in stock)']);
  });
});
