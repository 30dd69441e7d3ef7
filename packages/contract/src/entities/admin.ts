import { type Static, Type } from '@sinclair/typebox';
import { LedgerLine } from './gold';

/** The admin area's entities (ours: the spec leaves the admin area out). */
export const AdminMember = Type.Object({
  uid: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  image1: Type.Optional(Type.String()),
  birthDate: Type.String(),
  isAdmin: Type.Boolean(),
  isModerator: Type.Boolean(),
  verified: Type.Boolean(),
  banned: Type.Boolean(),
  /** Epoch ms the ban ends; 0 until lifted by hand. */
  banUntil: Type.Integer(),
  banReason: Type.Optional(Type.String()),
  creationTime: Type.Integer(),
  lastAccess: Type.Integer(),
  reportsAbout: Type.Integer(),
  reportsBy: Type.Integer(),
});
export type AdminMember = Static<typeof AdminMember>;

/** What a report points at, drawn by the provider of its kind; unknown kinds show raw fields. */
export const ReportContext = Type.Object({
  /** 'member', 'chatLines', 'photo', 'story', ... or 'raw' when no provider knows the kind. */
  type: Type.String(),
  title: Type.Optional(Type.String()),
  image: Type.Optional(Type.String()),
  text: Type.Optional(Type.String()),
  link: Type.Optional(Type.String()),
  lines: Type.Optional(
    Type.Array(
      Type.Object({
        room: Type.String(),
        sender: Type.String(),
        message: Type.String(),
        timestamp: Type.Integer(),
        reported: Type.Boolean(),
      }),
    ),
  ),
  fields: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  /** The target is gone already (content removed, member deleted). */
  gone: Type.Optional(Type.Boolean()),
});
export type ReportContext = Static<typeof ReportContext>;

export const ModerationReport = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  itemId: Type.Optional(Type.Integer()),
  reporter: Type.Object({ uid: Type.Integer(), name: Type.String() }),
  reported: Type.Object({ uid: Type.Integer(), name: Type.String() }),
  comment: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  status: Type.String(),
  resolution: Type.Optional(Type.String()),
  creationTime: Type.Integer(),
  /** Open reports on the same target (kind, member, item): repeat targets come first. */
  targetReports: Type.Integer(),
  /** Resolutions this kind offers (ModerationAction values). */
  actions: Type.Array(Type.String()),
  context: ReportContext,
});
export type ModerationReport = Static<typeof ModerationReport>;

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  actor: Type.Object({ uid: Type.Integer(), name: Type.String() }),
  action: Type.String(),
  targetId: Type.Optional(Type.Integer()),
  targetName: Type.Optional(Type.String()),
  reportId: Type.Optional(Type.Integer()),
  kind: Type.Optional(Type.String()),
  itemId: Type.Optional(Type.Integer()),
  reason: Type.Optional(Type.String()),
  details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  creationTime: Type.Integer(),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const MemberSession = Type.Object({
  id: Type.String(),
  creationTime: Type.Integer(),
  lastSeen: Type.Integer(),
  userAgent: Type.Optional(Type.String()),
  address: Type.Optional(Type.String()),
});

export const AdminMemberDetail = Type.Object({
  member: AdminMember,
  reportsAbout: Type.Array(ModerationReport),
  reportsBy: Type.Array(ModerationReport),
  sessions: Type.Array(MemberSession),
  /** The audit log's entries about the member, newest first. */
  activity: Type.Array(AuditEntry),
  /** Their balances now and their last ledger lines, newest first. */
  balances: Type.Object({ gold: Type.Integer(), gems: Type.Integer() }),
  ledger: Type.Array(LedgerLine),
});
export type AdminMemberDetail = Static<typeof AdminMemberDetail>;

export const AdminDashboard = Type.Object({
  openReports: Type.Integer(),
  members: Type.Integer(),
  bannedMembers: Type.Integer(),
  staff: Type.Integer(),
  activeLastHour: Type.Integer(),
  signupsToday: Type.Integer(),
  actionsToday: Type.Integer(),
});
export type AdminDashboard = Static<typeof AdminDashboard>;

/** One metric's daily totals, oldest day first ('YYYY-MM-DD', UTC). */
export const DailySeries = Type.Object({
  metric: Type.String(),
  points: Type.Array(Type.Object({ day: Type.String(), value: Type.Integer() })),
});
export type DailySeries = Static<typeof DailySeries>;

export const ScriptErrorCount = Type.Object({ message: Type.String(), count: Type.Integer() });
export type ScriptErrorCount = Static<typeof ScriptErrorCount>;

/** The 75th percentile of one Core Web Vital on one page route, over the days asked for. */
export const WebVitalP75 = Type.Object({
  page: Type.String({ description: 'the route pattern, e.g. /html/index.jsp or /chat/room/:roomId' }),
  metric: Type.Union([Type.Literal('LCP'), Type.Literal('INP'), Type.Literal('CLS')]),
  p75: Type.Number({ description: 'milliseconds for LCP and INP; unitless for CLS' }),
  samples: Type.Integer(),
});
export type WebVitalP75 = Static<typeof WebVitalP75>;

export const AnalyticsConfig = Type.Object({
  errorSampleRate: Type.Number(),
  release: Type.String(),
  batchMax: Type.Integer(),
});
export type AnalyticsConfig = Static<typeof AnalyticsConfig>;
