/**
 * How the e2e tests and the first-load bench launch the system's Chromium: headless, and quiet
 * (no background networking, updates or sync to disturb what is measured or tested).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
