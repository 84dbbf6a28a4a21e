import type { Deps } from '../../deps.ts';
import {
  findActiveAdmins,
  findShareIdOf,
  findShareTarget,
  findTemplateFollowers,
  findUserTarget,
  recipientsToldSince,
} from './notifications.repository.ts';
import { emailNotifications, notify, type NotificationDraft } from './notifications.service.ts';

declare module '../../lib/jobs/jobs.ts' {
  interface JobMap {
    /** notifications written just now that also go by e-mail (the group kinds) */
    'notifications.email': { ids: number[]; message?: string };
  }
}

/** How long a follow, or a template's revision to its learners, is told only once. */
const ONCE_A_DAY_MS = 24 * 3600 * 1000;

/**
 * Notifications' reactions to other modules' events (the module publishes none of its own): notifications
 * are written here, by handlers of other modules' domain events, after the acting
 * write committed (a failure is logged by the events and never undoes it). A new kind is one more
 * `deps.events.on(…)` below that turns its event into drafts, plus its sentence in
 * `notifications.presenter.ts` and the catalog.
 */
export function subscribeNotifications(deps: Deps): void {
  const send = (drafts: NotificationDraft[]) => notify(deps, deps.runtime.notifications.relay, drafts);

  /** The drafts about one target whose recipients were not told of it in the last day. */
  const notToldToday = async (drafts: NotificationDraft[]) => {
    const [first] = drafts;
    if (!first) return [];
    const told = await recipientsToldSince(
      deps.db,
      drafts.map((d) => d.recipientId),
      { kind: first.kind, targetKind: first.target.kind, targetId: first.target.id },
      deps.clock.isoIn(-ONCE_A_DAY_MS),
    );
    return drafts.filter((d) => !told.has(d.recipientId));
  };

  /** A template as a notification's target, or null when it is already gone. */
  const shareTarget = async (shareId: number) => {
    const share = await findShareTarget(deps.db, shareId);
    return share ? { kind: 'share', id: share.id, uuid: share.uuid, title: share.title } : null;
  };

  // A review of your template.
  deps.events.on('review.posted', async (event) => {
    const target = await shareTarget(event.shareId);
    if (!target) return;
    await send([{ recipientId: event.shareAuthorId, kind: 'review', actorId: event.reviewerId, target }]);
  });

  // The template's author replied to your review.
  deps.events.on('review.replied', async (event) => {
    const target = await shareTarget(event.shareId);
    if (!target) return;
    await send([{ recipientId: event.reviewerId, kind: 'review_reply', actorId: event.replierId, target }]);
  });

  // A comment on your template; a reply in your thread (which says more, so it wins when both are you).
  // A thread on one node names it: the notification opens there.
  deps.events.on('comment.posted', async (event) => {
    const share = await shareTarget(event.shareId);
    if (!share) return;
    const target = { ...share, nodeId: event.nodeId };
    const drafts: NotificationDraft[] = [];
    if (event.parentAuthorId !== null) {
      drafts.push({ recipientId: event.parentAuthorId, kind: 'comment_reply', actorId: event.authorId, target });
    }
    drafts.push({ recipientId: event.shareAuthorId, kind: 'comment', actorId: event.authorId, target });
    await send(drafts);
  });

  // Suggested edits of your template; the template's author accepting or rejecting yours. The target
  // is the template, as for reviews and comments (its page lists its suggestions).
  deps.events.on('suggestion.posted', async (event) => {
    const target = await shareTarget(event.shareId);
    if (!target) return;
    await send([{ recipientId: event.shareAuthorId, kind: 'suggestion', actorId: event.authorId, target }]);
  });
  deps.events.on('suggestion.decided', async (event) => {
    const target = await shareTarget(event.shareId);
    if (!target) return;
    await send([
      {
        recipientId: event.suggesterId,
        kind: 'suggestion_decided',
        actorId: event.deciderId,
        target,
        detail: event.status,
      },
    ]);
  });

  // The outcome of your report: dismissed, or the content hidden, removed or its author suspended (an
  // unhide reverses an earlier outcome and tells the reporter nothing). The target is what the
  // reporter can still open: the template of a review or comment, else the reported template or
  // user when the report was dismissed, else nothing (the report itself).
  deps.events.on('report.resolved', async (event) => {
    if (event.reporterId === null || event.action === 'unhide') return;
    const nothing = { kind: 'report', id: event.reportId, title: '' };
    let target: NotificationDraft['target'] | null = nothing;
    if (event.targetKind === 'review' || event.targetKind === 'comment') {
      const shareId = await findShareIdOf(deps.db, event.targetKind, event.targetId);
      target = (shareId !== undefined && (await shareTarget(shareId))) || nothing;
    } else if (event.action === 'dismiss' && event.targetKind === 'share') {
      target = (await shareTarget(event.targetId)) ?? nothing;
    } else if (event.action === 'dismiss' && event.targetKind === 'user') {
      const user = await findUserTarget(deps.db, event.targetId);
      target = user ? { kind: 'user', id: user.id, title: user.username } : nothing;
    }
    await send([
      { recipientId: event.reporterId, kind: 'report_resolved', actorId: null, target, detail: event.action },
    ]);
  });

  // A new report, to every admin but its reporter: the target is the report (the moderation page
  // lists it), titled by what it is about (the template of a review or comment, or the user).
  deps.events.on('report.filed', async (event) => {
    let title = '';
    if (event.targetKind === 'user') title = (await findUserTarget(deps.db, event.targetId))?.username ?? '';
    else {
      const shareId =
        event.targetKind === 'share' ? event.targetId : await findShareIdOf(deps.db, event.targetKind, event.targetId);
      if (shareId !== undefined) title = (await findShareTarget(deps.db, shareId))?.title ?? '';
    }
    const target = { kind: 'report', id: event.reportId, title };
    const admins = await findActiveAdmins(deps.db);
    await send(admins.map((recipientId) => ({ recipientId, kind: 'report_new', actorId: event.reporterId, target })));
  });

  // A new revision of a template you forked (about your newest tree made from it, which can sync
  // with it) or learn. Its author is the actor, so they are never told of their own revision.
  deps.events.on('share.revised', async (event) => {
    const share = await findShareTarget(deps.db, event.shareId);
    if (!share || share.hidden !== 0) return;
    const { forks, learners } = await findTemplateFollowers(deps.db, event.shareId);
    const template = { kind: 'share', id: share.id, uuid: share.uuid, title: share.title };
    // Learners hear of a template's revisions at most once a day (a re-share storm tells them once).
    const learnerDrafts = await notToldToday(
      learners.map((userId): NotificationDraft => ({
        recipientId: userId,
        kind: 'share_updated',
        actorId: event.authorId,
        target: template,
        detail: 'learn',
      })),
    );
    await send([
      ...forks.map((tree): NotificationDraft => ({
        recipientId: tree.owner_id,
        kind: 'share_updated',
        actorId: event.authorId,
        target: { kind: 'tree', id: tree.id, uuid: tree.uuid, title: tree.title },
        detail: 'fork',
      })),
      ...learnerDrafts,
    ]);
  });

  // Groups (API.md "Groups"): written at once (live over the stream), e-mailed by a job. The target
  // is the group, so a notification opens the group's page.
  deps.jobs.handle('notifications.email', ({ ids, message }) => emailNotifications(deps, ids, message));
  const sendAndMail = async (drafts: NotificationDraft[], message?: string) => {
    const written = await send(drafts);
    if (written.length === 0) return;
    void deps.jobs.enqueue('notifications.email', { ids: written.map((w) => w.id), ...(message ? { message } : {}) });
  };
  const groupTarget = (group: { id: number; uuid: string }, title: string) => ({
    kind: 'group',
    id: group.id,
    uuid: group.uuid,
    title,
  });
  deps.events.on('group.member_joined', async ({ group, memberId, recipientIds }) => {
    const target = groupTarget(group, group.name);
    await sendAndMail(
      recipientIds.map((recipientId) => ({ recipientId, kind: 'group_joined', actorId: memberId, target })),
    );
  });
  deps.events.on('group.assignment_created', async ({ group, title, actorId, recipientIds }) => {
    const target = groupTarget(group, title);
    await sendAndMail(recipientIds.map((recipientId) => ({ recipientId, kind: 'assignment_new', actorId, target })));
  });
  deps.events.on('group.assignment_nudged', async ({ group, title, actorId, recipientIds, message }) => {
    const target = groupTarget(group, title);
    await sendAndMail(
      recipientIds.map((recipientId) => ({ recipientId, kind: 'assignment_nudge', actorId, target })),
      message,
    );
  });
  deps.events.on('group.assignment_due', async ({ group, title, when, recipientIds }) => {
    const target = groupTarget(group, title);
    await sendAndMail(
      recipientIds.map((recipientId) => ({ recipientId, kind: 'assignment_due', actorId: null, target, detail: when })),
    );
  });

  // A session ended (logout, password reset, deactivation): its open streams end now, in every process.
  deps.events.on('user.sessions_ended', ({ userId }) => deps.runtime.notifications.relay.sessionsEnded(userId));

  // A new follower (a repeated follow sends no event), at most once a day per pair: following,
  // unfollowing and following again does not tell the author again.
  deps.events.on('user.followed', async (event) => {
    const follower = await findUserTarget(deps.db, event.followerId);
    if (!follower) return;
    const target = { kind: 'user', id: follower.id, title: follower.username };
    await send(await notToldToday([{ recipientId: event.followeeId, kind: 'follow', actorId: follower.id, target }]));
  });
}
