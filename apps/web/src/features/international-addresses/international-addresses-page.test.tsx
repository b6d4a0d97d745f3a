import { FEATURES, INTERNATIONAL_MESSAGES, MESSAGES } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import InternationalAddressesPage from './international-addresses-page.tsx';

const WHOLESALE = {
  accountKind: 'wholesale' as const,
  permissions: { [String(FEATURES.numbers)]: 15, [String(FEATURES.wholesale)]: 15 },
};
const ADDRESS = {
  id: 7,
  version: 1,
  title: 'Ms',
  firstname: 'Rachel',
  lastname: 'Reid',
  addressLine1: '12 Rue de Rivoli',
  addressLine2: 'Paris',
  county: 'Ile de France',
  country: 'France',
  postcode: '75001',
  proofCount: 1,
  linkCount: 0,
};
const FRANCE = {
  country: 'FR',
  name: 'France',
  callingCode: '33',
  regulationRequirement: { addressType: 'national', proofRequired: true, proofTypes: ['Passport', 'UtilityBill'] },
  stock: 200,
};

function server() {
  const fake = fakeServer({
    '/numbering/international/address': [ADDRESS],
    '/numbering/international/address/proof/details': [],
    '/numbering/international': [
      { id: 3, number: '+33199000001', country: 'FR', countryName: 'France', addressIds: [] },
    ],
  });
  fake.on('GET', '/numbering/international/countries', () => ({ records: [FRANCE] }));
  return fake;
}

describe('/international-addresses', () => {
  it('is refused to a retail account (spec 3 §6)', () => {
    server();
    renderPanel(<InternationalAddressesPage />, { session: { permissions: { [String(FEATURES.numbers)]: 15 } } });
    expect(screen.getByText(MESSAGES.forbidden)).toBeTruthy();
  });

  it('lists the addresses and asks for every field and the regulation before sending', async () => {
    const fake = server();
    const { user } = renderPanel(<InternationalAddressesPage />, { session: WHOLESALE });
    expect(await screen.findByText('Ms Rachel Reid')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Address' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText(MESSAGES.required).length).toBe(8);
    expect(within(dialog).getByText(INTERNATIONAL_MESSAGES.regulationNotAccepted)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Dr.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(INTERNATIONAL_MESSAGES.lettersApostrophe)).toBeTruthy();
    expect(fake.sent('POST', '/numbering/international/address').filter((r) => r.path.endsWith('/address'))).toEqual(
      [],
    );
  });

  it('shows each country’s restrictions', async () => {
    server();
    renderPanel(<InternationalAddressesPage />, { session: WHOLESALE, url: '/list?tab=International+Restrictions' });
    const row = await screen.findByRole('row', { name: /France/ });
    expect(row.textContent).toContain('An address in the country');
    expect(row.textContent).toContain('Passport, Utility bill');
  });
});
