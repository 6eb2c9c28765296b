// Installs Debian packages the tests need when they are missing (as root), since no browser or
// tool download works here: chromium for the end-to-end tests, poppler-utils (pdftoppm) for the
// poster test, which renders the PDF as a printer would.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PDFTOPPM = '/usr/bin/pdftoppm';

/** True when `file` exists, or once `apt-get install <pkg>` has made it. */
function ensureDebianPackage(file, pkg, purpose) {
  if (existsSync(file)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `✗ ${file} is missing and this is not root: run "sudo apt-get install -y ${pkg}".`,
    );
    return false;
  }
  console.log(`→ installing Debian ${pkg} ${purpose}`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', pkg],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) return false;
  }
  return existsSync(file);
}

export function ensureChromium() {
  return ensureDebianPackage(CHROMIUM, 'chromium', 'for the end-to-end tests');
}

export function ensurePdftoppm() {
  return ensureDebianPackage(PDFTOPPM, 'poppler-utils', 'for the poster test (pdftoppm)');
}
