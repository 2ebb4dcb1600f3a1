import { existsSync } from 'node:fs';
import {
  devices,
  type LaunchOptions,
  type PlaywrightTestOptions,
  type PlaywrightWorkerOptions,
} from '@playwright/test';

/**
 * Debian's chromium (apt), never a downloaded browser; shared by the e2e and system suites. The
 * binary itself rather than /usr/bin/chromium: that wrapper adds /etc/chromium.d's desktop flags
 * (--enable-gpu-rasterization among them, rasterizing in software GL), which cost the suites
 * about 9% of their CPU and wall time on 2 cores.
 */
const DEBIAN_BINARY = '/usr/lib/chromium/chromium';

export const chromiumLaunch: LaunchOptions = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_BINARY) ? DEBIAN_BINARY : '/usr/bin/chromium'),
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
