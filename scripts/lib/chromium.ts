import { devices, type PlaywrightTestOptions, type LaunchOptions } from '@playwright/test';

/** Debian's chromium (apt), never a downloaded browser; shared by the e2e and system suites. */
export const chromiumLaunch: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export const chromiumUse: Partial<PlaywrightTestOptions> & { launchOptions: LaunchOptions } = {
  ...devices['Desktop Chrome'],
  launchOptions: chromiumLaunch,
};
