import type { FastifyBaseLogger } from 'fastify';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { imageLimits } from '../modules/auth/auth.service.js';
import { hashPassword, verifyPassword } from '../modules/auth/passwords.js';
import { setPasswordAndRevokeTokens, updateUser } from '../modules/users/users.repository.js';
import { randomPassword } from '../lib/random-password.js';
import { storeImage } from '../media/image-store.js';
import { insertMemorial } from '../modules/memorials/memorials.repository.js';
import { prayers, users } from './schema/index.js';
import { landscapePng } from './demo-images.js';
import { deriveTags } from './tags.js';

/**
 * Demo accounts. Their passwords are random per install (decision 0017): printed once on the
 * first start and kept in `DATA_DIR/demo-accounts.txt` (0600). There is no demo administrator;
 * an operator makes one with `npm run make-admin`. Set SEED_DEMO=false for a real deployment.
 */
export const DEMO_ACCOUNTS = [
  {
    userName: 'sponsor',
    email: 'sponsor@rips.example',
    fullName: 'Daniel Okafor',
    role: 'sponsor',
  },
  {
    userName: 'visitor',
    email: 'visitor@rips.example',
    fullName: 'Maya Lindqvist',
    role: 'visitor',
  },
] as const;

export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';

interface DemoLogin {
  userName: string;
  email: string;
  password: string;
}

/** Writes the demo passwords owner-only into the data dir; returns the file's path. */
function writeDemoAccountsFile(dataDir: string, accounts: DemoLogin[]): string {
  const file = path.join(dataDir, DEMO_ACCOUNTS_FILE);
  const lines = [
    "# Demo accounts of this Rips site, created on its first start. Only the data dir's owner can",
    '# read this file. Change or remove the accounts before the site is used for real.',
    '# userName\temail\tpassword',
    ...accounts.map((a) => `${a.userName}\t${a.email}\t${a.password}`),
  ];
  // Remove first: an existing file keeps its old mode through writeFile.
  rmSync(file, { force: true });
  writeFileSync(file, lines.join('\n') + '\n', { mode: 0o600, flag: 'wx' });
  return file;
}

const DEMO_MEMORIALS = [
  {
    title: 'Eleanor Grace Whitmore',
    description:
      'A schoolteacher for thirty-eight years who knew every child by name. Eleanor filled her home with books, lemon cake and the sound of the piano on Sunday afternoons.',
    birthPlace: 'Savannah, Georgia',
    burial: 'Bonaventure Cemetery',
    plot: 'Section H, Lot 42',
    dateOfBirth: '1938-04-12',
    deathDate: '2024-10-03',
    traits: 'teacher pianist gardener patient',
  },
  {
    title: 'Samuel James Okafor',
    description:
      'Engineer, storyteller and devoted grandfather. Samuel built bridges across three continents and never missed a grandchild’s football match.',
    birthPlace: 'Enugu, Nigeria',
    burial: 'Highgate Cemetery',
    plot: 'West, Row 7, Plot 19',
    dateOfBirth: '1946-09-30',
    deathDate: '2025-02-14',
    traits: 'engineer storyteller grandfather generous',
  },
  {
    title: 'Rosa María Delgado',
    description:
      'A nurse who sang while she worked and a mother of five. Rosa’s kitchen was open to anyone who needed a warm meal and a kind word.',
    birthPlace: 'San Antonio, Texas',
    burial: 'Mission Burial Park',
    plot: 'Garden of Peace, 118',
    dateOfBirth: '1951-01-22',
    deathDate: '2023-06-18',
    traits: 'nurse singer mother kind',
  },
  {
    title: 'Thomas Edward Hale',
    description:
      'Lighthouse keeper, fisherman and lifelong reader of the sea. Tom taught three generations to tie a bowline and to watch the weather.',
    birthPlace: 'Portland, Maine',
    burial: 'Evergreen Cemetery',
    plot: 'Harbor View, 7B',
    dateOfBirth: '1932-07-04',
    deathDate: '2022-11-27',
    traits: 'sailor fisherman reader steady',
  },
  {
    title: 'Aiko Tanaka',
    description:
      'A painter of quiet gardens whose watercolours hang in libraries and hospitals. Aiko believed every room deserved a window onto something green.',
    birthPlace: 'Kyoto, Japan',
    burial: 'Mountain View Cemetery',
    plot: 'Maple Terrace, 31',
    dateOfBirth: '1960-03-08',
    deathDate: '2025-05-01',
    traits: 'painter gardener gentle artist',
  },
  {
    title: 'William “Bill” Ashford',
    description:
      'Veteran, volunteer firefighter and the best pancake cook on Maple Street. Bill’s laugh could be heard two houses away.',
    birthPlace: 'Dayton, Ohio',
    burial: 'Woodland Cemetery',
    plot: 'Veterans Circle, 204',
    dateOfBirth: '1941-12-02',
    deathDate: '2024-01-09',
    traits: 'veteran firefighter cook cheerful',
  },
];

const DEMO_PRAYERS = [
  'May you rest in peace and rise in glory. We carry your kindness with us every day.',
  'Thank you for every lesson and every laugh. You are deeply missed.',
];

/**
 * Seeds demo accounts and memorials into an empty database; does nothing otherwise. `announce`
 * gets the one message that shows the demo passwords (the console on first start, never the log).
 */
export async function seedDemoData(
  ctx: AppContext,
  log: FastifyBaseLogger,
  announce: (text: string) => void,
): Promise<void> {
  const [{ count } = { count: 0 }] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(users);
  if (count > 0) return;
  log.info('seeding demo accounts and memorials');
  const limits = imageLimits(ctx);
  const passwords = new Map(DEMO_ACCOUNTS.map((a) => [a.userName, randomPassword()]));
  const file = writeDemoAccountsFile(
    ctx.config.dataDir,
    DEMO_ACCOUNTS.map((a) => ({ ...a, password: passwords.get(a.userName)! })),
  );
  const created: Record<string, string> = {};
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const avatar = await storeImage(
      ctx.storage,
      'avatars',
      await landscapePng(index + 3, 512, 512),
      limits,
    );
    const [row] = await ctx.db
      .insert(users)
      .values({
        userName: account.userName,
        email: account.email,
        fullName: account.fullName,
        role: account.role,
        passwordHash: await hashPassword(passwords.get(account.userName)!),
        avatarKey: avatar.imageKey,
      })
      .returning({ id: users.id });
    created[account.userName] = row!.id;
  }
  const now = Date.now();
  for (const [index, memorial] of DEMO_MEMORIALS.entries()) {
    const image = await storeImage(ctx.storage, 'memorials', await landscapePng(index), limits);
    const tags = deriveTags(memorial.traits);
    // Through the app's own insert, so the sponsor is among the memorial's people as its owner.
    const row = await insertMemorial(ctx.db, {
      ...memorial,
      ...image,
      ownerId: created['sponsor']!,
      tags,
      tagsText: tags.join('\u001f'),
      // Spread the creation times so "newest first" has a stable, meaningful order.
      createdAt: new Date(now - (DEMO_MEMORIALS.length - index) * 3_600_000),
      // The demo's memorials are not news to the demo sponsor: no "is ready" card for them.
      readySeenAt: new Date(now),
    });
    for (const text of DEMO_PRAYERS) {
      await ctx.db
        .insert(prayers)
        .values({ memorialId: row.id, ownerId: created['visitor']!, text });
    }
  }
  announce(
    [
      '',
      'Demo accounts (shown only on this first start; also in ' + file + '):',
      ...DEMO_ACCOUNTS.map((a) => `  ${a.userName.padEnd(8)} ${passwords.get(a.userName)}`),
      'No administrator exists yet: stop the server and run `npm run make-admin -- --create <userName> <email>`.',
      '',
    ].join('\n'),
  );
}

/** The demo logins earlier releases seeded and published in the README. */
const PUBLISHED_DEMO_LOGINS: DemoLogin[] = [
  { userName: 'admin', email: 'admin@rips.example', password: 'Admin-demo-2026' },
  { userName: 'sponsor', email: 'sponsor@rips.example', password: 'Sponsor-demo-2026' },
  { userName: 'visitor', email: 'visitor@rips.example', password: 'Visitor-demo-2026' },
];

/**
 * A data dir seeded by an earlier release still has demo accounts with published passwords (and a
 * demo administrator). Each start gives any such account a random password (its sessions end),
 * takes the administrator role from the old demo admin, and shows the new passwords as the first
 * seed does. Returns how many accounts it changed.
 */
export async function retirePublishedDemoPasswords(
  ctx: AppContext,
  log: FastifyBaseLogger,
  announce: (text: string) => void,
): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(
      inArray(
        users.email,
        PUBLISHED_DEMO_LOGINS.map((a) => a.email),
      ),
    );
  const replaced: DemoLogin[] = [];
  for (const row of rows) {
    const published = PUBLISHED_DEMO_LOGINS.find((a) => a.email === row.email)!;
    if (!(await verifyPassword(row.passwordHash, published.password))) continue;
    const password = randomPassword();
    await setPasswordAndRevokeTokens(ctx.db, row.id, await hashPassword(password));
    if (row.role === 'admin') await updateUser(ctx.db, row.id, { role: 'visitor' });
    replaced.push({ userName: row.userName, email: row.email, password });
  }
  if (replaced.length === 0) return 0;
  const file = writeDemoAccountsFile(ctx.config.dataDir, replaced);
  log.warn(
    `replaced the published demo password of ${replaced.length} accounts; the new ones are in ${DEMO_ACCOUNTS_FILE}`,
  );
  announce(
    [
      '',
      `Demo accounts had passwords published with an earlier release; new ones (also in ${file}):`,
      ...replaced.map((a) => `  ${a.userName.padEnd(8)} ${a.password}`),
      'The old demo administrator is a visitor now: make administrators with `npm run make-admin`.',
      '',
    ].join('\n'),
  );
  return replaced.length;
}
