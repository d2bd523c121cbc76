import { desc, eq } from 'drizzle-orm';
import { hashPassword } from '../support/passwords.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { clickText, fillByLabel, signIn, waitForText } from '../support/browser.js';
import { useBrowserEnv } from '../support/browser-setup.js';

describe('forgotten password', () => {
  const env = useBrowserEnv(async () => {
    await env.db.insert(usersTable).values({
      firstName: 'Rui',
      lastName: 'Reset',
      email: 'rui@example.org',
      alternateEmail: 'rui@other.org',
      passwordHash: await hashPassword('old-password-1'),
    });
  });

  it('e-mails a reset link that sets a new password the author then signs in with', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/SignIn`);
    await clickText(page, 'Forgot your password?', 'a');
    await page.waitForFunction(() => !location.pathname.endsWith('/SignIn'));
    await fillByLabel(page, 'Email', 'Rui@Example.org');
    await clickText(page, 'Send reset link', 'button');
    await waitForText(page, 'a password reset link has been sent');

    const [mail] = await env.db
      .select()
      .from(outboxTable)
      .where(eq(outboxTable.kind, 'password-reset'))
      .orderBy(desc(outboxTable.id));
    expect(mail!.to).toEqual(['rui@example.org']);
    const link = /https?:\/\/\S+\/ResetPassword\?token=[\w-]+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);

    await page.goto(`${env.baseUrl}${url.pathname}${url.search}`);
    await fillByLabel(page, 'New password', 'new-password-2');
    await fillByLabel(page, 'Repeat the new password', 'new-password-x');
    await clickText(page, 'Change password', 'button');
    await waitForText(page, 'The passwords do not match');
    await fillByLabel(page, 'Repeat the new password', 'new-password-2');
    await clickText(page, 'Change password', 'button');
    await waitForText(page, 'Your password has been changed.');

    await clickText(page, 'Sign in', 'a');
    await page.waitForFunction(() => location.pathname === '/SignIn');
    await fillByLabel(page, 'Email', 'rui@example.org');
    await fillByLabel(page, 'Password', 'old-password-1');
    await clickText(page, 'Sign in', 'button');
    await waitForText(page, 'Wrong e-mail or password');

    await signIn(env, 'author', 'rui@example.org', 'new-password-2');
    await waitForText(page, 'Welcome, Rui');
  });

  it('refuses the same link a second time', async () => {
    const { page } = env;
    const [mail] = await env.db
      .select()
      .from(outboxTable)
      .where(eq(outboxTable.kind, 'password-reset'))
      .orderBy(desc(outboxTable.id));
    const url = new URL(/https?:\/\/\S+\/ResetPassword\?token=[\w-]+/.exec(mail!.text)![0]);
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
    await page.goto(`${env.baseUrl}${url.pathname}${url.search}`);
    await fillByLabel(page, 'New password', 'another-pass-3');
    await fillByLabel(page, 'Repeat the new password', 'another-pass-3');
    await clickText(page, 'Change password', 'button');
    await waitForText(page, 'This password reset link is invalid or has expired.');
  });
});
