import type { z } from 'zod';
import type * as applications from './applications';
import type * as audit from './audit';
import type * as auth from './auth';
import type * as challenges from './challenges';
import type * as clubEvents from './club-events';
import type * as hackathon from './hackathon';
import type * as images from './images';
import type * as maintenance from './maintenance';
import type * as mailTemplates from './mail-templates';
import type * as members from './members';
import type * as messages from './messages';
import type * as overview from './overview';
import type * as projects from './projects';
import type * as rounds from './rounds';
import type * as settings from './settings';
import type * as users from './users';
import type * as webhooks from './webhooks';

/*
 * The API's routes, one line each: method, path (under API_PREFIX), and the types of the path
 * parameters, body, query and answer, read from the contract's schemas. Types only: this file
 * imports no zod at run time, so the public pages can call their routes without pulling the
 * schemas into their bundle (docs/decisions/0001). The web client builds every URL from here
 * (docs/decisions/0113); a server route can adopt an entry by pairing it with its schemas.
 */

export const API_PREFIX = '/api';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The types of a route, carried by the value's type only (`types` is never set). */
export type Route<M extends Method = Method, P extends string = string, Res = unknown, Body = never, Query = never> = {
  readonly method: M;
  readonly path: P;
  readonly types?: { response: Res; body: Body; query: Query };
};

/** `'/a/:id/b/:n'` → `'id' | 'n'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Out<S extends z.ZodType> = z.output<S>;
type In<S extends z.ZodType> = z.input<S>;
/** A query string as the client writes it: any of the parsed fields, none required. */
type Query<S extends z.ZodType> = Partial<z.output<S>>;

/** `get<Answer, Query>()('/path/:id')`: the types first, then the path, whose literal type names the parameters. */
const reading =
  <M extends 'GET' | 'DELETE'>(method: M) =>
  <Res, Q = never>() =>
  <const P extends string>(path: P): Route<M, P, Res, never, Q> => ({ method, path });
const writing =
  <M extends 'POST' | 'PUT'>(method: M) =>
  <Res, Body = never, Q = never>() =>
  <const P extends string>(path: P): Route<M, P, Res, Body, Q> => ({ method, path });
const get = reading('GET');
const del = reading('DELETE');
const post = writing('POST');
const put = writing('PUT');

export const routes = {
  health: get<Out<typeof auth.healthSchema>>()('/health'),

  signIn: get<never>()('/auth/login'),
  signInCallback: get<users.User | auth.SignInWaiting, In<typeof auth.authCallbackQuerySchema>>()('/auth/callback'),
  signOut: post<void>()('/auth/logout'),
  me: get<users.User>()('/users/me'),
  setMyPreferences: put<users.User, In<typeof users.preferencesBodySchema>>()('/users/me/preferences'),

  myApplication: get<applications.MyApplication>()('/applications/me'),
  apply: post<applications.Application, applications.ApplicationForm>()('/applications'),
  withdrawApplication: post<applications.MyApplication>()('/applications/:id/withdraw'),
  updateApplication: put<applications.Application, In<typeof applications.applicationUpdateSchema>>()(
    '/applications/:id',
  ),
  applications: get<
    Out<typeof applications.adminApplicationListSchema>,
    Query<typeof applications.applicationListQuerySchema>
  >()('/admin/applications'),
  applicationsCsv: get<string, Query<typeof applications.applicationExportQuerySchema>>()(
    '/admin/applications/export.csv',
  ),
  // The board's workbench (decision 0115): the detail with votes, the queue (undefined on 204), a vote.
  application: get<applications.ApplicationDetail>()('/admin/applications/:id'),
  nextApplication: get<applications.ApplicationDetail | undefined>()('/admin/applications/next'),
  voteOnApplication: put<applications.ApplicationDetail, applications.VoteBody>()('/admin/applications/:id/vote'),
  reviewApplication: put<applications.AdminApplication, applications.Review>()('/admin/applications/:id/review'),
  undoReview: post<applications.AdminApplication>()('/admin/applications/:id/review/undo'),
  bulkReviewApplications: post<applications.BulkReviewResult, In<typeof applications.bulkReviewSchema>>()(
    '/admin/applications/bulk-review',
  ),

  // Recruitment rounds (decision 0121).
  rounds: get<Out<typeof rounds.roundListSchema>>()('/admin/rounds'),
  createRound: post<rounds.Round, rounds.RoundBody>()('/admin/rounds'),
  updateRound: put<rounds.Round, rounds.RoundUpdate>()('/admin/rounds/:id'),

  members: get<Out<typeof members.memberListSchema>, Query<typeof members.memberListQuerySchema>>()('/admin/members'),
  campuses: get<Out<typeof members.campusListSchema>>()('/admin/members/campuses'),
  member: get<members.MemberDetail>()('/admin/members/:id'),
  setMemberRole: put<users.User, In<typeof members.roleBodySchema>>()('/admin/members/:id/role'),
  setMemberBan: put<users.User, In<typeof members.banBodySchema>>()('/admin/members/:id/ban'),
  setMemberAdmin: put<users.User, In<typeof members.adminBodySchema>>()('/admin/members/:id/admin'),
  deleteMember: del<void>()('/admin/members/:id'),
  setChallengeDeadline: put<challenges.ChallengeDeadline, challenges.ChallengeDeadlineBody>()(
    '/admin/members/:id/challenge-deadline',
  ),
  assignChallenges: post<challenges.AssignedChallenges>()('/admin/members/:id/challenges'),

  auditLogs: get<Out<typeof audit.auditLogListSchema>, Query<typeof audit.auditLogQuerySchema>>()('/admin/audit-logs'),
  auditLogsCsv: get<string, Query<typeof audit.auditLogExportQuerySchema>>()('/admin/audit-logs/export.csv'),
  overview: get<overview.Overview, Query<typeof overview.overviewQuerySchema>>()('/admin/overview'),
  settings: get<Out<typeof settings.settingsResponseSchema>>()('/admin/settings'),
  saveSettings: put<Out<typeof settings.settingsResponseSchema>, In<typeof settings.settingsUpdateSchema>>()(
    '/admin/settings',
  ),
  publicSettings: get<settings.PublicSettings>()('/settings/public'),
  // A board photo or sponsor logo: the file's bytes as the body (decision 0122).
  uploadImage: post<images.UploadedImage, Blob>()('/admin/images/:kind'),

  clubEvents: get<Out<typeof clubEvents.clubEventListSchema>, Query<typeof clubEvents.clubEventListQuerySchema>>()(
    '/events',
  ),
  adminClubEvents: get<Out<typeof clubEvents.clubEventListSchema>, Query<typeof clubEvents.clubEventListQuerySchema>>()(
    '/admin/events',
  ),
  createClubEvent: post<clubEvents.ClubEvent, clubEvents.ClubEventBody>()('/admin/events'),
  updateClubEvent: put<clubEvents.ClubEvent, clubEvents.ClubEventUpdate>()('/admin/events/:id'),
  deleteClubEvent: del<void>()('/admin/events/:id'),

  catalog: get<Out<typeof challenges.challengeListSchema>, Query<typeof challenges.catalogQuerySchema>>()(
    '/challenges/catalog',
  ),
  challengeRules: get<challenges.ChallengeRules>()('/challenges/rules'),
  myChallenges: get<challenges.MyChallenges>()('/challenges/me'),
  startChallenge: post<challenges.UserChallenge>()('/challenges/:id/start'),
  submitExercise: post<challenges.UserChallenge, In<typeof challenges.exerciseSubmitSchema>>()(
    '/challenges/:id/exercise/:n/submit',
  ),
  submitChallenge: post<challenges.UserChallenge>()('/challenges/:id/submit'),
  requestMoreTime: post<challenges.ChallengeDeadline, challenges.DeadlineRequestBody>()('/challenges/deadline-request'),
  adminChallenges: get<Out<typeof challenges.challengeListSchema>, Query<typeof challenges.catalogQuerySchema>>()(
    '/challenges/admin/challenges',
  ),
  createChallenge: post<challenges.SavedChallenge, challenges.ChallengeFormInput>()('/challenges/admin/challenges'),
  updateChallenge: put<challenges.SavedChallenge, In<typeof challenges.challengeUpdateSchema>>()(
    '/challenges/admin/challenges/:id',
  ),
  deleteChallenge: del<void>()('/challenges/admin/challenges/:id'),
  submissions: get<
    Out<typeof challenges.adminUserChallengeListSchema>,
    Query<typeof challenges.userChallengeListQuerySchema>
  >()('/challenges/admin/user-challenges'),
  validateSubmission: post<challenges.AdminUserChallenge, challenges.ValidateUserChallenge>()(
    '/challenges/:id/validate',
  ),

  hackathonEvents: get<Out<typeof hackathon.eventListSchema>>()('/hackathon/events'),
  createHackathonEvent: post<hackathon.HackathonEvent, hackathon.EventBody>()('/hackathon/events'),
  updateHackathonEvent: put<hackathon.HackathonEvent, In<typeof hackathon.eventUpdateSchema>>()(
    '/hackathon/events/:id',
  ),
  deleteHackathonEvent: del<void>()('/hackathon/events/:id'),
  openHackathonEvents: get<Out<typeof hackathon.publicEventListSchema>>()('/hackathon/events/public'),
  registerForHackathon: post<hackathon.Registration, In<typeof hackathon.registerBodySchema>>()('/hackathon/register'),
  unregisterFromHackathon: del<void, Query<typeof hackathon.unregisterQuerySchema>>()('/hackathon/register'),
  myHackathon: get<hackathon.MyHackathon>()('/hackathon/me'),
  registrations: get<
    Out<typeof hackathon.registrationListSchema>,
    Query<typeof hackathon.registrationListQuerySchema>
  >()('/hackathon/registrations'),
  teams: get<Out<typeof hackathon.teamListSchema>, Query<typeof hackathon.teamListQuerySchema>>()('/hackathon/teams'),
  createTeam: post<hackathon.Team, In<typeof hackathon.teamBodySchema>>()('/hackathon/teams'),
  updateTeam: put<hackathon.Team, In<typeof hackathon.teamUpdateSchema>>()('/hackathon/teams/:id'),
  deleteTeam: del<void>()('/hackathon/teams/:id'),
  assignPreview: get<hackathon.AssignPreview>()('/hackathon/events/:id/assign-preview'),
  assignTeams: post<Out<typeof hackathon.assignResultSchema>, In<typeof hackathon.assignBodySchema>>()(
    '/hackathon/assign',
  ),

  propose: post<projects.Project, projects.ProjectFormInput>()('/projects'),
  myProjects: get<Out<typeof projects.projectListSchema>, Query<typeof projects.myProjectsQuerySchema>>()(
    '/projects/me',
  ),
  projects: get<Out<typeof projects.projectListSchema>, Query<typeof projects.projectListQuerySchema>>()(
    '/admin/projects',
  ),
  project: get<projects.Project>()('/admin/projects/:id'),
  validateProject: put<projects.Project, projects.ProjectValidation>()('/admin/projects/:id/validate'),

  myMessages: get<messages.MyMessages>()('/messages/me'),
  readMessage: put<void>()('/messages/:id/read'),
  sendMessage: post<Out<typeof messages.sentMessageSchema>, messages.MessageInput>()('/admin/messages'),
  // What the board reads before sending, and the Undo of a message (decision 0145).
  messageAudienceCount: post<Out<typeof messages.audienceCountSchema>, In<typeof messages.audiencePreviewSchema>>()(
    '/admin/messages/preview',
  ),
  undoMessage: post<void>()('/admin/messages/:id/undo'),
  sentMessages: get<Out<typeof messages.adminMessageListSchema>, Query<typeof messages.adminMessageListQuerySchema>>()(
    '/admin/messages',
  ),

  // `?locale=` names the language of the wording; English without it (docs/decisions/0128-languages.md).
  mailTemplates: get<Out<typeof mailTemplates.mailTemplateListSchema>, mailTemplates.MailTemplateQuery>()(
    '/admin/mail-templates',
  ),
  saveMailTemplate: put<mailTemplates.MailTemplate, mailTemplates.MailTemplateInput, mailTemplates.MailTemplateQuery>()(
    '/admin/mail-templates/:key',
  ),
  restoreMailTemplate: del<mailTemplates.MailTemplate, mailTemplates.MailTemplateQuery>()('/admin/mail-templates/:key'),
  previewMailTemplate: post<
    mailTemplates.MailPreview,
    mailTemplates.MailTemplateInput,
    mailTemplates.MailTemplateQuery
  >()('/admin/mail-templates/:key/preview'),

  webhooks: get<Out<typeof webhooks.webhookListSchema>>()('/admin/webhooks'),
  createWebhook: post<webhooks.CreatedWebhook, webhooks.WebhookInput>()('/admin/webhooks'),
  deleteWebhook: del<void>()('/admin/webhooks/:id'),
  webhookDeliveries: get<Out<typeof webhooks.deliveryListSchema>, Query<typeof webhooks.deliveryListQuerySchema>>()(
    '/admin/webhooks/:id/deliveries',
  ),

  expireProjects: post<maintenance.ExpiredProjectsResult>()('/admin/maintenance/expired-projects'),
  cleanUp: post<maintenance.CleanupResult>()('/admin/maintenance/cleanup'),
} as const;

export type RouteName = keyof typeof routes;
