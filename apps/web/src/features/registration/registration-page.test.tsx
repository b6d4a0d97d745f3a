import { MESSAGES } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import RegistrationPage from './registration-page.tsx';

describe('/registration', () => {
  it('blocks a visitor outside the UK', async () => {
    const server = fakeServer();
    server.on('GET', '/ip/check/details', () => ({ isoCode: 'US' }));
    renderPanel(<RegistrationPage />, { url: '/registration' });
    expect(await screen.findByRole('heading', { name: 'Unauthorised Access Detected' })).toBeTruthy();
    expect(screen.getByText(/outside the UK/)).toBeTruthy();
    expect(screen.queryByLabelText(/First Name/)).toBeNull();
  });

  it('starts from the spec defaults, checks the rules in the browser, and fills the company name from the lookup', async () => {
    const server = fakeServer();
    server.on('GET', '/ip/check/details', () => ({ isoCode: 'GB' }));
    server.on('GET', /^\/account\/companieshouse\/(.+)$/, (_req, m) =>
      m[1] === '445790'
        ? { success: true, companyNo: '00445790', name: 'TESCO PLC' }
        : reply(404, { success: false, message: 'Company not found' }),
    );
    const { user } = renderPanel(<RegistrationPage />, { url: '/registration' });
    expect(await screen.findByRole('combobox', { name: /Country/ })).toHaveProperty('textContent', 'United Kingdom');
    expect(screen.getByRole('combobox', { name: /Customer Type/ }).textContent).toBe(
      'Business (more than 10 employees)',
    );
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(MESSAGES.multipleErrors)).toBeTruthy();
    expect(server.requests.some((r) => r.path === '/account/register')).toBe(false);

    await user.type(screen.getByLabelText(/Postcode/), '12345');
    await user.type(screen.getByLabelText(/^VAT Number/), '1234567890');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please enter a valid UK postcode.')).toBeTruthy();
    expect(screen.getByText('VAT number must be up to 9 digits')).toBeTruthy();

    await user.click(screen.getByLabelText('We are a company registered at Companies House'));
    await user.type(screen.getByLabelText(/Company Registration Number/), '99999999');
    await user.click(screen.getByRole('button', { name: 'Look Up' }));
    expect(await screen.findByText('Company not found')).toBeTruthy();
    await user.clear(screen.getByLabelText(/Company Registration Number/));
    await user.type(screen.getByLabelText(/Company Registration Number/), '445790');
    await user.click(screen.getByRole('button', { name: 'Look Up' }));
    expect(await screen.findByDisplayValue('TESCO PLC')).toBeTruthy();
    expect(screen.getByDisplayValue('00445790')).toBeTruthy();
  });
});
