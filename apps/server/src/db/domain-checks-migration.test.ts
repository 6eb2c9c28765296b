// The migration that makes the database hold the product's fixed lists (privacy levels, roles,
// item statuses, moderation modes), on a database that already has rows, some with values no
// layer knows: those move to the careful value the code already gave them, the rest stay, and
// afterwards the database refuses an unknown value (decision 0098).
import { ITEM_STATUSES } from '@rips/shared/tributes';
import { MEMORIAL_VISIBILITIES } from '@rips/shared/memorials';
import { describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../test/app.js';
import { useMigrationOverData } from '../../test/migrations.js';

const database = useMigrationOverData('_domain_checks', async (engine) => {
  await engine.query(`INSERT INTO users (full_name, email, user_name, password_hash, role) VALUES
    ('Odd', 'odd@example.com', 'odd', 'x', 'superuser'),
    ('Plain', 'plain@example.com', 'plain', 'x', 'visitor')`);
  await engine.query(`INSERT INTO memorials (owner_id, title, visibility, tribute_moderation)
    SELECT id, 'Secret', 'family-only', 'later' FROM users WHERE user_name = 'owner'`);
  await engine.query(`INSERT INTO memorials (owner_id, title, visibility, tribute_moderation)
    SELECT id, 'Shared', 'unlisted', 'open' FROM users WHERE user_name = 'owner'`);
  await engine.query(`INSERT INTO memorial_people (memorial_id, user_id, role)
    SELECT m.id, u.id, 'editor' FROM memorials m, users u
    WHERE m.title = 'Secret' AND u.user_name = 'plain'`);
  await engine.query(`INSERT INTO memorial_people (memorial_id, user_id, role)
    SELECT m.id, u.id, 'contributor' FROM memorials m, users u
    WHERE m.title = 'Shared' AND u.user_name = 'plain'`);
  await engine.query(`INSERT INTO prayers (memorial_id, owner_id, text, status)
    SELECT m.id, m.owner_id, 'Unknown state', 'review' FROM memorials m WHERE m.title = 'Secret'`);
  await engine.query(`INSERT INTO prayers (memorial_id, owner_id, text, status)
    SELECT m.id, m.owner_id, 'Waiting', 'pending' FROM memorials m WHERE m.title = 'Shared'`);
  await engine.query(`INSERT INTO memorial_invitations (memorial_id, email, role, token_hash, expires_at)
    SELECT id, 'cousin@example.com', 'owner', 'h', now() FROM memorials WHERE title = 'Secret'`);
  await engine.query(`INSERT INTO memorial_access_requests (memorial_id, user_id, status)
    SELECT m.id, u.id, 'maybe' FROM memorials m, users u
    WHERE m.title = 'Secret' AND u.user_name = 'odd'`);
});

describe(`domain-checks migration on existing rows (${TEST_ENGINE})`, () => {
  it('moves unknown values to the careful one and keeps known values', async () => {
    const engine = database.engine();
    expect(await engine.query('SELECT user_name, role FROM users ORDER BY user_name')).toEqual([
      { user_name: 'odd', role: 'visitor' },
      { user_name: 'owner', role: 'sponsor' },
      { user_name: 'plain', role: 'visitor' },
    ]);
    expect(
      await engine.query(
        'SELECT title, visibility, tribute_moderation FROM memorials ORDER BY title',
      ),
    ).toEqual([
      { title: 'Secret', visibility: 'private', tribute_moderation: 'approve' },
      { title: 'Shared', visibility: 'unlisted', tribute_moderation: 'open' },
    ]);
    expect(
      await engine.query(`SELECT m.title, p.role FROM memorial_people p
        JOIN memorials m ON m.id = p.memorial_id ORDER BY m.title`),
    ).toEqual([
      { title: 'Secret', role: 'viewer' },
      { title: 'Shared', role: 'contributor' },
    ]);
    expect(await engine.query('SELECT text, status FROM prayers ORDER BY text')).toEqual([
      { text: 'Unknown state', status: 'hidden' },
      { text: 'Waiting', status: 'pending' },
    ]);
    expect(await engine.query('SELECT role FROM memorial_invitations')).toEqual([
      { role: 'viewer' },
    ]);
    expect(await engine.query('SELECT status FROM memorial_access_requests')).toEqual([
      { status: 'declined' },
    ]);
  });

  it('then refuses a value outside each list and takes every value inside it', async () => {
    const engine = database.engine();
    const refused = async (statement: string) =>
      expect(engine.query(statement)).rejects.toThrow(/check constraint/);
    await refused(`UPDATE memorials SET visibility = 'friends'`);
    await refused(`UPDATE memorials SET tribute_moderation = 'never'`);
    await refused(`UPDATE memorial_people SET role = 'editor'`);
    await refused(`UPDATE users SET role = 'root'`);
    await refused(`UPDATE prayers SET status = 'draft'`);
    await refused(`UPDATE memorial_invitations SET role = 'owner'`);
    await refused(`UPDATE memorial_access_requests SET status = 'maybe'`);
    for (const visibility of MEMORIAL_VISIBILITIES) {
      await engine.query(
        `UPDATE memorials SET visibility = '${visibility}' WHERE title = 'Secret'`,
      );
    }
    for (const status of ITEM_STATUSES) {
      await engine.query(`UPDATE prayers SET status = '${status}' WHERE text = 'Waiting'`);
    }
  });
});
