import type { ModerationAction } from '@arbor/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DB, Trx } from '../../db/connection.ts';
import { safeError } from '../safe-error.ts';

/**
 * The domain events one module announces and others react to, by name. A module that wants to know
 * what another did subscribes here instead of being called by it.
 */
export interface DomainEventMap {
  /** a tree and its versions are gone (its rows are deleted in the emitting transaction) */
  'tree.deleted': { treeId: number; treeUuid: string; ownerId: number };
  /** a save dropped these node ids from a tree's working copy */
  'tree.nodes_removed': { treeId: number; nodeIds: string[] };
  /** a template's snapshot was replaced by a new one: its revision `revision`, with the changelog line `message` ('' when none) */
  'share.revised': { shareId: number; shareUuid: string; authorId: number; revision: number; message: string };
  /** a new template of a tree whose hidden template was withdrawn started hidden (admins must look at it) */
  'share.withheld': { shareId: number; authorId: number };
  /** a template was withdrawn for good (its rows are deleted in the emitting transaction) */
  'share.deleted': { shareId: number; shareUuid: string; authorId: number };
  /** `userId` forked a template into a new tree of theirs ("use this template") */
  'share.used': { shareId: number; treeId: number; userId: number };
  /** `reviewerId` wrote a review of a template by `shareAuthorId` (a new one, not an edit or replacement) */
  'review.posted': { reviewId: number; shareId: number; shareUuid: string; shareAuthorId: number; reviewerId: number };
  /** the template's author (`replierId`) replied for the first time to a review by `reviewerId` */
  'review.replied': { reviewId: number; shareId: number; reviewerId: number; replierId: number };
  /** `authorId` suggested edits to a template by `shareAuthorId` */
  'suggestion.posted': { suggestionId: number; shareId: number; shareAuthorId: number; authorId: number };
  /** the template's author (`deciderId`) accepted or rejected a suggestion by `suggesterId` */
  'suggestion.decided': {
    suggestionId: number;
    shareId: number;
    suggesterId: number;
    deciderId: number;
    status: 'accepted' | 'rejected';
  };
  /** a comment was posted on a template (`parentAuthorId`: the author of the thread it replies to) */
  'comment.posted': {
    commentId: number;
    shareId: number;
    shareAuthorId: number;
    authorId: number;
    nodeId: string | null;
    parentId: number | null;
    parentAuthorId: number | null;
  };
  /**
   * an admin resolved a user's report with `action` on its target (`reporterId` null when the
   * reporter's account is gone)
   */
  'report.resolved': {
    reportId: number;
    reporterId: number | null;
    action: ModerationAction;
    targetKind: 'share' | 'review' | 'comment' | 'user';
    targetId: number;
  };
  /** a user filed a report of a template, review, comment or user (admins hear of it) */
  'report.filed': {
    reportId: number;
    reporterId: number;
    targetKind: 'share' | 'review' | 'comment' | 'user';
    targetId: number;
  };
  /** `followerId` started following `followeeId` (published after the follow is written, not on a repeat) */
  'user.followed': { followerId: number; followeeId: number };
  /**
   * sessions of `userId` ended: a logout (that session), a password reset or a deactivation (all of
   * them; what the account gave out, such as its calendar feed, ends too)
   */
  'user.sessions_ended': { userId: number; reason: 'logout' | 'password_reset' | 'deactivated' };
  /** an account is being removed; its rows go with it in the emitting transaction */
  'user.deleted': { userId: number };
}

export type DomainEventName = keyof DomainEventMap;

/** Work a participant leaves for after the commit (removing stored files, say). */
export type AfterCommit = () => Promise<void>;

/**
 * Runs inside the emitting transaction, so that another module's rows stay consistent with the
 * write (counters, for instance). Its failure undoes the whole write. It may return work for after
 * the commit, and publish events of its own in the same transaction (a deleted account's trees
 * announce `tree.deleted` like any other deleted tree).
 */
export type Participant<N extends DomainEventName> = (
  trx: Trx,
  event: DomainEventMap[N],
  publish: Publish,
) => Promise<AfterCommit | void>;

/** Runs after the emitting transaction committed; a failure is logged and never undoes the write. */
export type Handler<N extends DomainEventName> = (event: DomainEventMap[N]) => Promise<void>;

/** Publishes an event from inside a transaction opened by `DomainEvents.transaction`. */
export type Publish = <N extends DomainEventName>(name: N, event: DomainEventMap[N]) => Promise<void>;

type AnyParticipant = (trx: Trx, event: unknown, publish: Publish) => Promise<AfterCommit | void>;
type AnyHandler = (event: unknown) => Promise<void>;

/**
 * Typed domain events. Publishing happens inside a transaction: participants run at once in it,
 * handlers (and the work participants left) run one after another once it committed, and nothing
 * runs when it rolled back.
 */
export class DomainEvents {
  private readonly participants = new Map<DomainEventName, AnyParticipant[]>();
  private readonly handlers = new Map<DomainEventName, AnyHandler[]>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** Subscribes `participant` to run inside every transaction that publishes `name`. */
  within<N extends DomainEventName>(name: N, participant: Participant<N>): void {
    const list = this.participants.get(name) ?? [];
    list.push(participant as AnyParticipant);
    this.participants.set(name, list);
  }

  /** Subscribes `handler` to run after every committed transaction that published `name`. */
  on<N extends DomainEventName>(name: N, handler: Handler<N>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as AnyHandler);
    this.handlers.set(name, list);
  }

  /**
   * Runs `work` in one transaction with a `publish` for its events; resolves after the commit and
   * after every handler ran (so a caller answering a request has seen the clean-up through).
   */
  async transaction<T>(db: DB, work: (trx: Trx, publish: Publish) => Promise<T>): Promise<T> {
    const afterCommit: AfterCommit[] = [];
    const result = await db.transaction().execute(async (trx) => {
      const publish: Publish = async (name, event) => {
        for (const participant of this.participants.get(name) ?? []) {
          const later = await participant(trx, event, publish);
          if (later) afterCommit.push(later);
        }
        for (const handler of this.handlers.get(name) ?? []) afterCommit.push(() => handler(event));
      };
      return work(trx, publish);
    });
    for (const run of afterCommit) {
      try {
        await run();
      } catch (error) {
        this.log.error({ err: safeError(error) }, 'a domain event handler failed after the commit');
      }
    }
    return result;
  }

  /** Publishes one event in a transaction of its own. */
  async publish<N extends DomainEventName>(db: DB, name: N, event: DomainEventMap[N]): Promise<void> {
    await this.transaction(db, (_trx, publish) => publish(name, event));
  }
}
