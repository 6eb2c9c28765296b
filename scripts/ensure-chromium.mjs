// Installs Debian's chromium when it is missing (as root), since no browser download works here.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `✗ ${CHROMIUM} is missing and this is not root: run "sudo apt-get install -y chromium".`,
    );
    return false;
  }
  console.log('→ installing Debian chromium for the end-to-end tests');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) return false;
  }
  return existsSync(CHROMIUM);
}
