import { PEOPLE_MESSAGES, USER_MESSAGES } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import {
  clickAndWaitForText,
  clickText,
  fillByLabel,
  signIn,
  waitForText,
  type BrowserEnv,
  selectOption,
  clickSelector,
} from '../support/browser.js';
import { useBrowserEnv, insertChair, CHAIR, fillForm } from '../support/browser-setup.js';

const rowCount = (env: BrowserEnv) =>
  env.page.$$eval('[data-testid=user-rows] tr[data-testid^=user-]', (rows) => rows.length);

async function waitForCount(env: BrowserEnv, text: string) {
  await env.page.waitForFunction(
    (t: string) => document.querySelector('[data-testid=user-count]')?.textContent === t,
    {},
    text,
  );
}

describe('chair user management screens', () => {
  let trackId: number;
  let reviewerId: number;
  const env = useBrowserEnv(async () => {
    await insertChair(env);
    // 150 users in one multi-row insert; every tenth works at Acme Research.
    await env.db.insert(usersTable).values(
      Array.from({ length: 150 }, (_, i) => ({
        firstName: `Person${String(i + 1).padStart(3, '0')}`,
        lastName: 'Listed',
        email: `person${String(i + 1).padStart(3, '0')}@example.org`,
        alternateEmail: `alt${i + 1}@other.org`,
        organization: i % 10 === 0 ? 'Acme Research' : 'University of Somewhere',
        country: 'Portugal',
        phone: '123',
      })),
    );
    const [track] = await env.db
      .insert(tracksTable)
      .values({ name: 'Data Science', position: 0 })
      .returning();
    trackId = track!.id;
    await env.db.insert(tracksTable).values({ name: 'Security', position: 1 });
    const [reviewer] = await env.db
      .insert(usersTable)
      .values({
        firstName: 'Rita',
        lastName: 'Reviewer',
        email: 'rita@example.org',
        alternateEmail: 'rita@other.org',
      })
      .returning();
    reviewerId = reviewer!.id;
    await signIn(env, 'chair', CHAIR.email, CHAIR.password);
  });

  /**
   * Saves the roles and waits for what the user sees: the confirmation, then the reload the screen does 1.5 s
   * later (§4). The accessibility check runs on the reloaded page, not on the one about to go away (an axe run
   * that outlasts the 1.5 s loses its page: "Execution context was destroyed").
   */
  async function saveRolesAndReload(): Promise<void> {
    const reloaded = env.page.waitForNavigation();
    await clickAndWaitForText(env.page, 'Save roles', USER_MESSAGES.rolesUpdated, 'button');
    await reloaded;
  }

  it('adds the Reviewers role for a track on /ManageRoles, and the stored user has the reviewer track', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ManageRoles/${reviewerId}/reviewers/add`);
    await waitForText(env.page, 'rita@example.org');
    // §6: the initial selection of the role selector is applied after one second.
    await env.page.waitForFunction(
      () =>
        document.querySelector<HTMLInputElement>('input[name=selector][value=Reviewers]')?.checked === true,
    );
    await clickText(env.page, 'Data Science', 'label');
    await waitForText(env.page, 'Reviewer (Data Science)');
    await saveRolesAndReload();

    const [row] = await env.db.select().from(usersTable).where(eq(usersTable.id, reviewerId));
    expect(row!.isReviewer).toBe(true);
    expect(row!.reviewerTracks).toEqual([trackId]);
    await waitForText(env.page, 'Data Science (already)');
  });

  it('removing the last reviewer track clears the reviewer flag', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ManageRoles/${reviewerId}/reviewers/remove`);
    await env.page.waitForFunction(
      () =>
        document.querySelector<HTMLInputElement>('input[name=selector][value=Reviewers]')?.checked === true,
    );
    await clickText(env.page, 'Data Science', 'label');
    await saveRolesAndReload();
    const [row] = await env.db.select().from(usersTable).where(eq(usersTable.id, reviewerId));
    expect(row!.isReviewer).toBe(false);
    expect(row!.reviewerTracks).toEqual([]);
  });

  it('lists users in pages of 100, sorts by column and narrows the list with a Contains filter', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ViewUsers`);
    await waitForCount(env, '152 users');
    expect(await rowCount(env)).toBe(100);

    await clickSelector(env.page, '[aria-label="Go to next page"]');
    await env.page.waitForFunction(
      () => document.querySelectorAll('[data-testid=user-rows] tr[data-testid^=user-]').length === 52,
    );

    // Sort by e-mail, descending: the last e-mail comes first.
    await clickText(env.page, 'Email', 'th span');
    await clickText(env.page, 'Email', 'th span');
    await env.page.waitForFunction(
      () =>
        document.querySelector('[data-testid=user-rows] tr td:nth-child(4)')?.textContent ===
        'rita@example.org',
    );

    await clickText(env.page, 'Add filter', 'button');
    await selectOption(env.page, 'select[name="filter-0-name"]', 'organization');
    await selectOption(env.page, 'select[name="filter-0-operator"]', 'Contains');
    await fillByLabel(env.page, 'Value', 'acme');
    await clickText(env.page, 'Apply filters', 'button');
    await waitForCount(env, '15 users');
    expect(await rowCount(env)).toBe(15);
    const orgs = await env.page.$$eval('[data-testid=user-rows] tr td:nth-child(5)', (cells) =>
      cells.map((c) => c.textContent),
    );
    expect(new Set(orgs)).toEqual(new Set(['Acme Research']));

    // A filter row without a value is ignored.
    await clickText(env.page, 'Add filter', 'button');
    await clickText(env.page, 'Apply filters', 'button');
    await waitForCount(env, '15 users');

    await fillByLabel(env.page, 'Search by email or name', 'person011');
    await clickText(env.page, 'Search', 'button');
    await waitForCount(env, '1 user');
  });

  it('shows the §5 message under a missing field when registering a user, then registers them', async () => {
    await env.page.goto(`${env.baseUrl}/chair/RegisterUser`);
    await fillForm(env.page, {
      'First Name': 'Nina',
      'Last Name': 'New',
      Email: 'Nina.New@Example.org',
      'Alternate Email': 'nina@other.org',
      Organization: 'Lab',
      Country: 'Spain',
    });
    await clickText(env.page, 'Register', 'button');
    await waitForText(env.page, PEOPLE_MESSAGES.phone);
    await waitForText(env.page, PEOPLE_MESSAGES.registeringProblem);
    expect(
      await env.db.select().from(usersTable).where(eq(usersTable.email, 'nina.new@example.org')),
    ).toEqual([]);

    await fillByLabel(env.page, 'Phone', '+34 600 000 000');
    await clickText(env.page, 'Register', 'button');
    await env.page.waitForFunction(() => location.pathname === '/chair/ViewUsers');
    const [row] = await env.db.select().from(usersTable).where(eq(usersTable.email, 'nina.new@example.org'));
    expect(row).toMatchObject({ firstName: 'Nina', phone: '+34 600 000 000' });
    const mails = await env.db.select().from(outboxTable);
    expect(mails.some((m) => m.to.includes('nina.new@example.org'))).toBe(true);
  });

  it("shows the server's message when the user is already present", async () => {
    await env.page.goto(`${env.baseUrl}/chair/RegisterUser`);
    await fillForm(env.page, {
      'First Name': 'Nina',
      'Last Name': 'Again',
      Email: 'nina.new@example.org',
      'Alternate Email': 'nina2@other.org',
      Organization: 'Lab',
      Country: 'Spain',
      Phone: '1',
    });
    await clickText(env.page, 'Register', 'button');
    await waitForText(env.page, PEOPLE_MESSAGES.userAlreadyPresent);
  });

  /** Opens a row's Actions menu and waits until its opening transition is over (a click during it misses). */
  const openMenu = async (selector: string) => {
    await clickSelector(env.page, selector);
    await env.page.waitForFunction(() => {
      const paper = document.querySelector('[role=menu]')?.closest('.MuiPaper-root');
      if (!paper) return false;
      const style = getComputedStyle(paper);
      return (
        style.opacity === '1' &&
        (style.transform === 'none' || style.transform === 'matrix(1, 0, 0, 1, 0, 0)')
      );
    });
  };

  it('enables the conference view from the list only after confirmation', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ViewUsers`);
    await env.page.waitForSelector('[data-testid=user-count]');
    await clickText(env.page, 'Email', 'th span');
    await clickText(env.page, 'Email', 'th span');
    await env.page.waitForFunction(
      () =>
        document.querySelector('[data-testid=user-rows] tr td:nth-child(4)')?.textContent ===
        'rita@example.org',
    );
    const actions = '[aria-label="Actions for rita@example.org"]';
    const registered = async () =>
      (await env.db.select().from(usersTable).where(eq(usersTable.email, 'rita@example.org')))[0]!
        .isRegistered;
    expect(await registered()).toBe(false);
    await openMenu(actions);
    await clickText(env.page, 'Enable conference view', '[role=menuitem]');
    await waitForText(env.page, 'Enable the conference view of');
    await clickText(env.page, 'Cancel', 'button');
    await env.page.waitForFunction(() => !document.querySelector('[data-testid=confirm-button]'));
    expect(await registered()).toBe(false);
    await openMenu(actions);
    await clickText(env.page, 'Enable conference view', '[role=menuitem]');
    await clickSelector(env.page, '[data-testid=confirm-button]');
    await env.page.waitForFunction(() => !document.querySelector('[data-testid=confirm-button]'));
    await env.page.waitForFunction(() => document.querySelector('[data-testid=toast]') !== null);
    expect(await registered()).toBe(true);
  });

  it('locks a user found by the e-mail of the route', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ManageUserLock/person002%40example.org/`);
    await waitForText(env.page, 'This account is not locked.');
    // Asked first: Cancel changes nothing.
    await clickText(env.page, 'Lock', 'button');
    await waitForText(env.page, 'Lock person002@example.org?');
    await clickText(env.page, 'Cancel', 'button');
    await env.page.waitForFunction(() => !document.querySelector('[data-testid=confirm-button]'));
    const [before] = await env.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'person002@example.org'));
    expect(before!.lockStatus).toBe(false);
    await clickText(env.page, 'Lock', 'button');
    await clickSelector(env.page, '[data-testid=confirm-button]');
    await waitForText(env.page, USER_MESSAGES.lockChanged);
    const [row] = await env.db.select().from(usersTable).where(eq(usersTable.email, 'person002@example.org'));
    expect(row!.lockStatus).toBe(true);
  });

  it('resets a password: the new one is e-mailed', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ResetUserPassword/`);
    await fillByLabel(env.page, 'Email', 'person003@example.org');
    await clickText(env.page, 'Find user', 'button');
    const [before] = await env.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'person003@example.org'));
    await clickText(env.page, 'Reset password', 'button');
    await waitForText(env.page, 'Reset the password of person003@example.org?');
    await clickText(env.page, 'Cancel', 'button');
    await env.page.waitForFunction(() => !document.querySelector('[data-testid=confirm-button]'));
    const [unchanged] = await env.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'person003@example.org'));
    expect(unchanged!.passwordHash).toBe(before!.passwordHash);
    await clickText(env.page, 'Reset password', 'button');
    await clickSelector(env.page, '[data-testid=confirm-button]');
    await waitForText(env.page, USER_MESSAGES.passwordReset);
    await waitForText(
      env.page,
      'A new 10-character password was generated and e-mailed to person003@example.org',
    );
    const [row] = await env.db.select().from(usersTable).where(eq(usersTable.email, 'person003@example.org'));
    expect(row!.passwordHash).toBeTruthy();
    const mails = await env.db.select().from(outboxTable);
    expect(mails.some((m) => m.to.includes('person003@example.org'))).toBe(true);
  });

  it('edits contact information with the §5 rules', async () => {
    const [user] = await env.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'person004@example.org'));
    await env.page.goto(`${env.baseUrl}/chair/EditContactInformation/${user!.id}`);
    await fillByLabel(env.page, 'Alternate Email', 'person004@example.org');
    await clickText(env.page, 'Save', 'button');
    await waitForText(env.page, PEOPLE_MESSAGES.alternateEmailSame);
    await fillByLabel(env.page, 'Alternate Email', 'p4@other.org');
    await fillByLabel(env.page, 'Organization', 'New Org');
    await clickText(env.page, 'Save', 'button');
    await waitForText(env.page, USER_MESSAGES.contactUpdated);
    const [row] = await env.db.select().from(usersTable).where(eq(usersTable.id, user!.id));
    expect(row).toMatchObject({ alternateEmail: 'p4@other.org', organization: 'New Org' });
  });

  it('deletes a user after confirmation', async () => {
    const [user] = await env.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'person005@example.org'));
    await env.page.goto(`${env.baseUrl}/chair/ConfirmationDeleteUser/${user!.id}`);
    await waitForText(env.page, 'person005@example.org');
    await clickText(env.page, 'Delete', 'button');
    await waitForText(env.page, USER_MESSAGES.deleted);
    expect(await env.db.select().from(usersTable).where(eq(usersTable.id, user!.id))).toEqual([]);
  });

  it("says 'User not found!' when impersonating an unknown e-mail", async () => {
    await env.page.goto(`${env.baseUrl}/chair/ViewUsers`);
    await env.page.goto(`${env.baseUrl}/chair/ImpersonateUser`);
    await fillByLabel(env.page, 'Email', 'nobody@example.org');
    await clickText(env.page, 'Impersonate', 'button');
    await waitForText(env.page, USER_MESSAGES.impersonateNotFound);
  });

  it('impersonates a user from the list and lands in the author app as them', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ViewUsers`);
    await fillByLabel(env.page, 'Search by email or name', 'person010@example.org');
    await clickText(env.page, 'Search', 'button');
    await waitForCount(env, '1 user');
    await clickSelector(env.page, '[aria-label="Actions for person010@example.org"]');
    // Click the menu item once the menu has finished growing (a click mid-transition can land beside it).
    await env.page.waitForFunction(() => {
      const paper = document.querySelector('.MuiMenu-paper');
      if (!paper) return false;
      const style = getComputedStyle(paper);
      return style.opacity === '1' && ['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(style.transform);
    });
    await clickText(env.page, 'Impersonate', '[role=menuitem]');
    await waitForText(env.page, 'Impersonate Person010 Listed?');
    const confirm = await env.page.waitForSelector('[data-testid=confirm-button]', { visible: true });
    await Promise.all([env.page.waitForNavigation(), confirm!.click()]);
    expect(new URL(env.page.url()).pathname).toBe('/');
    await waitForText(env.page, 'You are signed in as person010@example.org by impersonation.');
  });
});
