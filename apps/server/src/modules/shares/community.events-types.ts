import type { ModerationAction } from '@arbor/contract';

// The events of the community modules (shares, reviews, discussion, suggestions, moderation, social): each
// goes to its module's own `<module>.events.ts` when community is cut in six.
declare module '../../lib/events/events.ts' {
  interface DomainEventMap {
    /** a template's snapshot was replaced by a new one: its revision `revision`, with the changelog line `message` ('' when none) */
    'share.revised': { shareId: number; shareUuid: string; authorId: number; revision: number; message: string };
    /** a template left public view (hidden by a moderator or withdrawn) */
    'share.hidden': { shareId: number; shareUuid: string; authorId: number };
    /** a new template of a tree whose hidden template was withdrawn started hidden (admins must look at it) */
    'share.withheld': { shareId: number; authorId: number };
    /** a template was withdrawn for good (its rows are deleted in the emitting transaction) */
    'share.deleted': { shareId: number; shareUuid: string; authorId: number };
    /** `userId` forked a template into a new tree of theirs ("use this template") */
    'share.used': { shareId: number; treeId: number; userId: number };
    /** `reviewerId` wrote a review of a template by `shareAuthorId` (a new one, not an edit or replacement) */
    'review.posted': {
      reviewId: number;
      shareId: number;
      shareUuid: string;
      shareAuthorId: number;
      reviewerId: number;
    };
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
  }
}
