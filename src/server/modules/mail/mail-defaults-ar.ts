import type { MailDefaults } from './mail-defaults';

/**
 * The club's default wording in Modern Standard Arabic (docs/decisions/0128-languages.md): same
 * placeholders and layout as the English. Latin names (the club's, a person's, a title the board
 * wrote) sit between U+2068 and U+2069, so that the bidirectional algorithm keeps them whole.
 */
export const ARABIC_TEMPLATES: MailDefaults = {
  application_received: {
    subject: 'استلمنا طلبكم',
    body: `# شكرًا على تقديم طلبكم، ⁨{{name}}⁩!

وصل طلبكم للانضمام إلى ⁨1337 Robotics Club⁩. يدرس مكتب النادي الطلبات في غضون 3 إلى 5 أيام عمل، وسنرسل إليكم قراره عبر البريد الإلكتروني.

وإلى ذلك الحين، ما زال بإمكانكم تعديل طلبكم من صفحة متابعة الطلب.

[فتح صفحة متابعة الطلب]({{app_url}}/apply)`,
  },

  application_approved: {
    subject: 'قُبل طلبكم: انطلقت التحديات',
    body: `# مرحبًا بكم في التحديات، ⁨{{name}}⁩!

خبر سار: قَبِل مكتب النادي طلبكم للانضمام إلى ⁨1337 Robotics Club⁩.

{{#challenge_count}}
خطوتكم التالية هي تحديات Tinkercad (عدد المنشور منها حتى الآن: {{challenge_count}}). يضم كل تحدٍّ ما يصل إلى أربعة تمارين، لكلٍّ منها 25 XP؛ سلّموا التحدي للمراجعة بعد إنهاء تمارينه.
{{/challenge_count}}
{{^challenge_count}}
خطوتكم التالية هي تحديات Tinkercad: ستظهر في صفحة متابعة الطلب فور أن ينشرها المكتب.
{{/challenge_count}}

{{#deadline}}
أكملوها قبل {{deadline}}.
{{/deadline}}

{{#review_notes}}
كلمة من المكتب:
  > {{review_notes}}
{{/review_notes}}

[عرض التحديات]({{app_url}}/apply)`,
  },

  application_declined: {
    subject: 'بخصوص طلبكم للانضمام إلى ⁨1337 Robotics Club⁩',
    body: `# شكرًا على تقديم طلبكم، ⁨{{name}}⁩

اطّلع مكتب النادي على طلبكم وقرّر عدم المضي فيه هذه المرة.

{{#review_notes}}
كلمة من المكتب:
  > {{review_notes}}
{{/review_notes}}

ليس هذا حكمًا على ما يمكنكم أن تصبحوا عليه: واصلوا البناء والتعلّم، وتابعوا الفعاليات العامة للنادي.

[فتح صفحة متابعة الطلب]({{app_url}}/apply)`,
  },

  final_declined: {
    subject: 'القرار النهائي لمكتب النادي',
    body: `# شكرًا على كل ما أنجزتموه، ⁨{{name}}⁩

أكملتم التحديات والهاكاثون، وقد أجرى المكتب الآن مراجعته النهائية. يؤسفنا إبلاغكم بأنه لم يقع الاختيار عليكم لعضوية ⁨1337 Robotics Club⁩ هذه المرة.

{{#review_notes}}
كلمة من المكتب:
  > {{review_notes}}
{{/review_notes}}

المهارات التي أظهرتموها في التحديات والهاكاثون باقية معكم. نأمل أن نراكم في الفعاليات العامة للنادي.

[فتح صفحة متابعة الطلب]({{app_url}}/apply)`,
  },

  challenge_validated: {
    subject: 'اعتُمد التحدي: ⁨{{challenge_title}}⁩',
    body: `# أحسنتم، ⁨{{name}}⁩!

اعتمد المكتب تحديكم «⁨{{challenge_title}}⁩» ومنحكم {{xp}} XP.

{{#feedback}}
ملاحظات المكتب:
  > {{feedback}}
{{/feedback}}

بعد اعتماد جميع تحدياتكم، تأتي مرحلة الهاكاثون.

[عرض تقدّمكم]({{app_url}}/apply)`,
  },

  challenge_declined: {
    subject: 'يحتاج تحديكم إلى محاولة أخرى: ⁨{{challenge_title}}⁩',
    body: `# لم يكتمل الأمر بعد، ⁨{{name}}⁩

راجع المكتب تحديكم «⁨{{challenge_title}}⁩» ولم يقبله في الوقت الحالي.

{{#feedback}}
ملاحظات المكتب:
  > {{feedback}}
{{/feedback}}

أعيدوا بدء التحدي من صفحة متابعة الطلب، وصحّحوا ما تشير إليه الملاحظات، ثم سلّموه للمراجعة قبل موعدكم النهائي. روابطكم وتمارينكم محفوظة.

[فتح التحديات]({{app_url}}/apply)`,
  },

  team_assigned: {
    subject: 'فريقكم في الهاكاثون: ⁨{{team_name}}⁩',
    body: `# أنتم في فريق ⁨{{team_name}}⁩، ⁨{{name}}⁩!

انضممتم إلى فريق ⁨{{team_name}}⁩ في ⁨{{event_name}}⁩{{#event_location}} (⁨{{event_location}}⁩){{/event_location}}، الذي يبدأ يوم {{event_start}}.

{{#teammates}}
زملاؤكم في الفريق:
  - {{teammates}}
{{/teammates}}
{{^teammates}}
أنتم حاليًا العضو الوحيد في الفريق: قد يضيف المكتب زملاء لاحقًا.
{{/teammates}}

يستمر الهاكاثون 24 ساعة، ويقيّم الأعضاء القدامى وأعضاء المكتب المشاريع. نراكم هناك!

[عرض الفريق]({{app_url}}/apply)`,
  },

  hackathon_results: {
    subject: 'نتائجكم في الهاكاثون: ⁨{{team_score}}⁩، ⁨{{team_xp}} XP⁩',
    body: `# نُشرت نتائج ⁨{{event_name}}⁩، ⁨{{name}}⁩

قيّم الحكّام فريقكم ⁨{{team_name}}⁩: **⁨{{team_score}}⁩**، وهو ما يمنح كل عضو في الفريق **⁨{{team_xp}} XP⁩**.

تعرض صفحة متابعة الطلب درجة كل معيار وتعليقات الحكّام.

[عرض النتائج]({{app_url}}/apply)`,
  },

  welcome: {
    subject: 'مرحبًا بكم في ⁨1337 Robotics Club⁩!',
    body: `# تهانينا، ⁨{{name}}⁩!

قَبِل المكتب انضمامكم: أصبحتم الآن أعضاء في ⁨1337 Robotics Club⁩.

شكرًا على الجهد الذي بذلتموه في التحديات والهاكاثون. سيتواصل معكم المكتب بشأن أولى مشاريعكم واجتماعاتكم في النادي.

[فتح تطبيق النادي]({{app_url}}/apply)`,
  },

  deadline_changed: {
    subject: 'تغيّر الموعد النهائي لتحدياتكم',
    body: `# وقت إضافي لتحدياتكم، ⁨{{name}}⁩

حدّد المكتب موعدًا نهائيًا جديدًا لتحدياتكم: {{deadline}}.

كل ما أنجزتموه حتى الآن محفوظ. ابدؤوا تحدياتكم أو أكملوها وسلّموها للمراجعة قبل ذلك الموعد.

[فتح التحديات]({{app_url}}/apply)`,
  },
};
