import { eq } from 'drizzle-orm';
import { PROFILE_MESSAGES as M } from '@symposium/domain';
import { verifyPassword } from '../../apps/api/src/common/passwords.js';
import { hashPassword } from '../support/passwords.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { clickText, fillByLabel, signIn, waitForText } from '../support/browser.js';
import { useBrowserEnv } from '../support/browser-setup.js';

/** The author app's profile screen (issue 21 item 13): contact details, notifications, password. */
describe('author profile screen', () => {
  let id: number;
  const stored = async () => (await env.db.select().from(usersTable).where(eq(usersTable.id, id)))[0]!;

  const env = useBrowserEnv(async () => {
    const [row] = await env.db
      .insert(usersTable)
      .values({
        firstName: 'Pia',
        lastName: 'Profile',
        email: 'pia@example.org',
        alternateEmail: 'pia@home.example.org',
        organization: 'Old University',
        country: 'Portugal',
        phone: '+351 1',
        passwordHash: await hashPassword('first-password'),
      })
      .returning();
    id = row!.id;
  });

  it('edits contact details with the sign-up rules, switches notifications off and changes the password', async () => {
    const { page } = env;
    await signIn(env, 'author', 'pia@example.org', 'first-password');
    await clickText(page, 'My profile', 'a');
    await page.waitForFunction(() => location.pathname === '/Profile');
    await waitForText(page, 'Contact details');

    await fillByLabel(page, 'Organization', ' ');
    await clickText(page, 'Save contact details', 'button');
    await waitForText(page, 'Please fill in the Organization');
    expect((await stored()).organization).toBe('Old University');
    await fillByLabel(page, 'Organization', 'New University');
    await clickText(page, 'Save contact details', 'button');
    await waitForText(page, M.saved);
    expect((await stored()).organization).toBe('New University');

    await page.click('input[type=checkbox]');
    await waitForText(page, M.notifySaved);
    expect((await stored()).notify).toBe(false);

    await fillByLabel(page, 'Current password', 'wrong-password');
    await fillByLabel(page, 'New password', 'second-password');
    await fillByLabel(page, 'Repeat the new password', 'second-password');
    await clickText(page, 'Change password', 'button');
    await waitForText(page, M.currentPasswordWrong);
    await fillByLabel(page, 'Current password', 'first-password');
    await clickText(page, 'Change password', 'button');
    await waitForText(page, M.passwordChanged);
    expect(await verifyPassword('second-password', (await stored()).passwordHash)).toBe(true);

    // the session the screen got back keeps working
    await page.reload();
    await waitForText(page, 'Contact details');
    expect(await page.$eval('input[name=organization]', (i) => (i as HTMLInputElement).value)).toBe(
      'New University',
    );
  });
});
