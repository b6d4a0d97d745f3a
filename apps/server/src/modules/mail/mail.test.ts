/** The e-mail outbox: queued in the cause's transaction; the sandbox keeps it, SMTP sends or retries. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailTransport, OutgoingMail } from '../../providers/mail/mail.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { MAIL_MAX_ATTEMPTS, MailDispatcher, queueMail } from './mail.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const statuses = () =>
  t.app.platform.tenancy.crossAccount('seed', (tx) =>
    tx.selectFrom('mail_outbox').select(['subject', 'status', 'attempts', 'last_error']).orderBy('id').execute(),
  );

describe('the mail outbox', () => {
  it('exists only when its transaction commits', async () => {
    await expect(
      t.app.platform.tenancy.tenant(30001, async (tx) => {
        await queueMail(tx, {
          accountNo: 30001,
          template: 't',
          to: 'a@example.test',
          subject: 'Rolled back',
          text: 'x',
        });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow();
    await t.app.platform.tenancy.tenant(30001, (tx) =>
      queueMail(tx, { accountNo: 30001, template: 't', to: 'a@example.test', subject: 'First', text: 'x' }),
    );
    // A tenant may not queue a mail for another account.
    await expect(
      t.app.platform.tenancy.tenant(30001, (tx) =>
        queueMail(tx, { accountNo: 30000, template: 't', to: 'b@example.test', subject: 'Not mine', text: 'x' }),
      ),
    ).rejects.toThrow();
    expect((await statuses()).map((m) => m.subject)).toEqual(['First']);
  });

  it('keeps mails in the sandbox; an SMTP transport sends them, retrying a failure, then gives up', async () => {
    await t.app.platform.mail.drain();
    expect((await statuses()).map((m) => m.status)).toEqual(['sandbox']);

    const sent: OutgoingMail[] = [];
    let failing = true;
    const smtp: MailTransport = {
      kind: 'smtp',
      send: async (mail) => {
        if (failing) throw new Error('421 try later');
        sent.push(mail);
      },
    };
    const dispatcher = new MailDispatcher(t.app.platform.tenancy, smtp, 'Switchboard <no-reply@example.test>');
    await t.app.platform.tenancy.tenant(30001, (tx) =>
      queueMail(tx, { accountNo: 30001, template: 't', to: 'a@example.test', subject: 'Second', text: 'body' }),
    );
    await dispatcher.drain();
    expect((await statuses())[1]).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 try later' });
    failing = false;
    await dispatcher.drain();
    expect((await statuses())[1]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(sent).toEqual([
      { from: 'Switchboard <no-reply@example.test>', to: 'a@example.test', subject: 'Second', text: 'body' },
    ]);

    failing = true;
    await t.app.platform.tenancy.tenant(30001, (tx) =>
      queueMail(tx, { accountNo: 30001, template: 't', to: 'a@example.test', subject: 'Third', text: 'body' }),
    );
    for (let i = 0; i < MAIL_MAX_ATTEMPTS + 2; i++) await dispatcher.drain();
    expect((await statuses())[2]).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
  });

  it('answers the drain under way to a drain called meanwhile, and starts a new drain after it', async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const slow: MailTransport = {
      kind: 'smtp',
      send: async (mail) => {
        started.push(mail.subject);
        await new Promise<void>((resolve) => (release = resolve));
      },
    };
    const dispatcher = new MailDispatcher(t.app.platform.tenancy, slow, 'Switchboard <no-reply@example.test>');
    const queue = (subject: string) =>
      t.app.platform.tenancy.tenant(30001, (tx) =>
        queueMail(tx, { accountNo: 30001, template: 't', to: 'a@example.test', subject, text: 'body' }),
      );
    await queue('Fourth');
    const first = dispatcher.drain(5);
    const second = dispatcher.drain(9);
    expect(second).toBe(first);
    await vi.waitFor(() => expect(started).toEqual(['Fourth']));
    release();
    await expect(first).resolves.toBe(1);
    await queue('Fifth');
    const third = dispatcher.drain(7);
    expect(third).not.toBe(first);
    await vi.waitFor(() => expect(started).toEqual(['Fourth', 'Fifth']));
    release();
    await expect(third).resolves.toBe(1);
    expect(started).toEqual(['Fourth', 'Fifth']);
  });
});
