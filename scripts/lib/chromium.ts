import { existsSync } from 'node:fs';
import {
  devices,
  type LaunchOptions,
  type PlaywrightTestOptions,
  type PlaywrightWorkerOptions,
} from '@playwright/test';

/**
 * Debian's headless Chromium (apt `chromium-headless-shell`), never a downloaded browser; shared by
 * the e2e and system suites. It is the same engine without the desktop browser around it (the one
 * Playwright itself picks for headless runs): a sample of 41 e2e tests took 156 CPU-s with it and
 * 244 with the full `chromium` binary. Without it, Debian's `chromium` binary itself, not the
 * /usr/bin/chromium wrapper, whose /etc/chromium.d desktop flags (--enable-gpu-rasterization among
 * them, rasterizing in software GL) cost about 9% more. CHROMIUM_PATH overrides both (a headed
 * run, `--headed`, needs the full browser: CHROMIUM_PATH=/usr/lib/chromium/chromium).
 */
export const CHROMIUM_CANDIDATES = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
];

export function chromiumPath(
  env: Record<string, string | undefined> = process.env,
  exists: (file: string) => boolean = existsSync,
): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  // The last one even when missing: Playwright then names the path it could not launch.
  return CHROMIUM_CANDIDATES.find(exists) ?? CHROMIUM_CANDIDATES.at(-1)!;
}

export const chromiumLaunch: LaunchOptions = {
  executablePath: chromiumPath(),
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

type TraceMode = 'off' | 'on' | 'retain-on-failure' | 'on-first-retry';
const TRACE_MODES: readonly TraceMode[] = ['off', 'on', 'retain-on-failure', 'on-first-retry'];

/**
 * Playwright traces are off unless PW_TRACE asks for them (`PW_TRACE=retain-on-failure` when
 * debugging a failure): recording one (DOM snapshots at every action, a screencast) for every test
 * cost the e2e suite about 18% of its time, and nobody reads a trace left on a CI machine.
 */
export function traceMode(env: Record<string, string | undefined> = process.env): TraceMode {
  const wanted = env.PW_TRACE ?? 'off';
  if (!TRACE_MODES.includes(wanted as TraceMode)) {
    throw new Error(`PW_TRACE must be one of ${TRACE_MODES.join(', ')}, got "${wanted}"`);
  }
  return wanted as TraceMode;
}

export const chromiumUse: Partial<PlaywrightTestOptions & PlaywrightWorkerOptions> & {
  launchOptions: LaunchOptions;
} = {
  ...devices['Desktop Chrome'],
  launchOptions: chromiumLaunch,
  trace: traceMode(),
  screenshot: 'only-on-failure',
};
