import { randomInt, randomUUID } from 'node:crypto';
import {
  GROUP_LIMITS,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  type Group,
  type GroupCreate,
  type GroupMember,
  type GroupPreview,
  type GroupRole,
  type GroupUpdate,
} from '@arbor/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Deps } from '../../deps.ts';
import { conflict, invalidField, notFound, permissionDenied } from '../../lib/http-errors.ts';
import { reserveEvents } from '../../lib/throttle/throttle.ts';
import { loadUserSummaries } from '../../lib/user-summaries.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as repo from './groups.repository.ts';
import type { MembershipRow } from './groups.repository.ts';
import { authorizeOwner, authorizeRemoval, authorizeTeaching } from './groups.policy.ts';
import { presentGroup } from './groups.presenter.ts';

/** Join-code look-ups and joins each allow 20 an hour per user: codes cannot be guessed by trying. */
const JOIN_WINDOW = { limit: 20, seconds: 3600 };

/** A fresh join code: 8 characters of the unambiguous alphabet (32^8 ≈ 10^12 codes). */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** Codes are typed by people: case and spaces do not matter. */
const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** The group by uuid as the caller's membership, or 404 (non-members, admins included, see nothing). */
export async function requireMembership(deps: Deps, viewer: AuthUser, uuid: string): Promise<MembershipRow> {
  const row = await repo.findMembership(deps.db, viewer.id, uuid);
  if (!row) throw notFound();
  return row;
}

export async function listGroups(deps: Deps, viewer: AuthUser): Promise<Group[]> {
  return (await repo.listMemberships(deps.db, viewer.id)).map(presentGroup);
}

export async function getGroup(deps: Deps, viewer: AuthUser, uuid: string): Promise<Group> {
  return presentGroup(await requireMembership(deps, viewer, uuid));
}

/** Inserts with a fresh code, trying another on the (unlikely) clash with an existing one. */
async function withFreshCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write(newJoinCode());
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

export async function createGroup(deps: Deps, viewer: AuthUser, body: GroupCreate): Promise<Group> {
  const now = deps.clock.nowIso();
  const uuid = randomUUID();
  await withFreshCode((code) =>
    deps.db.transaction().execute(async (trx) => {
      if ((await repo.countOwnedGroups(trx, viewer.id)) >= GROUP_LIMITS.ownedGroups) {
        throw invalidField('name', 'You may own at most 50 groups.');
      }
      const id = await repo.insertGroup(trx, {
        uuid,
        name: body.name,
        description: body.description,
        kind: body.kind,
        owner_id: viewer.id,
        join_code: code,
        join_open: body.join_open ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
      await repo.insertMember(trx, {
        group_id: id,
        user_id: viewer.id,
        role: 'owner',
        consented_at: now,
        joined_at: now,
      });
    }),
  );
  return getGroup(deps, viewer, uuid);
}

export async function updateGroup(deps: Deps, viewer: AuthUser, uuid: string, body: GroupUpdate): Promise<Group> {
  const group = await requireMembership(deps, viewer, uuid);
  authorizeTeaching(group.my_role);
  await repo.updateGroup(deps.db, group.id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.kind !== undefined ? { kind: body.kind } : {}),
    ...(body.join_open !== undefined ? { join_open: body.join_open ? 1 : 0 } : {}),
    updated_at: deps.clock.nowIso(),
  });
  return getGroup(deps, viewer, uuid);
}

export async function deleteGroup(deps: Deps, viewer: AuthUser, uuid: string): Promise<void> {
  const group = await requireMembership(deps, viewer, uuid);
  authorizeOwner(group.my_role);
  await repo.deleteGroup(deps.db, group.id);
}

/** A new join code; the old one stops working at once. */
export async function rotateCode(deps: Deps, viewer: AuthUser, uuid: string): Promise<{ join_code: string }> {
  const group = await requireMembership(deps, viewer, uuid);
  authorizeTeaching(group.my_role);
  const join_code = await withFreshCode(async (code) => {
    await repo.updateGroup(deps.db, group.id, { join_code: code, updated_at: deps.clock.nowIso() });
    return code;
  });
  return { join_code };
}

/** The group a code opens, if it is open; counts the try against the caller's hourly allowance. */
async function groupOfCode(deps: Deps, viewer: AuthUser, code: string, bucket: string) {
  await reserveEvents(
    deps,
    [[`groups:${bucket}:${viewer.id}`, JOIN_WINDOW]],
    'Too many tries with join codes: try again later.',
  );
  const group = await repo.findGroupByCode(deps.db, normalizeCode(code));
  if (!group || group.join_open !== 1) throw notFound();
  return group;
}

export async function previewGroup(deps: Deps, viewer: AuthUser, code: string): Promise<GroupPreview> {
  const group = await groupOfCode(deps, viewer, code, 'preview');
  const [owners, members] = await Promise.all([
    loadUserSummaries(deps.db, deps.config.publicBaseUrl, [group.owner_id]),
    repo.countMembers(deps.db, group.id),
  ]);
  return {
    uuid: group.uuid,
    name: group.name,
    kind: group.kind,
    owner: owners.get(group.owner_id)!,
    members_count: members,
  };
}

/**
 * Joins by code with the member's consent that owner and mentors see their progress and memory on
 * the group's assignments. Tells the owner and mentors.
 */
export async function joinGroup(
  deps: Deps,
  viewer: AuthUser,
  body: { code: string; share_progress?: boolean },
): Promise<Group> {
  if (body.share_progress !== true) {
    throw invalidField('share_progress', 'Agree to share your progress on assignments with the group to join it.');
  }
  const group = await groupOfCode(deps, viewer, body.code, 'join');
  const now = deps.clock.nowIso();
  try {
    await deps.events.transaction(deps.db, async (trx, publish) => {
      if (await repo.findMember(trx, group.id, viewer.id)) throw conflict('You are already a member of this group.');
      if ((await repo.countMembers(trx, group.id)) >= GROUP_LIMITS.members) {
        throw conflict('This group is full (500 members).');
      }
      await repo.insertMember(trx, {
        group_id: group.id,
        user_id: viewer.id,
        role: 'member',
        consented_at: now,
        joined_at: now,
      });
      const teachers = await repo.listMembers(trx, group.id, ['owner', 'mentor']);
      await publish('group.member_joined', {
        group: { id: group.id, uuid: group.uuid, name: group.name },
        memberId: viewer.id,
        recipientIds: teachers.map((t) => t.user_id),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('You are already a member of this group.');
    throw error;
  }
  return getGroup(deps, viewer, group.uuid);
}

export async function listMembers(deps: Deps, viewer: AuthUser, uuid: string): Promise<GroupMember[]> {
  const group = await requireMembership(deps, viewer, uuid);
  const rows = await repo.listMembers(deps.db, group.id);
  const users = await loadUserSummaries(
    deps.db,
    deps.config.publicBaseUrl,
    rows.map((r) => r.user_id),
  );
  return rows.flatMap((row) => {
    const user = users.get(row.user_id);
    return user ? [{ user, role: row.role, joined_at: row.joined_at }] : [];
  });
}

async function requireMember(deps: Deps, groupId: number, userId: number) {
  const member = await repo.findMember(deps.db, groupId, userId);
  if (!member) throw notFound();
  return member;
}

export async function setMemberRole(
  deps: Deps,
  viewer: AuthUser,
  uuid: string,
  userId: number,
  role: Exclude<GroupRole, 'owner'>,
): Promise<GroupMember> {
  const group = await requireMembership(deps, viewer, uuid);
  authorizeOwner(group.my_role);
  const member = await requireMember(deps, group.id, userId);
  if (member.role === 'owner') throw permissionDenied('The owner keeps their role.');
  await repo.setMemberRole(deps.db, group.id, userId, role);
  const users = await loadUserSummaries(deps.db, deps.config.publicBaseUrl, [userId]);
  return { user: users.get(userId)!, role, joined_at: member.joined_at };
}

/** Removes a member, or the caller leaves: from now on nobody in the group sees their progress. */
export async function removeMember(deps: Deps, viewer: AuthUser, uuid: string, userId: number): Promise<void> {
  const group = await requireMembership(deps, viewer, uuid);
  const member = await requireMember(deps, group.id, userId);
  authorizeRemoval({ id: viewer.id, role: group.my_role }, { id: userId, role: member.role });
  await deps.db.transaction().execute((trx) => repo.deleteMember(trx, group.id, userId));
}
