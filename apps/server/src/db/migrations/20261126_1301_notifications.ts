import { sql, type Kysely } from 'kysely';
import { TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

/**
 * Notifications (API.md "Authors, following, collections, notifications"): one row per recipient
 * and event, written by the notifications module's domain-event handlers. The target is kept by
 * kind, id, uuid and its title at the time (a template, a user, …), not as a foreign key, since its
 * kind varies. A recipient's rows go with the account; an actor's deletion leaves the row without
 * an actor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('target_uuid', 'varchar(64)')
    .addColumn('target_title', TEXT, (c) => c.notNull())
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  // A recipient's notifications, newest first (the list, and the replay after an id).
  await db.schema
    .createIndex('notifications_recipient_idx')
    .on('notifications')
    .columns(['recipient_id', 'id desc'])
    .execute();
  // A recipient's unread ones (the count, the unread list, marking all read).
  await db.schema
    .createIndex('notifications_unread_idx')
    .on('notifications')
    .columns(['recipient_id', 'id desc'])
    .where(sql.ref('read'), '=', 0)
    .execute();
  // The rows an actor's deletion sets to null.
  await db.schema.createIndex('notifications_actor_idx').on('notifications').columns(['actor_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
