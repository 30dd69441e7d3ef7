import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import {
  AdminDashboard,
  AdminMember,
  AdminMemberDetail,
  AuditEntry,
  DailySeries,
  ModerationReport,
  ScriptErrorCount,
  WebVitalP75,
} from '../entities/admin';
import { Id, Int, Timestamp } from '../params';

/**
 * The admin area (ours: the spec leaves it out): staff calls for the report queue, member
 * lookup, bans, roles. `staff` calls take admins and moderators; `admin` calls admins only.
 * The server checks the role on every call (docs/moderation.md).
 */
const Reason = Type.String({ minLength: 1, maxLength: 500, description: 'why; shown to the member' });

export const getDashboard = endpoint({
  area: 'admin',
  call: 'getDashboard',
  method: 'GET',
  summary: 'Staff: the dashboard’s counts',
  auth: 'staff',
  params: Type.Object({}),
  result: { name: 'AdminDashboard', schema: AdminDashboard },
});

export const findMembers = endpoint({
  area: 'admin',
  call: 'findMembers',
  method: 'GET',
  summary: 'Staff: members by id, exact email, or name prefix (any member, banned ones too)',
  auth: 'staff',
  list: { defaultLimit: 20 },
  params: Type.Object({ query: Type.String({ minLength: 1, maxLength: 120 }) }),
  result: { name: 'AdminMember', schema: AdminMember },
});

export const getMember = endpoint({
  area: 'admin',
  call: 'getMember',
  method: 'GET',
  summary: 'Staff: a member with the reports about them and by them, sessions and recent actions',
  auth: 'staff',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ userId: Id() }),
  result: { name: 'AdminMemberDetail', schema: AdminMemberDetail },
});

export const banMember = endpoint({
  area: 'admin',
  call: 'banMember',
  method: 'POST',
  summary:
    'Admins: ban with a reason for some days (0: until lifted); sessions and sockets end at once everywhere',
  auth: 'admin',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ userId: Id(), reason: Reason, days: Int(0, 3650) }),
  result: Scalars.Boolean,
});

export const unbanMember = endpoint({
  area: 'admin',
  call: 'unbanMember',
  method: 'POST',
  summary: 'Admins: lift a ban now',
  auth: 'admin',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ userId: Id() }),
  result: Scalars.Boolean,
});

export const setRole = endpoint({
  area: 'admin',
  call: 'setRole',
  method: 'POST',
  summary: 'Admins: make a member an admin, a moderator, or a plain member again',
  auth: 'admin',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({
    userId: Id(),
    role: Type.Union([Type.Literal('member'), Type.Literal('moderator'), Type.Literal('admin')]),
  }),
  result: Scalars.Boolean,
});

export const verifyMember = endpoint({
  area: 'admin',
  call: 'verifyMember',
  method: 'POST',
  summary: 'Staff: mark a member verified by hand',
  auth: 'staff',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ userId: Id() }),
  result: Scalars.Boolean,
});

export const getReports = endpoint({
  area: 'admin',
  call: 'getReports',
  method: 'GET',
  summary: 'Staff: the report queue (open: repeat targets first, then oldest; resolved: newest first)',
  auth: 'staff',
  list: { defaultLimit: 20 },
  params: Type.Object({
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('resolved')])),
    kind: Type.Optional(Type.String({ maxLength: 20 })),
  }),
  result: { name: 'ModerationReport', schema: ModerationReport },
});

export const resolveReport = endpoint({
  area: 'admin',
  call: 'resolveReport',
  method: 'POST',
  summary:
    'Staff: resolve a report and every open one on the same target; bans need an admin; reporters are told when action was taken',
  auth: 'staff',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({
    reportId: Id(),
    action: Type.Union([
      Type.Literal('dismiss'),
      Type.Literal('warn'),
      Type.Literal('remove'),
      Type.Literal('quarantine'),
      Type.Literal('gag'),
      Type.Literal('ban'),
    ]),
    reason: Type.Optional(Reason),
    days: Type.Optional(Int(0, 3650, { description: 'ban: days, 0 until lifted' })),
  }),
  result: Scalars.Boolean,
});

export const getAuditLog = endpoint({
  area: 'admin',
  call: 'getAuditLog',
  method: 'GET',
  summary: 'Staff: moderation actions, newest first (append-only)',
  auth: 'staff',
  list: { defaultLimit: 50 },
  params: Type.Object({ before: Type.Optional(Timestamp('entries older than this')) }),
  result: { name: 'AuditEntry', schema: AuditEntry },
});

const Days = Type.Optional(Int(7, 90, { description: 'how many days back, default 30' }));

export const getDailyStats = endpoint({
  area: 'admin',
  call: 'getDailyStats',
  method: 'GET',
  summary:
    'Staff: sign-ups, active members, messages, chat lines, gifts sent and gold sold per day, from daily totals',
  auth: 'staff',
  params: Type.Object({ days: Days }),
  result: { name: 'DailySeries', schema: DailySeries },
});

export const getWebVitals = endpoint({
  area: 'admin',
  call: 'getWebVitals',
  method: 'GET',
  summary: "Staff: the 75th percentile of LCP, INP and CLS per page route as members' browsers measured them",
  auth: 'staff',
  params: Type.Object({ days: Days }),
  result: { name: 'WebVitalP75', schema: WebVitalP75 },
});

export const getTopErrors = endpoint({
  area: 'admin',
  call: 'getTopErrors',
  method: 'GET',
  summary: 'Staff: the browser script errors reported most over the last days (sampled)',
  auth: 'staff',
  params: Type.Object({ days: Days }),
  result: { name: 'ScriptErrorCount', schema: ScriptErrorCount },
});
