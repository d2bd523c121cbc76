import { hashPassword } from '../../apps/api/src/common/passwords.js';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { signIn, startBrowserEnv, waitForText, type BrowserEnv } from '../support/browser.js';

describe('signing in', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
    await env.db.insert(usersTable).values({
      firstName: 'Carla',
      lastName: 'Chair',
      email: 'chair@example.org',
      alternateEmail: 'c@other.org',
      passwordHash: await hashPassword('chair-pass-1'),
      isChair: true,
    });
  });
  afterAll(async () => {
    await env.close();
  });

  it('lets a chair sign in to the chair console and see the chair menu', async () => {
    await signIn(env, 'chair', 'chair@example.org', 'chair-pass-1');
    await waitForText(env.page, 'Conference information');
    expect(await env.page.$eval('[data-testid=current-user]', (e) => e.textContent)).toContain('Carla Chair');
  });

  it('shows the server message for a wrong password', async () => {
    await env.page.goto(`${env.baseUrl}/SignIn`);
    await env.page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
    await env.page.goto(`${env.baseUrl}/SignIn`);
    const { fillByLabel, clickText } = await import('../support/browser.js');
    await fillByLabel(env.page, 'Email', 'chair@example.org');
    await fillByLabel(env.page, 'Password', 'wrong-password');
    await clickText(env.page, 'Sign in', 'button');
    await waitForText(env.page, 'Wrong e-mail or password');
  });

  it('names the conference in the tab title of the signed-out pages: sign-in (both apps) and /verify', async () => {
    await env.db.update(conferenceTable).set({ shortName: 'TITLE 2031' });
    await env.page.goto(`${env.baseUrl}/SignIn`);
    await env.page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
    for (const [path, title] of [
      ['/SignIn', 'Sign in · TITLE 2031'],
      ['/chair/SignIn', 'Chair console — sign in · TITLE 2031'],
      ['/verify/NO-SUCH-CODE', 'Document verification · TITLE 2031'],
    ]) {
      await env.page.goto(`${env.baseUrl}${path}`);
      await env.page
        .waitForFunction((t: string) => document.title === t, {}, title)
        .catch(async (e: Error) => {
          throw new Error(`${path}: the title is "${await env.page.title()}", not "${title}" (${e.message})`);
        });
    }
  });
});
