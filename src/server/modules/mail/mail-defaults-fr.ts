/* eslint-disable no-irregular-whitespace -- French typography: a narrow no-break space (U+202F) before : ; ! ? and inside « » */
import type { MailDefaults } from './mail-defaults';

/** The club's default wording in French (docs/decisions/0128-languages.md): same placeholders and layout as the English. */
export const FRENCH_TEMPLATES: MailDefaults = {
  application_received: {
    subject: 'Nous avons bien reçu votre candidature',
    body: `# Merci pour votre candidature, {{name}} !

Votre candidature au 1337 Robotics Club nous est bien parvenue. Le bureau examine les candidatures sous 3 à 5 jours ouvrés et vous enverra sa décision par e-mail.

D’ici là, vous pouvez encore modifier votre candidature depuis votre suivi.

[Ouvrir le suivi de votre candidature]({{app_url}}/apply)`,
  },

  application_approved: {
    subject: 'Votre candidature est acceptée : place aux défis',
    body: `# Bienvenue dans les défis, {{name}} !

Bonne nouvelle : le bureau a accepté votre candidature au 1337 Robotics Club.

{{#challenge_count}}
Prochaine étape : les défis Tinkercad (publiés à ce jour : {{challenge_count}}). Chacun compte jusqu’à quatre exercices de 25 XP ; soumettez un défi pour examen une fois ses exercices terminés.
{{/challenge_count}}
{{^challenge_count}}
Prochaine étape : les défis Tinkercad. Ils apparaîtront dans votre suivi dès que le bureau les aura publiés.
{{/challenge_count}}

{{#deadline}}
Terminez-les au plus tard le {{deadline}}.
{{/deadline}}

{{#review_notes}}
Un mot du bureau :
  > {{review_notes}}
{{/review_notes}}

[Voir vos défis]({{app_url}}/apply)`,
  },

  application_declined: {
    subject: 'Votre candidature au 1337 Robotics Club',
    body: `# Merci pour votre candidature, {{name}}

Le bureau a lu votre candidature et a décidé de ne pas y donner suite cette fois-ci.

{{#review_notes}}
Un mot du bureau :
  > {{review_notes}}
{{/review_notes}}

Ce n’est pas un jugement sur ce que vous pouvez devenir : continuez à construire, à apprendre, et gardez un œil sur les événements publics du club.

[Ouvrir le suivi de votre candidature]({{app_url}}/apply)`,
  },

  final_declined: {
    subject: 'La décision finale du bureau',
    body: `# Merci pour tout ce que vous avez construit, {{name}}

Vous avez terminé les défis et le hackathon, et le bureau a maintenant rendu sa décision finale. Nous avons le regret de vous annoncer que votre candidature n’a pas été retenue pour rejoindre le 1337 Robotics Club cette fois-ci.

{{#review_notes}}
Un mot du bureau :
  > {{review_notes}}
{{/review_notes}}

Les compétences dont vous avez fait preuve pendant les défis et le hackathon vous appartiennent. Nous espérons vous retrouver aux événements publics du club.

[Ouvrir le suivi de votre candidature]({{app_url}}/apply)`,
  },

  challenge_validated: {
    subject: 'Défi validé : {{challenge_title}}',
    body: `# Bravo, {{name}} !

Le bureau a validé votre défi « {{challenge_title}} » et vous a attribué {{xp}} XP.

{{#feedback}}
Le retour du bureau :
  > {{feedback}}
{{/feedback}}

Une fois tous vos défis validés, place au hackathon.

[Voir votre progression]({{app_url}}/apply)`,
  },

  challenge_declined: {
    subject: 'Votre défi est à reprendre : {{challenge_title}}',
    body: `# Pas encore tout à fait, {{name}}

Le bureau a examiné votre défi « {{challenge_title}} » et l’a refusé pour le moment.

{{#feedback}}
Le retour du bureau :
  > {{feedback}}
{{/feedback}}

Reprenez le défi depuis votre suivi, corrigez ce que le retour signale et soumettez-le de nouveau pour examen avant votre échéance. Vos liens et vos exercices sont conservés.

[Ouvrir vos défis]({{app_url}}/apply)`,
  },

  team_assigned: {
    subject: 'Votre équipe pour le hackathon : {{team_name}}',
    body: `# Bienvenue dans l’équipe {{team_name}}, {{name}} !

Vous faites partie de l’équipe {{team_name}} pour {{event_name}}{{#event_location}} ({{event_location}}){{/event_location}}, qui commence le {{event_start}}.

{{#teammates}}
Vos coéquipiers :
  - {{teammates}}
{{/teammates}}
{{^teammates}}
Vous êtes pour l’instant l’unique membre de l’équipe : le bureau pourra y ajouter des coéquipiers plus tard.
{{/teammates}}

Le hackathon dure 24 heures ; les membres confirmés et le bureau évaluent les projets. À bientôt !

[Voir votre équipe]({{app_url}}/apply)`,
  },

  hackathon_results: {
    subject: 'Vos résultats du hackathon : {{team_score}}, {{team_xp}} XP',
    body: `# Les résultats de {{event_name}} sont publiés, {{name}}

Les membres du jury ont noté votre équipe, {{team_name}} : **{{team_score}}**, ce qui donne à chaque membre de l’équipe **{{team_xp}} XP**.

Votre suivi montre la note de chaque critère et les commentaires du jury.

[Voir vos résultats]({{app_url}}/apply)`,
  },

  welcome: {
    subject: 'Bienvenue au 1337 Robotics Club !',
    body: `# Félicitations, {{name}} !

Le bureau a validé votre adhésion : vous êtes désormais membre du 1337 Robotics Club.

Merci pour le travail que vous avez fourni pendant les défis et le hackathon. Le bureau vous contactera au sujet de vos premiers projets et de vos premières réunions au club.

[Ouvrir l’application du club]({{app_url}}/apply)`,
  },

  deadline_changed: {
    subject: 'L’échéance de vos défis a changé',
    body: `# Plus de temps pour vos défis, {{name}}

Le bureau a fixé une nouvelle échéance pour vos défis : le {{deadline}}.

Tout ce que vous avez déjà fait est conservé. Commencez ou terminez vos défis et soumettez-les pour examen d’ici là.

[Ouvrir vos défis]({{app_url}}/apply)`,
  },
};
