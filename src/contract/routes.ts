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
import type * as privacy from './privacy';
import type * as projects from './projects';
import type * as rounds from './rounds';
import type * as settings from './settings';
import type * as users from './users';
import type * as webhooks from './webhooks';

/*
 * The API's routes, the one definition of each endpoint (docs/decisions/0161): method, path (under
 * API_PREFIX), operationId, who may call it and its summary, and the types of the path parameters,
 * body, query and answer, read from the contract's schemas. The server registers each route from
 * its entry, with schemas whose types must match these (plugins/endpoint.ts), and refuses an /api
 * route that is not here; the API description takes its operations from here; the authorization
 * matrix its rows. Types only: this file imports no zod at run time, so the public pages can call
 * their routes without pulling the schemas into their bundle (docs/decisions/0001). The web client
 * builds every URL from here (docs/decisions/0113).
 */

export const API_PREFIX = '/api';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route; the server puts the matching guard in front of it (plugins/endpoint.ts):
 * anyone; a signed-in user who is not banned; a club member (member or board); a judge (an admin,
 * or a signed-in user who judges at least one hackathon event: whether they judge the event at
 * hand is the handler's question, decision 0163); an admin.
 */
export const ACCESS_LEVELS = ['anyone', 'signed-in', 'member', 'judge', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** What the API description says of a route, and who may call it. */
export type RouteMeta = {
  /** The name client generators give the call: camelCase, verb first, unique and stable (decision 0111). */
  readonly operationId: string;
  readonly access: Access;
  readonly summary: string;
};

/** The types of a route, carried by the value's type only (`types` is never set). */
export type Route<
  M extends Method = Method,
  P extends string = string,
  Res = unknown,
  Body = never,
  Query = never,
> = RouteMeta & {
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

/** `get<Answer, Query>()('/path/:id', meta)`: the types first, then the path, whose literal type names the parameters. */
const reading =
  <M extends 'GET' | 'DELETE'>(method: M) =>
  <Res, Q = never>() =>
  <const P extends string>(path: P, meta: RouteMeta): Route<M, P, Res, never, Q> => ({ method, path, ...meta });
const writing =
  <M extends 'POST' | 'PUT' | 'DELETE'>(method: M) =>
  <Res, Body = never, Q = never>() =>
  <const P extends string>(path: P, meta: RouteMeta): Route<M, P, Res, Body, Q> => ({ method, path, ...meta });
const get = reading('GET');
const del = reading('DELETE');
const post = writing('POST');
const put = writing('PUT');
/** A DELETE that takes a body (a confirmation). */
const delWith = writing('DELETE');

export const routes = {
  health: get<Out<typeof auth.healthSchema>>()('/health', {
    operationId: 'getHealth',
    access: 'anyone',
    summary: 'Check the server and its database',
  }),

  signIn: get<never>()('/auth/login', {
    operationId: 'startSignIn',
    access: 'anyone',
    summary: 'Start the sign-in (302 to the 42 intra)',
  }),
  signInCallback: get<users.User | auth.SignInWaiting, In<typeof auth.authCallbackQuerySchema>>()('/auth/callback', {
    operationId: 'finishSignIn',
    access: 'anyone',
    summary: 'Finish the sign-in and open a session',
  }),
  signOut: post<void>()('/auth/logout', { operationId: 'signOut', access: 'anyone', summary: 'Sign out' }),
  me: get<users.Me>()('/users/me', {
    operationId: 'getCurrentUser',
    access: 'signed-in',
    summary: 'The signed-in user',
  }),
  setMyPreferences: put<users.User, In<typeof users.preferencesBodySchema>>()('/users/me/preferences', {
    operationId: 'setMyPreferences',
    access: 'signed-in',
    summary: "Save the signed-in user's language",
  }),
  eraseMyAccount: delWith<void, In<typeof privacy.eraseMyAccountBodySchema>>()('/users/me', {
    operationId: 'eraseMyAccount',
    access: 'signed-in',
    summary: 'Erase my account, confirmed by my login (204)',
  }),
  exportMyData: get<privacy.MyData>()('/users/me/export', {
    operationId: 'exportMyData',
    access: 'signed-in',
    summary: 'Download a copy of everything the app holds about me (a JSON attachment, one a minute)',
  }),

  myApplication: get<applications.MyApplication>()('/applications/me', {
    operationId: 'getMyApplication',
    access: 'signed-in',
    summary: 'My application and journey step',
  }),
  apply: post<applications.Application, applications.ApplicationForm>()('/applications', {
    operationId: 'submitApplication',
    access: 'signed-in',
    summary: 'Apply',
  }),
  withdrawApplication: post<applications.MyApplication>()('/applications/:id/withdraw', {
    operationId: 'withdrawMyApplication',
    access: 'signed-in',
    summary: 'Withdraw my pending application (I may apply again in a later round)',
  }),
  updateApplication: put<applications.Application, In<typeof applications.applicationUpdateSchema>>()(
    '/applications/:id',
    { operationId: 'updateMyApplication', access: 'signed-in', summary: 'Edit my pending application' },
  ),
  applications: get<
    Out<typeof applications.adminApplicationListSchema>,
    Query<typeof applications.applicationListQuerySchema>
  >()('/admin/applications', { operationId: 'listAdminApplications', access: 'admin', summary: 'List applications' }),
  applicationsCsv: get<string, Query<typeof applications.applicationExportQuerySchema>>()(
    '/admin/applications/export.csv',
    {
      operationId: 'exportApplicationsCsv',
      access: 'admin',
      summary: 'Export the applications the filters select as CSV',
    },
  ),
  // The board's workbench (decision 0115): the detail with votes, the queue (undefined on 204), a vote.
  application: get<applications.ApplicationDetail>()('/admin/applications/:id', {
    operationId: 'getAdminApplication',
    access: 'admin',
    summary: 'One application with the votes and tally',
  }),
  nextApplication: get<applications.ApplicationDetail | undefined>()('/admin/applications/next', {
    operationId: 'getNextApplicationToReview',
    access: 'admin',
    summary: 'The open application you have not voted on with the fewest votes (204: none left)',
  }),
  voteOnApplication: put<applications.ApplicationDetail, applications.VoteBody>()('/admin/applications/:id/vote', {
    operationId: 'voteOnApplication',
    access: 'admin',
    summary: "Cast or replace one's vote on the open decision",
  }),
  reviewApplication: put<applications.AdminApplication, applications.Review>()('/admin/applications/:id/review', {
    operationId: 'reviewApplication',
    access: 'admin',
    summary: 'Approve or decline an application',
  }),
  undoReview: post<applications.AdminApplication>()('/admin/applications/:id/review/undo', {
    operationId: 'undoApplicationReview',
    access: 'admin',
    summary: 'Undo your decision on an application within seconds of it',
  }),
  bulkReviewApplications: post<applications.BulkReviewResult, In<typeof applications.bulkReviewSchema>>()(
    '/admin/applications/bulk-review',
    { operationId: 'bulkReviewApplications', access: 'admin', summary: 'Review several applications at once' },
  ),

  // Recruitment rounds (decision 0121).
  rounds: get<Out<typeof rounds.roundListSchema>>()('/admin/rounds', {
    operationId: 'listRounds',
    access: 'admin',
    summary: 'The recruitment rounds, the latest first',
  }),
  createRound: post<rounds.Round, rounds.RoundBody>()('/admin/rounds', {
    operationId: 'createRound',
    access: 'admin',
    summary: 'Open a recruitment round (rounds never overlap)',
  }),
  updateRound: put<rounds.Round, rounds.RoundUpdate>()('/admin/rounds/:id', {
    operationId: 'updateRound',
    access: 'admin',
    summary: 'Rename, move or close a recruitment round',
  }),

  members: get<Out<typeof members.memberListSchema>, Query<typeof members.memberListQuerySchema>>()('/admin/members', {
    operationId: 'listMembers',
    access: 'admin',
    summary: 'List users',
  }),
  campuses: get<Out<typeof members.campusListSchema>>()('/admin/members/campuses', {
    operationId: 'listCampuses',
    access: 'admin',
    summary: "The campuses of the club's users, for the users filter",
  }),
  member: get<members.MemberDetail>()('/admin/members/:id', {
    operationId: 'getMember',
    access: 'admin',
    summary: 'One user with activity, applications and journey',
  }),
  setMemberRole: put<users.User, In<typeof members.roleBodySchema>>()('/admin/members/:id/role', {
    operationId: 'setMemberRole',
    access: 'admin',
    summary: "Change a user's role (member = final approval)",
  }),
  setMemberBan: put<users.User, In<typeof members.banBodySchema>>()('/admin/members/:id/ban', {
    operationId: 'setMemberBan',
    access: 'admin',
    summary: 'Ban or unban a user',
  }),
  setMemberAdmin: put<users.User, In<typeof members.adminBodySchema>>()('/admin/members/:id/admin', {
    operationId: 'setMemberAdmin',
    access: 'admin',
    summary: 'Grant or remove admin rights',
  }),
  deleteMember: del<void>()('/admin/members/:id', {
    operationId: 'deleteMember',
    access: 'admin',
    summary: 'Erase a user: what names them goes, the club\'s records stay under "deleted user" (204)',
  }),
  setChallengeDeadline: put<challenges.ChallengeDeadline, challenges.ChallengeDeadlineBody>()(
    '/admin/members/:id/challenge-deadline',
    {
      operationId: 'setChallengeDeadline',
      access: 'admin',
      summary: "Set a candidate's challenge deadline (null: the default rule)",
    },
  ),
  assignChallenges: post<challenges.AssignedChallenges>()('/admin/members/:id/challenges', {
    operationId: 'assignChallenges',
    access: 'admin',
    summary: 'Give a candidate at step 1 the active challenges they lack, up to the number required',
  }),

  auditLogs: get<Out<typeof audit.auditLogListSchema>, Query<typeof audit.auditLogQuerySchema>>()('/admin/audit-logs', {
    operationId: 'listAuditLogs',
    access: 'admin',
    summary: 'List audit entries',
  }),
  auditLogsCsv: get<string, Query<typeof audit.auditLogExportQuerySchema>>()('/admin/audit-logs/export.csv', {
    operationId: 'exportAuditLogsCsv',
    access: 'admin',
    summary: 'Export the audit entries the filters select as CSV',
  }),
  overview: get<overview.Overview, Query<typeof overview.overviewQuerySchema>>()('/admin/overview', {
    operationId: 'getOverview',
    access: 'admin',
    summary: 'Recruitment funnel, weekly applications, turnaround and pending work',
  }),
  settings: get<Out<typeof settings.settingsResponseSchema>>()('/admin/settings', {
    operationId: 'getSettings',
    access: 'admin',
    summary: 'Read the settings',
  }),
  saveSettings: put<Out<typeof settings.settingsResponseSchema>, In<typeof settings.settingsUpdateSchema>>()(
    '/admin/settings',
    { operationId: 'updateSettings', access: 'admin', summary: 'Change settings' },
  ),
  publicSettings: get<settings.PublicSettings>()('/settings/public', {
    operationId: 'getPublicSettings',
    access: 'anyone',
    summary: "The club's public content",
  }),
  // A board photo or sponsor logo: the file's bytes as the body (decision 0122).
  uploadImage: post<images.UploadedImage, Blob>()('/admin/images/:kind', {
    operationId: 'uploadImage',
    access: 'admin',
    summary: 'Upload a board photo or sponsor logo (PNG, JPEG or WebP, 2 MB at most), stored as WebP',
  }),

  clubEvents: get<Out<typeof clubEvents.clubEventListSchema>, Query<typeof clubEvents.clubEventListQuerySchema>>()(
    '/events',
    { operationId: 'listUpcomingClubEvents', access: 'anyone', summary: 'Upcoming club events' },
  ),
  adminClubEvents: get<Out<typeof clubEvents.clubEventListSchema>, Query<typeof clubEvents.clubEventListQuerySchema>>()(
    '/admin/events',
    { operationId: 'listClubEvents', access: 'admin', summary: 'List club events' },
  ),
  createClubEvent: post<clubEvents.ClubEvent, clubEvents.ClubEventBody>()('/admin/events', {
    operationId: 'createClubEvent',
    access: 'admin',
    summary: 'Create a club event',
  }),
  updateClubEvent: put<clubEvents.ClubEvent, clubEvents.ClubEventUpdate>()('/admin/events/:id', {
    operationId: 'updateClubEvent',
    access: 'admin',
    summary: 'Edit a club event',
  }),
  deleteClubEvent: del<void>()('/admin/events/:id', {
    operationId: 'deleteClubEvent',
    access: 'admin',
    summary: 'Delete a club event',
  }),

  catalog: get<Out<typeof challenges.challengeListSchema>, Query<typeof challenges.catalogQuerySchema>>()(
    '/challenges/catalog',
    { operationId: 'listChallengeCatalog', access: 'signed-in', summary: 'Active challenges' },
  ),
  challengeRules: get<challenges.ChallengeRules>()('/challenges/rules', {
    operationId: 'getChallengeRules',
    access: 'signed-in',
    summary: 'The rules that govern challenges',
  }),
  myChallenges: get<challenges.MyChallenges>()('/challenges/me', {
    operationId: 'getMyChallenges',
    access: 'signed-in',
    summary: 'My challenges, deadline and progress',
  }),
  startChallenge: post<challenges.UserChallenge>()('/challenges/:id/start', {
    operationId: 'startChallenge',
    access: 'signed-in',
    summary: 'Start a challenge',
  }),
  submitExercise: post<challenges.UserChallenge, In<typeof challenges.exerciseSubmitSchema>>()(
    '/challenges/:id/exercise/:n/submit',
    { operationId: 'submitExercise', access: 'signed-in', summary: 'Send the Tinkercad link of an exercise' },
  ),
  submitChallenge: post<challenges.UserChallenge>()('/challenges/:id/submit', {
    operationId: 'submitChallenge',
    access: 'signed-in',
    summary: 'Submit a challenge for review',
  }),
  requestMoreTime: post<challenges.ChallengeDeadline, challenges.DeadlineRequestBody>()(
    '/challenges/deadline-request',
    {
      operationId: 'requestMoreTime',
      access: 'signed-in',
      summary: 'Ask the board for more time, once, past the deadline',
    },
  ),
  adminChallenges: get<Out<typeof challenges.challengeListSchema>, Query<typeof challenges.catalogQuerySchema>>()(
    '/challenges/admin/challenges',
    { operationId: 'listAdminChallenges', access: 'admin', summary: 'List the catalog' },
  ),
  createChallenge: post<challenges.SavedChallenge, challenges.ChallengeFormInput>()('/challenges/admin/challenges', {
    operationId: 'createChallenge',
    access: 'admin',
    summary: 'Add a challenge',
  }),
  updateChallenge: put<challenges.SavedChallenge, In<typeof challenges.challengeUpdateSchema>>()(
    '/challenges/admin/challenges/:id',
    { operationId: 'updateChallenge', access: 'admin', summary: 'Edit a challenge' },
  ),
  deleteChallenge: del<void>()('/challenges/admin/challenges/:id', {
    operationId: 'deleteChallenge',
    access: 'admin',
    summary: 'Delete a challenge',
  }),
  submissions: get<
    Out<typeof challenges.adminUserChallengeListSchema>,
    Query<typeof challenges.userChallengeListQuerySchema>
  >()('/challenges/admin/user-challenges', {
    operationId: 'listChallengeSubmissions',
    access: 'admin',
    summary: 'Submissions (filter by status)',
  }),
  validateSubmission: post<challenges.AdminUserChallenge, challenges.ValidateUserChallenge>()(
    '/challenges/:id/validate',
    { operationId: 'validateChallenge', access: 'admin', summary: 'Validate or decline a submitted challenge' },
  ),

  hackathonEvents: get<Out<typeof hackathon.eventListSchema>>()('/hackathon/events', {
    operationId: 'listHackathonEvents',
    access: 'admin',
    summary: 'List events',
  }),
  createHackathonEvent: post<hackathon.HackathonEvent, hackathon.EventBody>()('/hackathon/events', {
    operationId: 'createHackathonEvent',
    access: 'admin',
    summary: 'Create an event',
  }),
  updateHackathonEvent: put<hackathon.HackathonEvent, In<typeof hackathon.eventUpdateSchema>>()(
    '/hackathon/events/:id',
    { operationId: 'updateHackathonEvent', access: 'admin', summary: 'Edit an event' },
  ),
  deleteHackathonEvent: del<void>()('/hackathon/events/:id', {
    operationId: 'deleteHackathonEvent',
    access: 'admin',
    summary: 'Delete an event',
  }),
  openHackathonEvents: get<Out<typeof hackathon.publicEventListSchema>>()('/hackathon/events/public', {
    operationId: 'listOpenHackathonEvents',
    access: 'signed-in',
    summary: 'Events open to candidates',
  }),
  registerForHackathon: post<hackathon.Registration, In<typeof hackathon.registerBodySchema>>()('/hackathon/register', {
    operationId: 'registerForHackathon',
    access: 'signed-in',
    summary: 'Register for an event',
  }),
  unregisterFromHackathon: del<void, Query<typeof hackathon.unregisterQuerySchema>>()('/hackathon/register', {
    operationId: 'unregisterFromHackathon',
    access: 'signed-in',
    summary: 'Unregister from an event',
  }),
  myHackathon: get<hackathon.MyHackathon>()('/hackathon/me', {
    operationId: 'getMyHackathon',
    access: 'signed-in',
    summary: 'My registrations and team',
  }),
  registrations: get<
    Out<typeof hackathon.registrationListSchema>,
    Query<typeof hackathon.registrationListQuerySchema>
  >()('/hackathon/registrations', {
    operationId: 'listHackathonRegistrations',
    access: 'admin',
    summary: 'List registrations',
  }),
  teams: get<Out<typeof hackathon.teamListSchema>, Query<typeof hackathon.teamListQuerySchema>>()('/hackathon/teams', {
    operationId: 'listHackathonTeams',
    access: 'admin',
    summary: 'List teams',
  }),
  createTeam: post<hackathon.Team, In<typeof hackathon.teamBodySchema>>()('/hackathon/teams', {
    operationId: 'createHackathonTeam',
    access: 'admin',
    summary: 'Create a team',
  }),
  updateTeam: put<hackathon.Team, In<typeof hackathon.teamUpdateSchema>>()('/hackathon/teams/:id', {
    operationId: 'updateHackathonTeam',
    access: 'admin',
    summary: 'Edit a team (name, members, hackathon XP)',
  }),
  deleteTeam: del<void>()('/hackathon/teams/:id', {
    operationId: 'deleteHackathonTeam',
    access: 'admin',
    summary: 'Delete a team',
  }),
  seatTeamMember: put<hackathon.TeamSeat>()('/hackathon/teams/:id/members/:user_id', {
    operationId: 'seatHackathonTeamMember',
    access: 'admin',
    summary: 'Seat a registrant of the event in a team, moving them out of their other team of it',
  }),
  unseatTeamMember: del<hackathon.Team>()('/hackathon/teams/:id/members/:user_id', {
    operationId: 'unseatHackathonTeamMember',
    access: 'admin',
    summary: 'Take a member out of a team: their registration waits again',
  }),
  assignPreview: get<hackathon.AssignPreview, Query<typeof hackathon.assignPreviewQuerySchema>>()(
    '/hackathon/events/:id/assign-preview',
    {
      operationId: 'previewHackathonAssignment',
      access: 'admin',
      summary: 'What auto-assign would do now: the people waiting, the teams, who stays pending',
    },
  ),
  assignTeams: post<Out<typeof hackathon.assignResultSchema>, In<typeof hackathon.assignBodySchema>>()(
    '/hackathon/assign',
    {
      operationId: 'assignHackathonTeams',
      access: 'admin',
      summary: 'Form teams of the pending registrants at random (of those checked in only, if asked)',
    },
  ),
  hackathonJudges: get<Out<typeof hackathon.judgeListSchema>>()('/hackathon/events/:id/judges', {
    operationId: 'listHackathonJudges',
    access: 'admin',
    summary: "An event's judges",
  }),
  setHackathonJudges: put<Out<typeof hackathon.judgeListSchema>, In<typeof hackathon.judgesBodySchema>>()(
    '/hackathon/events/:id/judges',
    { operationId: 'setHackathonJudges', access: 'admin', summary: "Name an event's judges (replaces the list)" },
  ),
  judgingEvents: get<Out<typeof hackathon.judgingEventListSchema>>()('/hackathon/judging/events', {
    operationId: 'listJudgingEvents',
    access: 'judge',
    summary: 'The events the caller judges, with their check-in counts (every event for an admin)',
  }),
  checkIn: post<hackathon.CheckIn, In<typeof hackathon.checkInBodySchema>>()('/hackathon/events/:id/check-in', {
    operationId: 'checkInHackathonRegistrant',
    access: 'judge',
    summary: 'Check a registrant in at the door by their code (an admin or a judge of the event)',
  }),
  undoCheckIn: del<void>()('/hackathon/events/:id/check-in/:registration_id', {
    operationId: 'undoHackathonCheckIn',
    access: 'judge',
    summary: 'Undo a check-in (an admin or a judge of the event)',
  }),
  saveTeamProject: put<hackathon.TeamProject, hackathon.TeamProjectBody>()('/hackathon/teams/:id/project', {
    operationId: 'saveHackathonTeamProject',
    access: 'signed-in',
    summary: "Write the team's project (a member of the team, from the event's start to its end plus the grace period)",
  }),
  hackathonRubric: get<hackathon.Rubric>()('/hackathon/events/:id/rubric', {
    operationId: 'getHackathonRubric',
    access: 'judge',
    summary: "An event's judging criteria (an admin or a judge of the event)",
  }),
  setHackathonRubric: put<hackathon.Rubric, In<typeof hackathon.rubricBodySchema>>()('/hackathon/events/:id/rubric', {
    operationId: 'setHackathonRubric',
    access: 'admin',
    summary: "Set an event's judging criteria (until its first score)",
  }),
  scoreHackathonTeam: put<hackathon.Score, In<typeof hackathon.scoreBodySchema>>()('/hackathon/teams/:id/score', {
    operationId: 'scoreHackathonTeam',
    access: 'judge',
    summary:
      "Score a team (a judge of its event, after the end, until the results are published); replaces the judge's own",
  }),
  hackathonJudging: get<hackathon.Judging>()('/hackathon/events/:id/judging', {
    operationId: 'getHackathonJudging',
    access: 'judge',
    summary: "An event's teams, projects and scores, for the asking judge (or an admin)",
  }),
  hackathonResults: get<hackathon.HackathonResults>()('/hackathon/events/:id/results', {
    operationId: 'getHackathonResults',
    access: 'admin',
    summary:
      "An event's results: the teams ranked with their scores, XP and per-criterion means, and each judge's mean",
  }),
  publishHackathonResults: post<hackathon.HackathonResults>()('/hackathon/events/:id/results/publish', {
    operationId: 'publishHackathonResults',
    access: 'admin',
    summary:
      "Publish an event's results: sets every scored team's XP, emails the members, opens the results to the teams",
  }),

  propose: post<projects.Project, projects.ProjectFormInput>()('/projects', {
    operationId: 'proposeProject',
    access: 'member',
    summary: 'Propose a club project',
  }),
  myProjects: get<Out<typeof projects.projectListSchema>, Query<typeof projects.myProjectsQuerySchema>>()(
    '/projects/me',
    { operationId: 'listMyProjects', access: 'member', summary: 'My club projects' },
  ),
  projects: get<Out<typeof projects.projectListSchema>, Query<typeof projects.projectListQuerySchema>>()(
    '/admin/projects',
    { operationId: 'listAdminProjects', access: 'admin', summary: 'List club projects' },
  ),
  project: get<projects.Project>()('/admin/projects/:id', {
    operationId: 'getAdminProject',
    access: 'admin',
    summary: 'One club project',
  }),
  validateProject: put<projects.Project, projects.ProjectValidation>()('/admin/projects/:id/validate', {
    operationId: 'validateProject',
    access: 'admin',
    summary: 'Approve or reject a club project',
  }),

  myMessages: get<messages.MyMessages>()('/messages/me', {
    operationId: 'listMyMessages',
    access: 'signed-in',
    summary: 'My messages from the board, newest first, with the unread count',
  }),
  readMessage: put<void>()('/messages/:id/read', {
    operationId: 'markMessageRead',
    access: 'signed-in',
    summary: 'Mark one of my messages read',
  }),
  sendMessage: post<Out<typeof messages.sentMessageSchema>, messages.MessageInput>()('/admin/messages', {
    operationId: 'sendMessage',
    access: 'admin',
    summary: 'Write to a group of candidates (in the app and by email)',
  }),
  // What the board reads before sending, and the Undo of a message (decision 0145).
  messageAudienceCount: post<Out<typeof messages.audienceCountSchema>, In<typeof messages.audiencePreviewSchema>>()(
    '/admin/messages/preview',
    {
      operationId: 'countMessageAudience',
      access: 'admin',
      summary: 'How many people an audience names now, before sending',
    },
  ),
  undoMessage: post<void>()('/admin/messages/:id/undo', {
    operationId: 'undoMessage',
    access: 'admin',
    summary: 'Take back my message within seconds of sending it: its emails never leave',
  }),
  sentMessages: get<Out<typeof messages.adminMessageListSchema>, Query<typeof messages.adminMessageListQuerySchema>>()(
    '/admin/messages',
    { operationId: 'listSentMessages', access: 'admin', summary: 'The messages the board has sent' },
  ),

  // `?locale=` names the language of the wording; English without it (docs/decisions/0128-languages.md).
  mailTemplates: get<Out<typeof mailTemplates.mailTemplateListSchema>, mailTemplates.MailTemplateQuery>()(
    '/admin/mail-templates',
    {
      operationId: 'listMailTemplates',
      access: 'admin',
      summary:
        'Every notification email: its wording in force in a language (?locale=, English by default) and the placeholders it knows',
    },
  ),
  saveMailTemplate: put<mailTemplates.MailTemplate, mailTemplates.MailTemplateInput, mailTemplates.MailTemplateQuery>()(
    '/admin/mail-templates/:key',
    {
      operationId: 'saveMailTemplate',
      access: 'admin',
      summary: "Save the board's wording of a notification email in a language (?locale=, English by default)",
    },
  ),
  restoreMailTemplate: del<mailTemplates.MailTemplate, mailTemplates.MailTemplateQuery>()(
    '/admin/mail-templates/:key',
    {
      operationId: 'restoreMailTemplate',
      access: 'admin',
      summary: 'Put the default wording of an email back in a language (?locale=, English by default)',
    },
  ),
  previewMailTemplate: post<
    mailTemplates.MailPreview,
    mailTemplates.MailTemplateInput,
    mailTemplates.MailTemplateQuery
  >()('/admin/mail-templates/:key/preview', {
    operationId: 'previewMailTemplate',
    access: 'admin',
    summary:
      'Render a wording for a sample candidate reading its language (?locale=), as it would be sent (nothing saved)',
  }),

  webhooks: get<Out<typeof webhooks.webhookListSchema>>()('/admin/webhooks', {
    operationId: 'listWebhooks',
    access: 'admin',
    summary: "The board's webhooks",
  }),
  createWebhook: post<webhooks.CreatedWebhook, webhooks.WebhookInput>()('/admin/webhooks', {
    operationId: 'createWebhook',
    access: 'admin',
    summary: 'Add a webhook (its signing secret is shown once)',
  }),
  deleteWebhook: del<void>()('/admin/webhooks/:id', {
    operationId: 'deleteWebhook',
    access: 'admin',
    summary: 'Delete a webhook and its deliveries',
  }),
  webhookDeliveries: get<Out<typeof webhooks.deliveryListSchema>, Query<typeof webhooks.deliveryListQuerySchema>>()(
    '/admin/webhooks/:id/deliveries',
    { operationId: 'listWebhookDeliveries', access: 'admin', summary: "A webhook's deliveries and each attempt" },
  ),

  expireProjects: post<maintenance.ExpiredProjectsResult>()('/admin/maintenance/expired-projects', {
    operationId: 'expireOverdueProjects',
    access: 'admin',
    summary: 'Mark approved projects past their deadline expired',
  }),
  cleanUp: post<maintenance.CleanupResult>()('/admin/maintenance/cleanup', {
    operationId: 'cleanUpExpiredSessions',
    access: 'admin',
    summary: 'Delete expired sessions and sign-in states',
  }),
  retentionPreview: get<maintenance.RetentionPreview, Query<typeof maintenance.retentionPreviewQuerySchema>>()(
    '/admin/maintenance/retention',
    {
      operationId: 'previewRetention',
      access: 'admin',
      summary:
        'How many accounts a retention period of ?months= (default: the saved one) would erase at the next hourly run',
    },
  ),
  runRetention: post<maintenance.RetentionResult>()('/admin/maintenance/retention', {
    operationId: 'runRetention',
    access: 'admin',
    summary: 'Erase now the accounts past the saved retention period (decisions §15)',
  }),
} as const;

export type RouteName = keyof typeof routes;
