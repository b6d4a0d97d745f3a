import {
  MESSAGES,
  resourceRoutes,
  route,
  saveReply,
  TIME_PROFILE_MESSAGES,
  timeProfileRange,
} from '@switchboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { type AreaDefinition, readRules } from '../areas.ts';
import { PagedTable } from '../paged-table/paged-table.tsx';
import { listSource, resourceApi, resourceKeys } from '../resource.ts';
import { NumberedListPage } from './numbered-list-page.tsx';
import { useRangeAdd } from './range-add.ts';

const record = z.object({ id: z.number(), extension: z.number(), name: z.string() });
const routes = {
  list: route({
    method: 'POST',
    path: '/profile/:offset/:limit',
    params: z.object({ offset: z.number(), limit: z.number() }),
    body: z.object({}).default({}),
    reply: z.object({ records: z.array(record), totalRecords: z.number(), lastPage: z.boolean() }),
    tag: 't',
  }),
  next: route({
    method: 'GET',
    path: '/profile/next',
    reply: z.object({ extension: z.number().nullable() }),
    tag: 't',
  }),
  range: route({
    method: 'POST',
    path: '/profile/range',
    body: timeProfileRange,
    reply: saveReply.extend({
      results: z.array(z.object({ extension: z.number(), success: z.boolean(), message: z.string() })),
    }),
    tag: 't',
  }),
};
const keys = resourceKeys('/profile');

function Profiles() {
  const add = useRangeAdd({
    title: 'Add Profiles',
    next: routes.next,
    range: routes.range,
    keys,
    schema: timeProfileRange,
    name: { field: 'name', label: 'Name', required: true },
    toHelper: 'Optional: add up to 10 at once',
  });
  return (
    <PagedTable
      source={listSource(routes.list, { key: keys.lists(), invalidates: [keys.all] })}
      resource="timeprofile"
      label={(p) => p.name}
      columns={[
        { field: 'extension', header: 'Number' },
        { field: 'name', header: 'Name' },
      ]}
      add={add}
    />
  );
}

/** A server with profiles 200 and 201 whose next number follows the highest. */
function profileServer() {
  const rows = [
    { id: 1, extension: 200, name: 'Office' },
    { id: 2, extension: 201, name: 'Weekend' },
  ];
  const server = fakeServer({ '/profile': rows });
  server.on('GET', '/profile/next', () => ({ extension: Math.max(...rows.map((r) => r.extension)) + 1 }));
  server.on('POST', '/profile/range', (req) => {
    const { from, to, name } = req.body as { from: number; to: number | ''; name: string };
    const results = [];
    for (let n = from; n <= (to === '' ? from : to); n++) {
      // 203 is taken by something else on this account.
      if (n === 203) {
        results.push({ extension: n, success: false, message: '' });
        continue;
      }
      rows.push({ id: 100 + n, extension: n, name });
      results.push({ extension: n, success: true, message: `${n} - ${name} created successfully` });
    }
    return { success: true, message: 'created successfully', results };
  });
  return server;
}

async function openAdd() {
  const view = renderPanel(<Profiles />);
  await screen.findByText('Office');
  await view.user.click(screen.getByRole('button', { name: 'Add' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Add Profiles' }) };
}

describe('range add', () => {
  it('starts From at the next free number', async () => {
    profileServer();
    const { dialog } = await openAdd();
    await waitFor(() => expect((within(dialog).getByLabelText(/^From/) as HTMLInputElement).value).toBe('202'));
    expect((within(dialog).getByLabelText(/^To/) as HTMLInputElement).value).toBe('');
    expect(within(dialog).getByText('Optional: add up to 10 at once')).toBeTruthy();
  });

  it('fills From when the next free number arrives after the modal opened', async () => {
    const server = profileServer();
    let answer: (value: unknown) => void = () => undefined;
    const later = new Promise((resolve) => {
      answer = resolve;
    });
    server.on('GET', '/profile/next', async () => {
      await later;
      return { extension: 202 };
    });
    const { dialog } = await openAdd();
    expect((within(dialog).getByLabelText(/^From/) as HTMLInputElement).value).toBe('');
    answer(null);
    await waitFor(() => expect((within(dialog).getByLabelText(/^From/) as HTMLInputElement).value).toBe('202'));
  });

  it("shows the range schema's messages under the fields and sends nothing", async () => {
    const server = profileServer();
    const { user, dialog } = await openAdd();
    const from = within(dialog).getByLabelText(/^From/);
    const to = within(dialog).getByLabelText(/^To/);
    await waitFor(() => expect((from as HTMLInputElement).value).toBe('202'));
    await user.clear(from);
    await user.type(from, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(TIME_PROFILE_MESSAGES.invalidNumber)).toBeTruthy();
    expect(within(dialog).getByText('This is a required field')).toBeTruthy();
    // More than one message: the multiple-errors banner too.
    expect(within(dialog).getByText(MESSAGES.multipleErrors)).toBeTruthy();
    await user.clear(from);
    await user.type(from, '210');
    await user.type(to, '205');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Branch');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(TIME_PROFILE_MESSAGES.lessThanTo)).toBeTruthy();
    await user.clear(from);
    await user.type(from, '202');
    await user.clear(to);
    await user.type(to, '220');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(TIME_PROFILE_MESSAGES.tooMany)).toBeTruthy();
    // A number left empty is a required field (spec 1 §5), not an invalid one.
    await user.clear(to);
    await user.clear(from);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^From/).closest('.MuiFormControl-root')?.textContent).toContain(
        MESSAGES.required,
      ),
    );
    expect(within(dialog).queryByText(TIME_PROFILE_MESSAGES.invalidNumber)).toBeNull();
    expect(server.sent('POST', '/profile/range')).toEqual([]);
  });

  it('creates the range in one call and lists a result per number, the list and next number refreshed', async () => {
    const server = profileServer();
    const { user, dialog } = await openAdd();
    const from = within(dialog).getByLabelText(/^From/);
    await waitFor(() => expect((from as HTMLInputElement).value).toBe('202'));
    await user.type(within(dialog).getByLabelText(/^To/), '204');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Branch');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('1 error(s) occurred')).toBeTruthy();
    expect(within(dialog).getByText('202 - Branch created successfully')).toBeTruthy();
    expect(within(dialog).getByText('204 - Branch created successfully')).toBeTruthy();
    // A failure the server gave no words for says the spec's fallback.
    expect(within(dialog).getByText(MESSAGES.saveFallback)).toBeTruthy();
    expect(server.sent('POST', '/profile/range').map((r) => r.body)).toEqual([{ from: 202, to: 204, name: 'Branch' }]);
    await waitFor(() => expect(server.sent('GET', '/profile/next')).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('204')).toBeTruthy();
  });

  it('shows a refusal of the whole range under its field', async () => {
    const server = profileServer();
    server.on('POST', '/profile/range', () =>
      reply(400, {
        success: false,
        message: 'Validation failed',
        validation: { from: TIME_PROFILE_MESSAGES.rangeInUse },
      }),
    );
    const { user, dialog } = await openAdd();
    await waitFor(() => expect((within(dialog).getByLabelText(/^From/) as HTMLInputElement).value).toBe('202'));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Branch');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(TIME_PROFILE_MESSAGES.rangeInUse)).toBeTruthy();
  });
});

const profiles = resourceApi('/profile', {
  ...resourceRoutes('/profile', { tag: 't', record, input: z.object({ name: z.string() }) }),
  next: routes.next,
  range: routes.range,
});

const profilesArea: AreaDefinition = {
  label: 'Profiles',
  path: '/profiles',
  icon: () => null,
  group: 'Call Routing',
  rules: readRules('timeprofile'),
};

describe('NumberedListPage', () => {
  it('heads the list, adds by range from the next free number and deletes through the resource', async () => {
    const server = profileServer();
    const { user } = renderPanel(
      <NumberedListPage
        area={profilesArea}
        api={profiles}
        numbering={{ schema: timeProfileRange, number: 'extension', name: 'name', nameLabel: 'Name' }}
        columns={[]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Profiles' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Number');
    await screen.findByText('200');
    expect(screen.getByRole('link', { name: '200' }).getAttribute('href')).toBe('/profiles/1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Profiles' });
    await waitFor(() => expect((within(dialog).getByLabelText(/^From/) as HTMLInputElement).value).toBe('202'));
    expect(within(dialog).getByText('Optional: add up to 10 at once')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Branch');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('202 - Branch created successfully')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select 200 - Office' }));
    await user.click(screen.getByRole('button', { name: 'Delete (1)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.sent('DELETE', '/profile').map((r) => r.path)).toEqual(['/profile/1']));
  });
});
