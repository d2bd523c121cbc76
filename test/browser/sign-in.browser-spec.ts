import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { signIn, waitForText } from '../support/browser.js';
import { useBrowserEnv, insertChair, CHAIR } from '../support/browser-setup.js';

describe('signing in', () => {
  const env = useBrowserEnv(async () => {
    await insertChair(env);
  });

  it('lets a chair sign in to the chair console and see the chair menu', async () => {
    await signIn(env, 'chair', CHAIR.email, CHAIR.password);
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
