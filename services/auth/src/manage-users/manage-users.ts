import {
  authErrorCodes,
  authErrorMessages,
  escapeRegExp,
  topics,
  UserBanned,
  UserReactivated,
  type AdminUsersQuery,
  type TokenState,
} from '@moba/contracts';
import { AppError, adminAudit, pushEvents, type Filter } from '@moba/platform';
import { at, nowIso, type AuthContext } from '../context';
import { toAdminUserItem, type Actor, type UserDoc } from '../domain/user';
import { crossScriptPattern, phoneQuery } from '../search-text';

/** POST /admin/users/all: workers and estates, searched, filtered, sorted, paged. */
export async function listUsers(ctx: AuthContext, query: AdminUsersQuery) {
  const filter: Filter = { role: query.role ? query.role : { $in: ['Worker', 'Estate'] } };
  if (query.status === 'Active') filter.banned = false;
  if (query.status === 'Banned') filter.banned = true;
  if (query.search) {
    const text = new RegExp(crossScriptPattern(query.search));
    const phone = phoneQuery(query.search);
    filter.$or = [
      { fullName: text },
      { 'estate.name': text },
      { email: text },
      ...(phone
        ? [{ phone: 'exact' in phone ? phone.exact : new RegExp(`^${escapeRegExp(phone.prefix)}`) }]
        : []),
    ];
  }
  const sort =
    query.sort === 'name'
      ? ({ nameKey: 1, registeredAt: -1 } as const)
      : ({ registeredAt: -1, nameKey: 1 } as const);
  const [total, users] = await Promise.all([
    ctx.users.count(filter),
    ctx.users.find(filter, { sort, skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
  ]);
  return { items: users.map(toAdminUserItem), total, page: query.page, pageSize: query.pageSize };
}

async function target(ctx: AuthContext, id: string): Promise<UserDoc> {
  const user = await ctx.users.findOne({ _id: id });
  if (!user) throw new AppError(authErrorCodes.USER_NOT_FOUND, authErrorMessages.USER_NOT_FOUND);
  if (user.role === 'Admin')
    throw new AppError(authErrorCodes.CANNOT_BAN_ADMIN, authErrorMessages.CANNOT_BAN_ADMIN);
  return user;
}

const labelOf = (user: UserDoc) => user.estate?.name ?? user.fullName;

/** Indefinite ban with a reason; existing tokens stop working on the next call (tokenVersion + 1). */
export async function banUser(ctx: AuthContext, admin: Actor, id: string, reason: string) {
  const user = await target(ctx, id);
  if (user.banned) throw new AppError(authErrorCodes.ALREADY_BANNED, authErrorMessages.ALREADY_BANNED);
  const tokenVersion = user.tokenVersion + 1;
  const now = nowIso(ctx);
  const updated = await ctx.users.updateOne(
    { _id: id, banned: false, tokenVersion: user.tokenVersion },
    pushEvents({ $set: { banned: true, banReason: reason, bannedAt: now, tokenVersion, updatedAt: now } }, [
      { topic: topics.auth, event: UserBanned.create(id, { userId: id, tokenVersion, reason }, at(ctx)) },
      adminAudit(
        {
          actor: admin,
          action: 'user.ban',
          target: { type: 'user', id, label: labelOf(user) },
          before: { banned: false, banReason: null },
          after: { banned: true, banReason: reason },
        },
        ctx.clock,
      ),
    ]),
  );
  if (updated === 0) throw new AppError(authErrorCodes.ALREADY_BANNED, authErrorMessages.ALREADY_BANNED);
  ctx.relay.kick();
  return { ok: true as const };
}

/**
 * Lifts a ban. The token version rises, as with every change of token state: the replicas (gateways,
 * notification, payment) take only a newer version, so a redelivered or redriven UserBanned of the
 * ban just lifted cannot ban the user again there.
 */
export async function reactivateUser(ctx: AuthContext, admin: Actor, id: string) {
  const user = await target(ctx, id);
  if (!user.banned) throw new AppError(authErrorCodes.NOT_BANNED, authErrorMessages.NOT_BANNED);
  const tokenVersion = user.tokenVersion + 1;
  const now = nowIso(ctx);
  const updated = await ctx.users.updateOne(
    { _id: id, banned: true, tokenVersion: user.tokenVersion },
    pushEvents(
      {
        $set: { banned: false, failedLogins: [], tokenVersion, updatedAt: now },
        $unset: { banReason: true, bannedAt: true },
      },
      [
        {
          topic: topics.auth,
          event: UserReactivated.create(id, { userId: id, tokenVersion }, at(ctx)),
        },
        adminAudit(
          {
            actor: admin,
            action: 'user.reactivate',
            target: { type: 'user', id, label: labelOf(user) },
            before: { banned: true, banReason: user.banReason ?? null },
            after: { banned: false, banReason: null },
          },
          ctx.clock,
        ),
      ],
    ),
  );
  if (updated === 0) throw new AppError(authErrorCodes.NOT_BANNED, authErrorMessages.NOT_BANNED);
  ctx.relay.kick();
  return { ok: true as const };
}

/** GET /internal/token-states: the gateway's replica starts from this; only these fields are read. */
export async function tokenStates(ctx: AuthContext): Promise<TokenState[]> {
  const users = await ctx.users.findFields({}, ['tokenVersion', 'banned', 'endedSessions']);
  const now = new Date().toISOString(); // token expiry runs on real time, not the dev clock
  return users.map((u) => {
    const ended = (u.endedSessions ?? []).filter((s) => s.until > now);
    return {
      userId: u._id,
      tokenVersion: u.tokenVersion,
      banned: u.banned,
      ...(ended.length ? { endedSessions: ended } : {}),
    };
  });
}
