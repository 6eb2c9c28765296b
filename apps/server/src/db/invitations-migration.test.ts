// The migration that dates ownership offers and proved addresses, on a database that already has
// offers, invitations and members: a waiting offer keeps its 14 days from the migration, and only
// a member who accepted an invitation sent to their own address counts as having proved it.
import { describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../test/app.js';
import { useMigrationOverData } from '../../test/migrations.js';

const database = useMigrationOverData('_invitations_follow_rights', async (engine) => {
  await engine.query(`INSERT INTO users (full_name, email, user_name, password_hash) VALUES
    ('Heir', 'heir@example.com', 'heir', 'x'),
    ('Proved', 'proved@example.com', 'proved', 'x'),
    ('Elsewhere', 'elsewhere@example.com', 'elsewhere', 'x')`);
  await engine.query(`INSERT INTO memorials (owner_id, title, pending_owner_id)
    SELECT (SELECT id FROM users WHERE user_name = 'owner'), 'Offered',
      (SELECT id FROM users WHERE user_name = 'heir')`);
  await engine.query(`INSERT INTO memorials (owner_id, title)
    SELECT id, 'Kept' FROM users WHERE user_name = 'owner'`);
  // Accepted by its own address; accepted by an account of another address.
  await engine.query(`INSERT INTO memorial_invitations
      (memorial_id, email, role, token_hash, expires_at, accepted_at, accepted_by)
    SELECT m.id, u.email, 'viewer', md5(u.email), now() + interval '1 day',
      timestamp with time zone '2026-01-02 03:04:05+00', u.id
    FROM memorials m, users u WHERE m.title = 'Kept' AND u.user_name = 'proved'`);
  await engine.query(`INSERT INTO memorial_invitations
      (memorial_id, email, role, token_hash, expires_at, accepted_at, accepted_by)
    SELECT m.id, 'someone-else@example.com', 'viewer', 'other', now() + interval '1 day', now(), u.id
    FROM memorials m, users u WHERE m.title = 'Kept' AND u.user_name = 'elsewhere'`);
});

describe(`invitations-follow-rights migration on existing rows (${TEST_ENGINE})`, () => {
  it('dates a waiting offer at the migration and leaves memorials without one alone', async () => {
    const rows = await database.engine().query<{ title: string; fresh: boolean | null }>(
      `SELECT title, pending_owner_offered_at > now() - interval '1 hour' AS fresh
       FROM memorials ORDER BY title`,
    );
    expect(rows).toEqual([
      { title: 'Kept', fresh: null },
      { title: 'Offered', fresh: true },
    ]);
  });

  it('marks as proved only an address whose own invitation was accepted', async () => {
    const rows = await database.engine().query<{ user_name: string; verified: string | null }>(
      `SELECT user_name, to_char(email_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS verified
       FROM users ORDER BY user_name`,
    );
    expect(rows).toEqual([
      { user_name: 'elsewhere', verified: null },
      { user_name: 'heir', verified: null },
      { user_name: 'owner', verified: null },
      { user_name: 'proved', verified: '2026-01-02 03:04:05' },
    ]);
    const [invitations] = await database
      .engine()
      .query<{ revoked: number }>(
        'SELECT count(*)::int AS revoked FROM memorial_invitations WHERE revoked_at IS NOT NULL',
      );
    expect(invitations!.revoked).toBe(0);
  });
});
