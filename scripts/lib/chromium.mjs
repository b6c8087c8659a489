// Debian's Chromium as the browser tests and audits start it (CHROMIUM_PATH to use another).
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags for this machine: no sandbox as root, no GPU, and no calls to outside services (there is no network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
