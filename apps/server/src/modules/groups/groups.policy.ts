import type { AssignmentAbilities, GroupAbilities, GroupRole } from '@arbor/contract';
import { permissionDenied } from '../../lib/http-errors.ts';

/**
 * Who may do what in a group (API.md "Groups"). Everything starts from the caller's membership: a
 * non-member (an admin included: admins have no special access) never gets this far, the group
 * answers 404. Owner and mentors teach; members learn.
 */
const teaches = (role: GroupRole) => role === 'owner' || role === 'mentor';

export function groupAbilities(role: GroupRole): GroupAbilities {
  return {
    update: teaches(role),
    delete: role === 'owner',
    rotate_code: teaches(role),
    manage_roles: role === 'owner',
    remove_members: teaches(role),
    assign: teaches(role),
    view_progress: teaches(role),
    leave: role !== 'owner',
  };
}

export function assignmentAbilities(role: GroupRole): AssignmentAbilities {
  const t = teaches(role);
  return { update: t, delete: t, view_progress: t, nudge: t };
}

/** 403 unless the caller teaches in the group (owner or mentor). */
export function authorizeTeaching(role: GroupRole): void {
  if (!teaches(role)) throw permissionDenied('Only the owner and mentors of this group may do this.');
}

/** 403 unless the caller owns the group. */
export function authorizeOwner(role: GroupRole): void {
  if (role !== 'owner') throw permissionDenied('Only the owner of this group may do this.');
}

/**
 * Whether `actor` may remove `target` from the group: the owner removes anyone but themself (they
 * delete the group instead), mentors remove members, and anyone but the owner may leave.
 */
export function authorizeRemoval(
  actor: { id: number; role: GroupRole },
  target: { id: number; role: GroupRole },
): void {
  if (target.role === 'owner') {
    throw permissionDenied('The owner cannot leave the group: delete it instead.');
  }
  if (actor.id === target.id) return;
  if (actor.role === 'owner') return;
  if (actor.role === 'mentor' && target.role === 'member') return;
  throw permissionDenied('You may not remove this member.');
}

export const canTeach = teaches;
