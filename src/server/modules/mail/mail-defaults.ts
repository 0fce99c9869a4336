import type { MailPlaceholder, MailTemplateKey } from '../../../contract/mail-templates';
import type { Locale } from '../../../contract/locales';
import type { Sentence } from '../../../contract/i18n';
import { say } from '../../../contract/i18n';
import { ARABIC_TEMPLATES } from './mail-defaults-ar';
import { FRENCH_TEMPLATES } from './mail-defaults-fr';
import { formatPercent } from './mail-templates';

export type MailDefaults = Record<MailTemplateKey, { subject: string; body: string }>;

/**
 * The club's own wording of each notification in English: what is sent until the board saves its
 * version, and what "Restore default" brings back (docs/decisions/0120-mail-templates.md); French
 * and Arabic in mail-defaults-fr.ts and mail-defaults-ar.ts (decision 0128). A link alone
 * on its line is the mail's button; `  > {{...}}` keeps the board's words in a quote box, and
 * `  - {{teammates}}` makes one list item per line of the value.
 */
export const DEFAULT_TEMPLATES: MailDefaults = {
  application_received: {
    subject: 'We received your application',
    body: `# Thank you for applying, {{name}}!

Your application to the 1337 Robotics Club has arrived. The board reviews applications within 3-5 business days, and we will email you its decision.

Until then you can still edit your application from your tracker.

[Open your application tracker]({{app_url}}/apply)`,
  },

  application_approved: {
    subject: 'Your application is approved: the challenges begin',
    body: `# Welcome to the challenges, {{name}}!

Good news: the board approved your application to the 1337 Robotics Club.

{{#challenge_count}}
Your next step is the Tinkercad challenges (published so far: {{challenge_count}}). Each has up to four exercises worth 25 XP each; submit a challenge for review when its exercises are done.
{{/challenge_count}}
{{^challenge_count}}
Your next step is the Tinkercad challenges: they will appear on your tracker as soon as the board publishes them.
{{/challenge_count}}

{{#deadline}}
Complete them by {{deadline}}.
{{/deadline}}

{{#review_notes}}
A note from the board:
  > {{review_notes}}
{{/review_notes}}

[See your challenges]({{app_url}}/apply)`,
  },

  application_declined: {
    subject: 'About your application to the 1337 Robotics Club',
    body: `# Thank you for applying, {{name}}

The board has read your application and decided not to move forward with it this time.

{{#review_notes}}
A note from the board:
  > {{review_notes}}
{{/review_notes}}

This is no judgement of what you can become: keep building, keep learning, and keep an eye on the club’s public events.

[Open your application tracker]({{app_url}}/apply)`,
  },

  final_declined: {
    subject: 'The board’s final decision',
    body: `# Thank you for everything you built, {{name}}

You completed the challenges and the hackathon, and the board has now made its final review. We are sorry to tell you that you have not been selected as a member of the 1337 Robotics Club this time.

{{#review_notes}}
A note from the board:
  > {{review_notes}}
{{/review_notes}}

The skills you showed in the challenges and at the hackathon are yours to keep. We hope to see you at the club’s public events.

[Open your application tracker]({{app_url}}/apply)`,
  },

  challenge_validated: {
    subject: 'Challenge validated: {{challenge_title}}',
    body: `# Well done, {{name}}!

The board validated your challenge “{{challenge_title}}” and awarded you {{xp}} XP.

{{#feedback}}
Feedback from the board:
  > {{feedback}}
{{/feedback}}

Once all your challenges are validated, the hackathon is next.

[See your progress]({{app_url}}/apply)`,
  },

  challenge_declined: {
    subject: 'Your challenge needs another try: {{challenge_title}}',
    body: `# Not quite there yet, {{name}}

The board reviewed your challenge “{{challenge_title}}” and declined it for now.

{{#feedback}}
Feedback from the board:
  > {{feedback}}
{{/feedback}}

Start the challenge again from your tracker, fix what the feedback points out, and submit it for review before your deadline. Your links and exercises are kept.

[Open your challenges]({{app_url}}/apply)`,
  },

  team_assigned: {
    subject: 'Your hackathon team: {{team_name}}',
    body: `# You are in {{team_name}}, {{name}}!

You have been placed in {{team_name}} for {{event_name}}, which starts on {{event_start}}{{#event_location}} at {{event_location}}{{/event_location}}.

{{#teammates}}
Your teammates:
  - {{teammates}}
{{/teammates}}
{{^teammates}}
You are the only member of the team so far: the board may add teammates later.
{{/teammates}}

The hackathon lasts 24 hours; senior and board members judge the projects. See you there!

[See your team]({{app_url}}/apply)`,
  },

  hackathon_results: {
    subject: 'Your hackathon results: {{team_score}}, {{team_xp}} XP',
    body: `# The results of {{event_name}} are out, {{name}}

The judges scored your team, {{team_name}}: **{{team_score}}**, which gives each member of the team **{{team_xp}} XP**.

Your tracker shows the score for each criterion and the judges’ comments.

[See your results]({{app_url}}/apply)`,
  },

  welcome: {
    subject: 'Welcome to the 1337 Robotics Club!',
    body: `# Congratulations, {{name}}!

The board has approved you: you are now a member of the 1337 Robotics Club.

Thank you for the work you put into the challenges and the hackathon. The board will get in touch about your first club projects and meetings.

[Open the club app]({{app_url}}/apply)`,
  },

  deadline_changed: {
    subject: 'Your challenge deadline has changed',
    body: `# More time for your challenges, {{name}}

The board has set a new deadline for your challenges: {{deadline}}.

Everything you have done so far is kept. Start or finish your challenges and submit them for review before then.

[Open your challenges]({{app_url}}/apply)`,
  },
};

const DEFAULTS: Record<Locale, MailDefaults> = { en: DEFAULT_TEMPLATES, fr: FRENCH_TEMPLATES, ar: ARABIC_TEMPLATES };

/** The club's default wording of a notification in a language. */
export const defaultTemplate = (key: MailTemplateKey, locale: Locale) => DEFAULTS[locale][key];

// What the sample candidate's mail says in the board's place: read in the language previewed.
const SAMPLE_NOTES: Sentence =
  /*i18n*/ 'Your motivation stood out. Bring the line follower you described to the hackathon!';
const SAMPLE_CHALLENGE: Sentence = /*i18n*/ 'Blinking LED';
const SAMPLE_FEEDBACK: Sentence = /*i18n*/ 'Neat wiring. Next time, put a resistor before the LED.';
const SAMPLE_TEAM: Sentence = /*i18n*/ 'The Soldering Irons';
const SAMPLE_EVENT: Sentence = /*i18n*/ 'Spring Hackathon';
const SAMPLE_PLACE: Sentence = /*i18n*/ 'Lab 2';

/**
 * The sample candidate of the preview: a value for every placeholder, beside the real `app_url`,
 * in the language Lingui speaks when it is called (the preview renders inside `speaking`).
 */
export function sampleValues(now: Date, formatMoment: (iso: string) => string): Record<MailPlaceholder, string> {
  const DAY = 24 * 3600_000;
  return {
    name: 'Amina',
    app_url: '',
    review_notes: say(SAMPLE_NOTES),
    challenge_count: '3',
    deadline: formatMoment(new Date(now.getTime() + 28 * DAY).toISOString()),
    challenge_title: say(SAMPLE_CHALLENGE),
    xp: '90',
    feedback: say(SAMPLE_FEEDBACK),
    team_name: say(SAMPLE_TEAM),
    team_score: formatPercent(0.7625),
    team_xp: '153',
    event_name: say(SAMPLE_EVENT),
    event_start: formatMoment(new Date(now.getTime() + 14 * DAY).toISOString()),
    event_location: say(SAMPLE_PLACE),
    teammates: 'sbennani\nyalaoui',
  };
}
