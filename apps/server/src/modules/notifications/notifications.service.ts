import type { Notification, NotificationKind } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { createMailer } from '../../lib/mail/mailer.ts';
import { formatMessage } from '../../lib/messages/index.ts';
import { presentNotification, recipientLocale } from './notifications.presenter.ts';
import * as repo from './notifications.repository.ts';
import type { NotificationRow } from './notifications.repository.ts';
import type { NotificationRelay } from './notifications.relay.ts';
import type { NotificationLoader } from './sse-hub.ts';

/** One notification to write: `actorId` did something `kind` to `target`, which `recipientId` should hear of. */
export interface NotificationDraft {
  recipientId: number;
  kind: NotificationKind;
  actorId: number | null;
  target: { kind: string; id: number; uuid?: string | null; title: string; nodeId?: string | null };
  /** which of the kind's sentences (`report_resolved`: the action taken) */
  detail?: string;
}

/** Rows presented for their recipients, each in that user's locale. */
async function present(deps: Pick<Deps, 'db' | 'config'>, rows: NotificationRow[]): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const [locales, actors] = await Promise.all([
    repo.localesOf(deps.db, [...new Set(rows.map((r) => r.recipient_id))]),
    repo.actorsOf(
      deps.db,
      rows.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id])),
    ),
  ]);
  return rows.map((row) =>
    presentNotification(
      row,
      row.actor_id === null ? undefined : actors.get(row.actor_id),
      recipientLocale(locales.get(row.recipient_id)),
      deps.config.publicBaseUrl,
    ),
  );
}

/**
 * Writes notifications (handlers call it after the acting write committed) and announces them to
 * the streams of every process through `relay`. Nobody is notified of their own action, nor twice of one.
 */
export async function notify(
  deps: Deps,
  relay: NotificationRelay,
  drafts: NotificationDraft[],
): Promise<Array<{ id: number; recipient_id: number }>> {
  const seen = new Set<number>();
  const rows: repo.NewNotification[] = [];
  const now = deps.clock.nowIso();
  for (const d of drafts) {
    if (d.recipientId === d.actorId || seen.has(d.recipientId)) continue;
    seen.add(d.recipientId);
    rows.push({
      recipient_id: d.recipientId,
      kind: d.kind,
      actor_id: d.actorId,
      target_kind: d.target.kind,
      target_id: d.target.id,
      target_uuid: d.target.uuid ?? null,
      target_title: d.target.title,
      target_node: d.target.nodeId ?? null,
      detail: d.detail ?? null,
      created_at: now,
    });
  }
  if (rows.length === 0) return [];
  const written = await deps.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertNotifications(trx, rows);
    await relay.announceIn(trx, inserted);
    return inserted;
  });
  await relay.announced(written);
  return written;
}

/** A page of the caller's notifications, newest first. */
export async function listNotifications(
  deps: Deps,
  userId: number,
  unreadOnly: boolean,
  window: PageWindow,
): Promise<{ count: number; results: Notification[] }> {
  const [count, rows] = await Promise.all([
    repo.countNotifications(deps.db, userId, unreadOnly),
    repo.listNotifications(deps.db, userId, { unreadOnly, limit: window.pageSize, offset: window.offset }),
  ]);
  return { count, results: await present(deps, rows) };
}

/** How many of the caller's notifications are unread. */
export async function unreadCount(deps: Deps, userId: number): Promise<number> {
  return repo.countNotifications(deps.db, userId, true);
}

/** Marks the caller's notifications among `ids` (or all) read; answers how many stay unread. */
export async function markRead(deps: Deps, userId: number, ids: number[] | undefined): Promise<number> {
  await repo.markRead(deps.db, userId, ids);
  return repo.countNotifications(deps.db, userId, true);
}

/** A user's session version, or null when the account is inactive or gone. */
export async function sessionVersionOf(deps: Deps, userId: number): Promise<number | null> {
  return (await repo.activeSessions(deps.db, [userId])).get(userId) ?? null;
}

/** How the SSE hub reads notifications and sessions. */
export function loaderFor(deps: Pick<Deps, 'db' | 'config'>): NotificationLoader {
  return {
    byIds: async (ids) => {
      const rows = await repo.findNotificationsByIds(deps.db, ids);
      const presented = await present(deps, rows);
      return rows.map((row, i) => ({ recipientId: row.recipient_id, notification: presented[i]! }));
    },
    after: async (userId, afterId, limit) =>
      present(deps, await repo.findNotificationsAfter(deps.db, userId, afterId, limit)),
    latestId: (userId) => repo.latestNotificationId(deps.db, userId),
    sessions: (userIds) => repo.activeSessions(deps.db, userIds),
  };
}

/**
 * Sends notifications by e-mail to recipients with an address (the group kinds, API.md "Groups"):
 * each in the recipient's language, its sentence as the subject and with one link to open it, and
 * `message` (a nudge's own words) between them.
 * A job (`notifications.email`) runs it, never the request that caused it.
 */
export async function emailNotifications(deps: Deps, ids: number[], message?: string): Promise<void> {
  const rows = await repo.findNotificationsByIds(deps.db, ids);
  if (rows.length === 0) return;
  const [presented, addresses] = await Promise.all([
    present(deps, rows),
    repo.emailAddressesOf(
      deps.db,
      rows.map((r) => r.recipient_id),
    ),
  ]);
  const locales = await repo.localesOf(
    deps.db,
    rows.map((r) => r.recipient_id),
  );
  const mailer = createMailer(deps);
  for (const [i, row] of rows.entries()) {
    const to = addresses.get(row.recipient_id);
    if (!to) continue;
    const notification = presented[i]!;
    const locale = recipientLocale(locales.get(row.recipient_id));
    const link = notificationLink(deps.config.publicBaseUrl, notification);
    await mailer.send({
      to,
      purpose: `notification:${notification.kind}`,
      subject: notification.text,
      // A nudge may carry its sender's own words, quoted as they wrote them.
      text: `${notification.text}\n\n${message ? `${message}\n\n` : ''}${formatMessage('Open it in Arbor:', locale)} ${link}\n`,
    });
  }
}

/** Where a notification opens in the web app (a group's page for the group kinds). */
function notificationLink(baseUrl: string, notification: Notification): string {
  const base = baseUrl.replace(/\/$/, '');
  const { target } = notification;
  if (target.kind === 'group' && target.uuid) return `${base}/groups/${target.uuid}`;
  return `${base}/notifications`;
}
