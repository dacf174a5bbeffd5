/**
 * Debian's Chromium as the browser tests and the Lighthouse bench launch it.
 * The flags keep it off the network this machine does not have (background
 * updates, sync, QUIC) and let it run as root in a container.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
