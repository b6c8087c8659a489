// Debian's Chromium, as the browser tests and the audits start it.

/** The full browser, for the Lighthouse audit (CHROMIUM_PATH to use another). */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The browser tests' browser: Debian's headless shell of the same Chromium (package
 * chromium-headless-shell), the build Playwright itself runs for headless tests. It renders pages with
 * the same engine at about half the processor time of the full browser, which on two cores is most of
 * the browser tests' wall time. CHROMIUM_HEADLESS_PATH to use another.
 */
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_PATH || '/usr/bin/chromium-headless-shell';

/** Flags for this machine: no sandbox as root, no GPU, and no calls to outside services (there is no network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
