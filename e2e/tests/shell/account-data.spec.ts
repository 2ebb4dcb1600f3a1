import { readFile } from 'node:fs/promises';
import { expect, test } from '../../fixtures.js';
import { api, expectNoSeriousA11yViolations, registerUser } from './helpers.js';
import { messageTo, openSettings, postIn } from './settings-helpers.js';

/** EXTENSIONS §B2 screens: Download my data and Delete account on /settings. */

test.describe('/settings: your data and your account', () => {
  // Several users, a community, a post and messages made through the API first.
  test.describe.configure({ timeout: 90_000 });

  test('Download my data saves a JSON file with what you made and nothing of others', async ({
    page,
  }) => {
    const [me, friend, stranger] = await Promise.all([
      registerUser('expme'),
      registerUser('expfriend'),
      registerUser('expother'),
    ]);
    const post = await postIn(me, me, `Exported post ${me.username}`);
    const mine = `My message to a friend ${me.username}`;
    const theirs = `A message between others ${stranger.username}`;
    await messageTo(me, friend, mine);
    await messageTo(friend, stranger, theirs);

    await openSettings(page, me);
    const section = page.getByTestId('settings-download');
    await expect(section.getByRole('heading', { name: 'Download my data' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;

    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^account-export-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const text = await readFile(await download.path(), 'utf8');
    const file = JSON.parse(text) as {
      exported_at: string;
      profile: { username: string; email: string };
      posts: { title: string }[];
      conversations: { other_username: string; messages: { content: string }[] }[];
    };
    expect(download.suggestedFilename()).toContain(file.exported_at.slice(0, 10));
    expect(file.profile).toMatchObject({ username: me.username, email: me.email });
    expect(file.posts.map((p) => p.title)).toContain(post.title);
    expect(file.conversations.map((c) => c.other_username)).toEqual([friend.username]);
    expect(file.conversations[0]?.messages.map((m) => m.content)).toContain(mine);
    expect(text).not.toContain(theirs);
    expect(text).not.toContain(stranger.email);
    await expect(page.getByTestId('settings-download-status')).toHaveCount(0);
  });

  test('Delete account: typed confirmation, then signed out; the post stays as [deleted]', async ({
    page,
  }) => {
    const [me, owner] = await Promise.all([registerUser('delme'), registerUser('delowner')]);
    const post = await postIn(owner, me, `Stays after deletion ${me.username}`);
    await openSettings(page, me);

    const section = page.getByTestId('settings-delete');
    const submit = section.getByRole('button', { name: 'Delete account' });
    const confirmation = section.getByLabel('Type "delete my account" to confirm');
    await expect(section.getByLabel('Also delete my posts and comments')).not.toBeChecked();
    await section.getByLabel('Password').fill(me.password);
    await expect(submit).toBeDisabled();
    await confirmation.fill('delete my accoun');
    await expect(submit).toBeDisabled();
    await confirmation.fill('Delete my account');
    await expect(submit).toBeDisabled();

    // A wrong password: the server's text under the field, nothing deleted.
    await section.getByLabel('Password').fill('Wr0ngPassword');
    await confirmation.fill('delete my account');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByTestId('settings-delete-password-error')).toHaveText(
      'Password is incorrect',
    );
    await expect(section.getByLabel('Password')).toBeFocused();
    expect((await api('GET', '/auth/me', undefined, me.token)).status).toBe(200);

    // By keyboard from here: the right password, then Enter submits.
    await section.getByLabel('Password').fill(me.password);
    await section.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('session-notice')).toHaveText('Your account has been deleted.');
    await expect(page.getByTestId('nav-signin')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/ with the deletion notice');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    const signIn = await api('POST', '/auth/login', {
      email: me.username,
      password: me.password,
      rememberMe: false,
    });
    expect(signIn.status).toBe(401);
    expect((await api('GET', '/auth/me', undefined, me.token)).status).toBe(401);

    // The forum applies the deletion by event: the post stays, its author becomes [deleted].
    await expect
      .poll(
        async () =>
          (await api<{ post: { author_username: string } }>('GET', `/posts/${post.id}`)).json.post
            ?.author_username,
        { timeout: 15_000 },
      )
      .toBe('[deleted]');
    await page.goto(`/post/${post.id}`);
    await expect(page.getByTestId('post-author')).toHaveText('[deleted]');
    await expect(page.getByRole('heading', { name: post.title })).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe clean with the new sections, ${scheme} theme`, async ({ page }) => {
      const user = await registerUser('delaxe');
      await page.emulateMedia({ colorScheme: scheme });
      await openSettings(page, user);
      const del = page.getByTestId('settings-delete');
      await expect(page.getByTestId('settings-download')).toBeVisible();
      // The section with an error shown and the button enabled.
      await del.getByLabel('Password').fill('Wr0ngPassword');
      await del.getByLabel('Type "delete my account" to confirm').fill('delete my account');
      await del.getByRole('button', { name: 'Delete account' }).click();
      await expect(page.getByTestId('settings-delete-password-error')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/settings with data and deletion, ${scheme}`);
    });
  }
});
