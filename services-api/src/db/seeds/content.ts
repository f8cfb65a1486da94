/**
 * The content a fresh installation starts with: the six pillars, the 30 questions and their point
 * allocations, the 24 cells of the maturity matrix, the visitor form and the results email.
 * Administrators can change all of it afterwards; seeding only happens on an empty database.
 *
 * Scoring conventions (checked by content.test.ts):
 * - every question has four answers, from least to most mature;
 * - the least mature answer scores nothing (`points: {}`), the others give 1, 2 and 3 points to
 *   the question's own pillar;
 * - about half of the questions also score one related pillar, at most 2 points, never more than
 *   the own pillar gets for that answer, and never decreasing with maturity.
 */

export type PillarKey = 'expertise' | 'processes' | 'alignment' | 'leadership' | 'tooling' | 'kpis';
export type Points = 0 | 1 | 2 | 3;

export interface SeedPillar {
  key: PillarKey;
  name: string;
  description: string;
  order: number;
}

export interface SeedAnswer {
  text: string;
  description: string | null;
  points: Partial<Record<PillarKey, Points>>;
}

export interface SeedQuestion {
  pillar: PillarKey;
  text: string;
  answers: [SeedAnswer, SeedAnswer, SeedAnswer, SeedAnswer];
}

export interface SeedMatrixCell {
  pillar: PillarKey;
  level: 0 | 1 | 2 | 3;
  /** At most 200 characters, one sentence. */
  shortDescription: string;
  /** Two to four sentences of prose. */
  detailedContent: string;
  /** The remaining four fields are multi-line lists, each line starting with "- ". */
  requirements: string;
  examples: string;
  metrics: string;
  /** For level 3: how to sustain and extend the level. */
  nextSteps: string;
}

export interface SeedDemographicField {
  identifier: string;
  label: string;
  fieldType: 'text' | 'email' | 'select' | 'radio' | 'number';
  options: string[] | null;
  isRequired: boolean;
}

export interface SeedEmailTemplate {
  name: string;
  subject: string;
  htmlBody: string;
  isActive: boolean;
}

export interface SeedContent {
  pillars: SeedPillar[];
  questions: SeedQuestion[];
  matrixCells: SeedMatrixCell[];
  demographicFields: SeedDemographicField[];
  emailTemplates: SeedEmailTemplate[];
}

/** Sentences written one per source line, joined into a paragraph. */
function prose(...sentences: string[]): string {
  return sentences.join(' ');
}

/** List items written one per source line, joined into the "- item" lines the matrix shows. */
function bullets(...items: string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
}

const pillars: SeedPillar[] = [
  {
    key: 'expertise',
    name: 'Expertise',
    description:
      'The automation skills of your team: who can script, build workflows and integrate systems, ' +
      'and how that knowledge is developed, reviewed and shared so it does not depend on one person.',
    order: 1,
  },
  {
    key: 'processes',
    name: 'Processes',
    description:
      'How well your service delivery is documented and standardised, from onboarding and offboarding ' +
      'to ticket triage, patching and routine maintenance, and how much of it already runs automatically.',
    order: 2,
  },
  {
    key: 'alignment',
    name: 'Alignment',
    description:
      'Whether automation serves your business goals, your service catalogue and your clients: ' +
      'how you prioritise it, package and price it, reconcile billing and show clients its value.',
    order: 3,
  },
  {
    key: 'leadership',
    name: 'Leadership',
    description:
      'Ownership, investment and culture: who is accountable for automation, how much time and money ' +
      'it receives, how automated changes are governed, and how leaders position it with the team.',
    order: 4,
  },
  {
    key: 'tooling',
    name: 'Tooling',
    description:
      'Your PSA, RMM, documentation, Microsoft 365 and orchestration platforms, and how well they are ' +
      'connected so data stays in sync and automation can act across the whole stack.',
    order: 5,
  },
  {
    key: 'kpis',
    name: 'KPIs',
    description:
      'How you measure the effect of automation: time saved, automation success rates, service desk ' +
      'and utilisation metrics, and whether those numbers are reported and acted on.',
    order: 6,
  },
];

const questions: SeedQuestion[] = [
  // ---------------------------------------------------------------- Expertise
  {
    pillar: 'expertise',
    text: 'How many people on your team can write and maintain automation scripts (e.g. PowerShell, Bash or Python)?',
    answers: [
      {
        text: 'We have nobody who writes scripts; we run vendor or community scripts as they come, if at all.',
        description: null,
        points: {},
      },
      {
        text: 'One or two technicians can adapt existing scripts, but automation is not formally part of any role.',
        description: 'Typically someone self-taught who works on scripts between tickets.',
        points: { expertise: 1 },
      },
      {
        text: 'Several technicians write and maintain scripts, and automation is a defined part of at least one role.',
        description: null,
        points: { expertise: 2 },
      },
      {
        text: 'We have a dedicated automation engineer or team, and most senior technicians can write and review scripts.',
        description: null,
        points: { expertise: 3 },
      },
    ],
  },
  {
    pillar: 'expertise',
    text: 'How does your team build its automation skills?',
    answers: [
      {
        text: 'We set aside no time or budget; people learn on their own if they are interested.',
        description: null,
        points: {},
      },
      {
        text: 'Technicians attend the occasional vendor webinar or course when they ask for it.',
        description: null,
        points: { expertise: 1 },
      },
      {
        text: 'Every technician has automation learning in their development plan, with scheduled time each month.',
        description:
          'For example, a few protected hours a month for courses, labs or building something real.',
        points: { expertise: 2, leadership: 1 },
      },
      {
        text: 'We run a structured learning path with mentoring and platform certifications, and automation work counts in reviews.',
        description: null,
        points: { expertise: 3, leadership: 2 },
      },
    ],
  },
  {
    pillar: 'expertise',
    text: 'How are your scripts and automations stored, tested and changed?',
    answers: [
      {
        text: 'Scripts live on personal laptops or are pasted into the RMM, and changes go straight to production.',
        description: null,
        points: {},
      },
      {
        text: 'Scripts are kept in a shared library, but changes are not reviewed or tested before use.',
        description: 'For example, the RMM script library or a shared folder with no history of changes.',
        points: { expertise: 1 },
      },
      {
        text: 'Scripts are in version control such as Git, and changes are tested on internal or pilot devices first.',
        description: null,
        points: { expertise: 2, processes: 1 },
      },
      {
        text: 'Every change is peer reviewed, tested on a pilot group and released in stages, with a documented rollback.',
        description: 'Scripts follow shared standards for logging, error handling and handling of secrets.',
        points: { expertise: 3, processes: 2 },
      },
    ],
  },
  {
    pillar: 'expertise',
    text: 'Can your team build integrations between systems using APIs and webhooks?',
    answers: [
      {
        text: 'No; we only use the integrations our vendors provide out of the box.',
        description: null,
        points: {},
      },
      {
        text: 'We can set up marketplace integrations and follow a guide to create an API key or webhook.',
        description: null,
        points: { expertise: 1 },
      },
      {
        text: 'A few people can call REST APIs to build their own workflows between our PSA, RMM and Microsoft 365.',
        description:
          'For example with PowerShell and Microsoft Graph, or a platform such as Rewst, n8n, Make or Power Automate.',
        points: { expertise: 2, tooling: 1 },
      },
      {
        text: 'We routinely build and maintain custom integrations, handling authentication, paging, rate limits and failures.',
        description: null,
        points: { expertise: 3, tooling: 2 },
      },
    ],
  },
  {
    pillar: 'expertise',
    text: 'If the person who built most of your automations left tomorrow, what would happen?',
    answers: [
      {
        text: 'We would struggle: what automation we have is understood only by the person who built it.',
        description: null,
        points: {},
      },
      {
        text: 'Some scripts have comments or notes, but we would have to reverse-engineer most of them.',
        description: null,
        points: { expertise: 1 },
      },
      {
        text: 'Each automation has a documented purpose, owner and runbook, and at least two people can support it.',
        description: 'Documentation lives in a platform such as IT Glue, Hudu, Confluence or SharePoint.',
        points: { expertise: 2 },
      },
      {
        text: 'Nothing would break: automations are documented and cross-trained, and new starters learn them as standard.',
        description: null,
        points: { expertise: 3 },
      },
    ],
  },

  // ---------------------------------------------------------------- Processes
  {
    pillar: 'processes',
    text: 'How well are your core service processes documented (e.g. onboarding, offboarding, patching, ticket handling)?',
    answers: [
      {
        text: 'Mostly not at all; each technician does the work their own way.',
        description: null,
        points: {},
      },
      {
        text: 'Some processes are written down, but the documents are out of date or not followed consistently.',
        description: null,
        points: { processes: 1 },
      },
      {
        text: 'Core processes are step-by-step procedures in one central place, reviewed at least once a year.',
        description: 'For example in IT Glue, Hudu, Confluence or SharePoint.',
        points: { processes: 2 },
      },
      {
        text: 'Every recurring process has an owner and review date, shows which steps are automated, and is updated with each change.',
        description: null,
        points: { processes: 3 },
      },
    ],
  },
  {
    pillar: 'processes',
    text: 'How are new-starter and leaver requests for client users handled?',
    answers: [
      {
        text: 'Requests arrive by email or phone, often missing details, and a technician does everything by hand.',
        description: null,
        points: {},
      },
      {
        text: 'We follow a checklist or PSA ticket template, but accounts, licences and devices are set up manually.',
        description: null,
        points: { processes: 1 },
      },
      {
        text: 'A structured form captures every detail, and key steps such as account creation, licences and groups are scripted.',
        description: 'The form might live in the client portal, the PSA or Microsoft Forms.',
        points: { processes: 2, tooling: 1 },
      },
      {
        text: 'An approved form triggers an end-to-end workflow covering account, licences, mailbox, device and documentation.',
        description:
          'For leavers it blocks sign-in, revokes sessions, converts the mailbox and reclaims licences.',
        points: { processes: 3, tooling: 2 },
      },
    ],
  },
  {
    pillar: 'processes',
    text: 'How are incoming tickets categorised, prioritised and routed?',
    answers: [
      {
        text: 'Whoever sees a ticket first picks it up, and categories are set inconsistently or only at closure.',
        description: null,
        points: {},
      },
      {
        text: 'A dispatcher or service coordinator triages every ticket by hand, using defined categories and priorities.',
        description: null,
        points: { processes: 1 },
      },
      {
        text: 'PSA workflow rules route most tickets by client, contract, source or keywords, and RMM alerts are filtered first.',
        description: 'Duplicate and informational alerts are suppressed before they become tickets.',
        points: { processes: 2 },
      },
      {
        text: 'Most tickets are classified, prioritised, enriched and routed automatically, and people check only the exceptions.',
        description:
          'Rules or AI classification add the user, device, contract and recent alerts to each ticket.',
        points: { processes: 3 },
      },
    ],
  },
  {
    pillar: 'processes',
    text: 'How is patch management run for client workstations and servers?',
    answers: [
      {
        text: 'Patching is manual or ad hoc, and we usually find missing updates when something breaks.',
        description: null,
        points: {},
      },
      {
        text: 'RMM policies patch workstations, but servers and third-party apps are done by hand and compliance is rarely checked.',
        description: 'Third-party apps include browsers, PDF readers and runtimes such as Java or .NET.',
        points: { processes: 1 },
      },
      {
        text: 'Standard policies cover operating systems and third-party apps, with rings, maintenance windows and monthly reports.',
        description: null,
        points: { processes: 2, kpis: 1 },
      },
      {
        text: 'Patching is fully policy-driven, with pilot rings, automatic retries and reboot handling, and compliance tracked to target.',
        description:
          'Client-specific exceptions are documented, and failed patches raise a ticket automatically.',
        points: { processes: 3, kpis: 2 },
      },
    ],
  },
  {
    pillar: 'processes',
    text: 'How are recurring maintenance tasks handled (e.g. backup checks, stale account reviews, licence reviews)?',
    answers: [
      {
        text: 'We rely on memory, so these tasks are often late or missed.',
        description: null,
        points: {},
      },
      {
        text: 'The PSA creates recurring tickets on a schedule, but the checks themselves are done by hand.',
        description: null,
        points: { processes: 1 },
      },
      {
        text: 'Recurring tickets include checklists, and scripts gather the data so technicians only review and act.',
        description:
          'For example, a backup status or stale accounts report attached to the ticket automatically.',
        points: { processes: 2 },
      },
      {
        text: 'Checks run automatically, raise tickets only for exceptions, and keep results as evidence for clients and audits.',
        description: null,
        points: { processes: 3 },
      },
    ],
  },

  // ---------------------------------------------------------------- Alignment
  {
    pillar: 'alignment',
    text: 'How do you decide what to automate next?',
    answers: [
      {
        text: 'Whatever a technician finds interesting or annoying gets automated; there is no prioritisation.',
        description: null,
        points: {},
      },
      {
        text: 'We pick obvious high-volume tasks, without estimating the time saved or the business value.',
        description: 'For example password resets or new-user setup, simply because they come up often.',
        points: { alignment: 1 },
      },
      {
        text: 'We keep a backlog of ideas scored by volume, time saved, risk and client impact, and review it regularly.',
        description: null,
        points: { alignment: 2, leadership: 1 },
      },
      {
        text: 'Priorities come from our business plan, are reviewed quarterly, and every project has an expected return.',
        description:
          'Business goals might be margin, growth without extra headcount or service quality targets.',
        points: { alignment: 3, leadership: 2 },
      },
    ],
  },
  {
    pillar: 'alignment',
    text: 'How does automation show up in your service catalogue and client agreements?',
    answers: [
      {
        text: 'It does not; our agreements describe services but not how they are delivered, and much work is billed hourly.',
        description: null,
        points: {},
      },
      {
        text: 'Services such as patching and monitoring are automated, but that is not reflected in how we package or price them.',
        description: null,
        points: { alignment: 1 },
      },
      {
        text: 'Our service tiers define which automated services each client receives, and pricing reflects them.',
        description:
          'For example, automated onboarding or a self-service software catalogue in higher tiers.',
        points: { alignment: 2 },
      },
      {
        text: 'Our catalogue is designed around automated delivery, and non-standard work is scoped and sold as projects.',
        description:
          'Per-user or per-device pricing means efficiency gains improve margin instead of reducing revenue.',
        points: { alignment: 3 },
      },
    ],
  },
  {
    pillar: 'alignment',
    text: 'How do you show clients the value of your automation, for example in business reviews (QBRs)?',
    answers: [
      {
        text: 'We do not; clients are not aware of what we automate for them.',
        description: null,
        points: {},
      },
      {
        text: 'We mention it now and then, for example sharing patch figures when a client asks.',
        description: null,
        points: { alignment: 1 },
      },
      {
        text: 'Our business reviews include automated reports on patching, backups, tickets and security posture.',
        description: null,
        points: { alignment: 2, kpis: 1 },
      },
      {
        text: 'Reviews are built from live PSA and RMM data, show value in client terms, and feed a roadmap for each client.',
        description: 'Value is expressed as hours saved, risks reduced and requests fulfilled automatically.',
        points: { alignment: 3, kpis: 2 },
      },
    ],
  },
  {
    pillar: 'alignment',
    text: 'Can clients request common services through self-service?',
    answers: [
      {
        text: 'No; all requests come in by email or phone.',
        description: null,
        points: {},
      },
      {
        text: 'Clients have a portal or request forms, but every submission is still processed by hand.',
        description: null,
        points: { alignment: 1 },
      },
      {
        text: 'Common requests such as new users, access changes and software come through forms, and some are fulfilled automatically.',
        description: 'Fulfilled automatically means no technician touches the request once it is approved.',
        points: { alignment: 2 },
      },
      {
        text: 'A self-service catalogue with built-in approvals fulfils most standard requests end to end, and we track adoption.',
        description: null,
        points: { alignment: 3 },
      },
    ],
  },
  {
    pillar: 'alignment',
    text: 'How are billable quantities (users, devices, licences) reconciled against client agreements?',
    answers: [
      {
        text: 'By hand when we remember, and we know we sometimes under-bill.',
        description: null,
        points: {},
      },
      {
        text: 'We reconcile every month by hand, using exports from vendor portals and spreadsheets.',
        description: null,
        points: { alignment: 1 },
      },
      {
        text: 'Most vendor counts sync into our PSA agreements automatically, and we review differences before invoicing.',
        description: null,
        points: { alignment: 2, tooling: 1 },
      },
      {
        text: 'Reconciliation across RMM, Microsoft 365, backup and security tools is automated, with exceptions approved before invoicing.',
        description: 'Unbilled seats and unused licences are flagged in the same run.',
        points: { alignment: 3, tooling: 2 },
      },
    ],
  },

  // ---------------------------------------------------------------- Leadership
  {
    pillar: 'leadership',
    text: 'Who owns automation in your business?',
    answers: [
      {
        text: 'Nobody; it happens when someone has spare time.',
        description: null,
        points: {},
      },
      {
        text: 'An enthusiastic technician drives it informally, without a mandate or allocated time.',
        description: null,
        points: { leadership: 1 },
      },
      {
        text: 'A named owner has protected time and a clear remit, and reports progress to management.',
        description: 'Protected means automation work is scheduled, not squeezed in between tickets.',
        points: { leadership: 2 },
      },
      {
        text: 'Leadership owns the automation strategy, with an accountable lead, a roadmap and a standing slot in management meetings.',
        description: null,
        points: { leadership: 3 },
      },
    ],
  },
  {
    pillar: 'leadership',
    text: 'How do you invest in automation, in time and money?',
    answers: [
      {
        text: 'There is no dedicated time or budget, so automation competes with ticket work and usually loses.',
        description: null,
        points: {},
      },
      {
        text: 'We spend ad hoc, such as a tool subscription or some overtime, without a plan.',
        description: null,
        points: { leadership: 1 },
      },
      {
        text: 'We have a set budget for tools and training, and reserve a fixed share of engineering time for automation.',
        description: 'For example, one day a fortnight per engineer, or 10% of engineering capacity.',
        points: { leadership: 2 },
      },
      {
        text: 'Investment is planned each year against expected returns, checked against results, and includes dedicated staff.',
        description: null,
        points: { leadership: 3 },
      },
    ],
  },
  {
    pillar: 'leadership',
    text: 'When a technician keeps doing the same manual task, what usually happens?',
    answers: [
      {
        text: 'They keep doing it by hand; there is no expectation or route to change it.',
        description: null,
        points: {},
      },
      {
        text: 'Some technicians automate things for themselves, but it is not shared or actively encouraged.',
        description: null,
        points: { leadership: 1 },
      },
      {
        text: 'Technicians are expected to flag repetitive work, and ideas go into a shared backlog that is reviewed.',
        description: null,
        points: { leadership: 2, expertise: 1 },
      },
      {
        text: 'Spotting and automating repetitive work is part of every role, is recognised in reviews, and leaders set the example.',
        description: null,
        points: { leadership: 3, expertise: 2 },
      },
    ],
  },
  {
    pillar: 'leadership',
    text: 'What rules govern automations that make changes in client environments?',
    answers: [
      {
        text: 'There are no rules; anyone with admin access can run anything against any client.',
        description: null,
        points: {},
      },
      {
        text: 'Informally, people check with a senior technician before running anything large.',
        description: 'Approval depends on who is around rather than on a written rule.',
        points: { leadership: 1 },
      },
      {
        text: 'A written policy requires approval before production, and automations use least-privilege accounts with secrets in a vault.',
        description: null,
        points: { leadership: 2, processes: 1 },
      },
      {
        text: 'Formal governance covers risk-rated changes, audit logs of automated actions and regular reviews of API keys.',
        description:
          'Service accounts are reviewed too, and lessons from automation incidents feed back into the policy.',
        points: { leadership: 3, processes: 2 },
      },
    ],
  },
  {
    pillar: 'leadership',
    text: 'How is automation positioned with your team?',
    answers: [
      {
        text: 'It is rarely discussed, and some staff see it as a threat to their jobs.',
        description: null,
        points: {},
      },
      {
        text: 'Leaders talk about it positively, but have not explained what it means for roles.',
        description: null,
        points: { leadership: 1 },
      },
      {
        text: 'Leaders explain that it frees time for higher-value work, and share wins and hours saved with the team.',
        description: null,
        points: { leadership: 2 },
      },
      {
        text: 'Automation is part of our vision and career paths, saved time is visibly reinvested, and staff help shape the roadmap.',
        description: 'Freed capacity goes into projects, proactive work and growth, not just more tickets.',
        points: { leadership: 3 },
      },
    ],
  },

  // ---------------------------------------------------------------- Tooling
  {
    pillar: 'tooling',
    text: 'How well are your PSA and RMM integrated?',
    answers: [
      {
        text: 'They are not; alerts and device details are re-keyed or copied by hand.',
        description: null,
        points: {},
      },
      {
        text: 'The vendor integration is switched on, but client and device mappings are incomplete and alerts are noisy.',
        description:
          'Typical signs are alerts for unknown clients, or devices not linked to a configuration.',
        points: { tooling: 1 },
      },
      {
        text: 'Clients, devices and alerts sync reliably, and alert tickets reach the right board or queue and close when resolved.',
        description:
          'For example ConnectWise PSA, Autotask or HaloPSA connected to NinjaOne, Datto RMM or N-able.',
        points: { tooling: 2 },
      },
      {
        text: 'PSA, RMM, documentation, Microsoft 365 and security tools stay in sync, with automated checks for mismatches.',
        description:
          'For example, an RMM device with no matching configuration or agreement in the PSA is flagged.',
        points: { tooling: 3 },
      },
    ],
  },
  {
    pillar: 'tooling',
    text: 'Do you use an orchestration platform beyond RMM scripting (e.g. Rewst, n8n, Make, Power Automate)?',
    answers: [
      {
        text: 'No; our automation is limited to scripts the RMM runs on endpoints.',
        description: null,
        points: {},
      },
      {
        text: 'We have trialled one or built a few simple flows, such as notifications.',
        description: null,
        points: { tooling: 1 },
      },
      {
        text: 'We run production workflows on one that connect our PSA, Microsoft 365 and other tools across clients.',
        description: 'Production means clients rely on them, and failures are noticed and fixed.',
        points: { tooling: 2, expertise: 1 },
      },
      {
        text: 'It is central to our stack: workflows are templated, configured per client and monitored, and most new automation is built there.',
        description: null,
        points: { tooling: 3, expertise: 2 },
      },
    ],
  },
  {
    pillar: 'tooling',
    text: 'How is your IT documentation platform (e.g. IT Glue, Hudu) kept up to date?',
    answers: [
      {
        text: 'Everything is entered by hand and often stale, so technicians do not trust it.',
        description: null,
        points: {},
      },
      {
        text: 'Some data syncs from the PSA or RMM, but most is still typed in by hand.',
        description: null,
        points: { tooling: 1 },
      },
      {
        text: 'Assets, configurations, contacts and Microsoft 365 details sync automatically, and procedures are updated during tickets.',
        description: null,
        points: { tooling: 2, processes: 1 },
      },
      {
        text: 'Automation populates and checks the documentation, and gaps or stale records raise tasks automatically.',
        description:
          'Scheduled scripts collect details such as network, Active Directory and backup configuration.',
        points: { tooling: 3, processes: 2 },
      },
    ],
  },
  {
    pillar: 'tooling',
    text: 'What happens when your RMM raises a common alert, such as low disk space or a stopped service?',
    answers: [
      {
        text: 'Every alert becomes an email or ticket, and a technician investigates each one.',
        description: null,
        points: {},
      },
      {
        text: 'We have tuned alert thresholds to cut the noise, but remediation is still manual.',
        description: null,
        points: { tooling: 1 },
      },
      {
        text: 'Common conditions trigger remediation scripts before a ticket is raised.',
        description:
          'For example, clearing temporary files, restarting a service or re-running failed updates.',
        points: { tooling: 2 },
      },
      {
        text: 'Self-healing is standard: tickets are raised only when remediation fails, and success rates are tracked and tuned.',
        description: null,
        points: { tooling: 3 },
      },
    ],
  },
  {
    pillar: 'tooling',
    text: 'How do you manage settings across client Microsoft 365 and cloud tenants?',
    answers: [
      {
        text: 'We sign in to each tenant separately and configure it by hand.',
        description: null,
        points: {},
      },
      {
        text: 'We use delegated partner access (GDAP), but still make changes tenant by tenant.',
        description: null,
        points: { tooling: 1 },
      },
      {
        text: 'A multi-tenant management tool applies our standard policies across many tenants.',
        description:
          'For example Microsoft 365 Lighthouse, CIPP, Intune policy templates or a commercial equivalent.',
        points: { tooling: 2 },
      },
      {
        text: 'Baselines are templates applied automatically to new and existing tenants, with drift detected and remediated.',
        description: null,
        points: { tooling: 3 },
      },
    ],
  },

  // ---------------------------------------------------------------- KPIs
  {
    pillar: 'kpis',
    text: 'Do you measure how much time your automation saves?',
    answers: [
      {
        text: 'No, we do not measure it.',
        description: null,
        points: {},
      },
      {
        text: 'We have rough estimates for a few automations, but do not track them over time.',
        description: null,
        points: { kpis: 1 },
      },
      {
        text: 'Each automation has an estimated manual time per run, and run counts give us hours saved each month.',
        description:
          'For example, 20 minutes per automated onboarding multiplied by the number of onboardings.',
        points: { kpis: 2 },
      },
      {
        text: 'Time saved is calculated from run logs and ticket data, turned into cost and capacity, and set against build cost.',
        description: null,
        points: { kpis: 3 },
      },
    ],
  },
  {
    pillar: 'kpis',
    text: 'Which service desk metrics do you track (e.g. SLA attainment, time to resolve)?',
    answers: [
      {
        text: 'We do not track them consistently and judge performance by feel and client complaints.',
        description: null,
        points: {},
      },
      {
        text: 'Our PSA reports SLA attainment and ticket volumes, and we look at them occasionally.',
        description: null,
        points: { kpis: 1 },
      },
      {
        text: 'We review SLA attainment, first response, resolution time, reopen rate and tickets per endpoint monthly.',
        description:
          'Broken down by client and ticket category, so noisy clients and problem areas stand out.',
        points: { kpis: 2 },
      },
      {
        text: 'Live dashboards show these against targets, and we compare before and after each automation to confirm its effect.',
        description: null,
        points: { kpis: 3 },
      },
    ],
  },
  {
    pillar: 'kpis',
    text: 'Do you track technician utilisation and capacity (e.g. endpoints or users per technician)?',
    answers: [
      {
        text: 'No; we only know that the team is busy.',
        description: null,
        points: {},
      },
      {
        text: 'We track timesheets and billable hours, but time entry is incomplete or inaccurate.',
        description: null,
        points: { kpis: 1 },
      },
      {
        text: 'Every month we track utilisation, endpoints or users per technician, and effective hourly rate.',
        description:
          'Effective hourly rate is the revenue from a client divided by the hours spent serving it.',
        points: { kpis: 2, alignment: 1 },
      },
      {
        text: 'These figures guide hiring and automation, and show that automation has raised capacity without hurting service.',
        description: null,
        points: { kpis: 3, alignment: 2 },
      },
    ],
  },
  {
    pillar: 'kpis',
    text: 'How do you know whether your automations are running successfully?',
    answers: [
      {
        text: 'We find out when a client or technician notices that something did not happen.',
        description: null,
        points: {},
      },
      {
        text: 'Scripts log their output in the RMM, which we check when investigating a problem.',
        description: null,
        points: { kpis: 1 },
      },
      {
        text: 'Failed runs raise an alert or ticket, and we review the success rates of key automations.',
        description: null,
        points: { kpis: 2, tooling: 1 },
      },
      {
        text: 'A dashboard shows success rates, run times and errors for every automation against targets.',
        description:
          'For example, above 98% successful runs; automations that keep failing are fixed or retired.',
        points: { kpis: 3, tooling: 2 },
      },
    ],
  },
  {
    pillar: 'kpis',
    text: 'How are automation results reported and acted on?',
    answers: [
      {
        text: 'They are not reported.',
        description: null,
        points: {},
      },
      {
        text: 'Wins are shared informally, for example in a team meeting.',
        description: null,
        points: { kpis: 1 },
      },
      {
        text: 'Leadership gets a monthly report on hours saved, tickets resolved automatically and automation success rates.',
        description: null,
        points: { kpis: 2, leadership: 1 },
      },
      {
        text: 'Automation KPIs are on the company scorecard with targets, reviewed in leadership meetings and used to set priorities.',
        description: 'A client-facing version of the same figures appears in business reviews.',
        points: { kpis: 3, leadership: 2 },
      },
    ],
  },
];

const matrixCells: SeedMatrixCell[] = [
  // ---------------------------------------------------------------- Expertise
  {
    pillar: 'expertise',
    level: 0,
    shortDescription:
      'Nobody on the team writes or maintains automation, and any scripts in use are run as downloaded without being understood.',
    detailedContent: prose(
      'Technicians handle every request by hand, and the few scripts in use were copied from vendor libraries or forums.',
      'There is no shared knowledge of PowerShell, APIs or the automation features already included in the PSA and RMM.',
      'Automation depends on individual curiosity, so nothing is built to last.',
    ),
    requirements: bullets(
      'Nobody is assigned or trained to build automation',
      'Scripts from the RMM library or the internet are run unmodified, if at all',
      'No shared script repository, naming or coding standards',
    ),
    examples: bullets(
      'A technician clears disk space by hand on the same servers every week',
      'A community PowerShell script is pasted into the RMM and run against every device without testing',
      'Only one person knows what the scheduled task on a client server does',
    ),
    metrics: bullets(
      'Number of technicians who can write or modify a script (baseline, often 0 or 1)',
      'Hours per month spent on tasks technicians describe as repetitive',
      'Number of scripts in use with a known author and purpose',
    ),
    nextSteps: bullets(
      'Give one or two interested technicians 2-4 hours a week of protected learning time',
      'Start with PowerShell fundamentals focused on Windows and Microsoft 365 administration',
      'Create a shared script library and record who wrote each script and what it does',
      'Automate one frequent, low-risk task end to end as a learning project, such as temp file clean-up',
    ),
  },
  {
    pillar: 'expertise',
    level: 1,
    shortDescription:
      'One or two technicians can adapt scripts and configure built-in automation, but skills are concentrated and self-taught.',
    detailedContent: prose(
      'A few people modify existing scripts and set up RMM policies or PSA workflow rules, usually in spare time between tickets.',
      'Their work delivers quick wins, but it is rarely documented, tested consistently or understood by anyone else.',
      'Losing a single person would stall or break most of what has been built.',
    ),
    requirements: bullets(
      'At least one technician can read, adapt and safely run PowerShell or shell scripts',
      'Someone can configure RMM automation policies and PSA workflow rules',
      'Scripts are kept in a shared library rather than on personal machines',
      'Learning happens through vendor webinars, communities and trial and error',
    ),
    examples: bullets(
      'A technician adapted a community script to install the standard software bundle on new devices',
      'An RMM condition restarts the print spooler when it stops',
      'The PSA sends clients an automatic acknowledgement with the ticket number',
    ),
    metrics: bullets(
      'Number of technicians able to write or modify scripts (target at least 2)',
      'Percentage of scripts in the shared library with a named owner',
      'Hours per month spent on automation work',
      'Number of automations that only one person can support (target 0)',
    ),
    nextSteps: bullets(
      'Move scripts into version control, for example Git in GitHub, GitLab or Azure DevOps, with basic coding standards',
      'Add automation learning to every technician development plan, with scheduled time each month',
      'Pair a second technician with each existing automation so at least two people can support it',
      'Learn to call REST APIs such as Microsoft Graph and your PSA and RMM APIs, so automation can span tools',
    ),
  },
  {
    pillar: 'expertise',
    level: 2,
    shortDescription:
      'Several technicians build scripts and API integrations to shared standards, with version control and testing.',
    detailedContent: prose(
      'Automation is a recognised skill, and at least one role includes it explicitly with protected time.',
      'The team writes scripts against Microsoft Graph and vendor APIs, builds workflows on an orchestration platform, ' +
        'and tests changes on pilot devices before rollout.',
      'Knowledge is documented and shared, so most automations can be supported by more than one person.',
    ),
    requirements: bullets(
      'Automation is part of at least one role description, with protected time',
      'Scripts and workflows are in version control, with a test or pilot step before production',
      'Several people can build REST API and webhook integrations, handling authentication and errors',
      'Each automation has a documented purpose, owner, inputs and rollback in the documentation platform',
    ),
    examples: bullets(
      'An internal PowerShell module wraps common Microsoft Graph calls for user and licence management',
      'A workflow in a platform such as Rewst, n8n, Make or Power Automate creates users from a PSA ticket form',
      'New scripts run on internal and pilot devices for a week before broad deployment',
    ),
    metrics: bullets(
      'Percentage of technicians who have completed automation training (target > 75%)',
      'Percentage of production automations with a documented owner and a second supporter (target 100%)',
      'Percentage of script changes tested on a pilot group before release (target 100%)',
      'Number of automations shipped or improved per quarter',
    ),
    nextSteps: bullets(
      'Introduce peer review through pull requests for every change to production automation',
      'Build a structured learning path with platform certifications and internal mentoring',
      'Standardise logging, error handling and failure alerting across all scripts and workflows',
      'Recognise contributions to the automation library in performance reviews',
    ),
  },
  {
    pillar: 'expertise',
    level: 3,
    shortDescription:
      'Automation is a core competency of the team, with dedicated engineers, peer review and continuous learning.',
    detailedContent: prose(
      'A dedicated automation engineer or team sets standards, and most senior technicians can build, review and support automation.',
      'Work follows a software lifecycle of version control, peer review, testing, staged rollout, monitoring and retirement.',
      'Skills are developed deliberately, and new starters learn the automation library as part of their onboarding.',
    ),
    requirements: bullets(
      'A dedicated automation role or team, and senior technicians who can build and review automation',
      'All production automation goes through peer review, testing and staged release',
      'A structured learning path with time and budget for every technician',
      'New starters are trained on the automation library and standards during onboarding',
    ),
    examples: bullets(
      'Script changes need approval from a second engineer and pass automated checks such as PSScriptAnalyzer',
      'A monthly internal show-and-tell where technicians demonstrate new automations',
      'First-line technicians build simple request workflows from approved templates',
    ),
    metrics: bullets(
      'Percentage of production automation changes that were peer reviewed (target 100%)',
      'Share of technicians who built or improved an automation in the last quarter (target > 50%)',
      'Change failure rate for automation releases (target < 5%)',
      'Days for a new technician to make a first reviewed contribution (target < 60)',
    ),
    nextSteps: bullets(
      'Refresh the learning path every year to cover new platforms, APIs and AI-assisted tools',
      'Rotate ownership of automations so knowledge keeps spreading',
      'Review the automation library periodically and retire or rebuild outdated scripts',
      'Take part in MSP peer groups and communities to keep your standards current',
    ),
  },

  // ---------------------------------------------------------------- Processes
  {
    pillar: 'processes',
    level: 0,
    shortDescription:
      'Each technician works their own way and processes live only in their heads, so there is nothing stable to automate.',
    detailedContent: prose(
      'Onboarding, offboarding, patching and ticket handling depend on who picks up the work, and results vary by client.',
      'Without written procedures, steps are missed and any automation would simply encode the habits of one person.',
      'The first job is to make the work repeatable.',
    ),
    requirements: bullets(
      'Few or no written procedures for recurring work',
      'Tickets are categorised inconsistently or not at all',
      'Client environments are configured differently, with no written baseline',
      'Recurring tasks rely on memory rather than scheduled tickets',
    ),
    examples: bullets(
      'Two technicians offboard users differently, and one forgets to revoke sessions or convert the mailbox',
      'Patching happens when a technician has time, with no maintenance window or compliance check',
      'New-user requests arrive by email with missing details, causing back-and-forth with the client',
    ),
    metrics: bullets(
      'Number of core processes with a current written procedure (baseline)',
      'Percentage of tickets with a correct category at closure',
      'Number of incidents per month caused by missed or inconsistent steps',
    ),
    nextSteps: bullets(
      'Pull your ten most frequent request types from the PSA and document the top three as checklists',
      'Agree one categorisation scheme (type, subtype, item) and a priority matrix, and apply them to every ticket',
      'Create recurring PSA tickets for scheduled work such as backup checks and licence reviews',
      'Keep procedures in one documentation platform where technicians already work, such as IT Glue or Hudu',
    ),
  },
  {
    pillar: 'processes',
    level: 1,
    shortDescription:
      'Core processes are documented as checklists and templates, but they are carried out by hand and not always followed.',
    detailedContent: prose(
      'The main service processes have written procedures and PSA templates, and a dispatcher triages tickets against defined categories.',
      'Execution is still manual, so consistency depends on discipline and documents drift out of date.',
      'This is the foundation for automation: the steps are known, but they have not yet been turned into workflows.',
    ),
    requirements: bullets(
      'Written procedures for onboarding, offboarding, patching and ticket triage',
      'PSA ticket templates or checklists for common request types',
      'A consistent categorisation scheme and priority matrix applied to tickets',
      'Recurring maintenance raised as scheduled tickets in the PSA',
    ),
    examples: bullets(
      'New-user requests use a PSA template with a checklist, while accounts and licences are created by hand',
      'RMM policies patch workstations, but servers and third-party applications are patched manually',
      'A service coordinator triages every incoming ticket by hand',
    ),
    metrics: bullets(
      'Percentage of core processes documented and reviewed in the last 12 months (target > 80%)',
      'Percentage of requests received with complete information first time',
      'Mean time to onboard a new user, from request to ready',
      'Patch compliance across managed endpoints',
    ),
    nextSteps: bullets(
      'Capture requests with structured forms in the client portal, PSA or Microsoft Forms so every field is collected',
      'Mark each procedure step as automatable, partly automatable or manual',
      'Automate the highest-volume steps first, such as account creation, licence assignment and group membership',
      'Use PSA workflow rules to route tickets automatically by client, source and type',
    ),
  },
  {
    pillar: 'processes',
    level: 2,
    shortDescription:
      'Standardised processes are systematically automated, with structured intake, rule-based routing and policy-driven patching.',
    detailedContent: prose(
      'Requests arrive through structured forms, tickets are routed by workflow rules, ' +
        'and the main steps of onboarding, offboarding and patching run as scripts or workflows.',
      'Procedures record which steps are automated, and deviations from the standard are tracked.',
      'Technicians spend their time on approvals and exceptions rather than repetitive execution.',
    ),
    requirements: bullets(
      'Structured intake for common requests, with required fields and approvals',
      'Automated routing of tickets by client, contract, source and type',
      'Scripted or workflow-driven steps for user lifecycle, device setup and patching',
      'Procedures updated as part of every change to an automated process',
    ),
    examples: bullets(
      'A new-starter form creates the account, assigns licences and groups, and updates the ticket for review',
      'One approved leaver request blocks sign-in, revokes sessions, converts the mailbox and removes licences',
      'Patching runs in pilot and production rings with maintenance windows and a monthly compliance report',
    ),
    metrics: bullets(
      'Technician time to onboard a new user (target < 30 minutes)',
      'Percentage of tickets routed without manual dispatch (target > 60%)',
      'Patch compliance within 14 days of release (target > 95%)',
      'Percentage of leaver requests completed within the agreed SLA (target 100%)',
    ),
    nextSteps: bullets(
      'Connect the remaining manual steps so key processes run end to end, with only a human approval',
      'Let recurring checks run automatically and raise tickets only for exceptions',
      'Enrich tickets automatically with user, device, contract and recent alert details',
      'Review each automated process quarterly for failure points and manual workarounds',
    ),
  },
  {
    pillar: 'processes',
    level: 3,
    shortDescription:
      'Key service processes run end to end automatically, with people handling approvals and exceptions and improvement built in.',
    detailedContent: prose(
      'User lifecycle, device provisioning, patching, triage and routine maintenance run as end-to-end workflows.',
      'Documentation and automation are maintained together, so a change to one updates the other.',
      'Processes are measured and improved continuously, and new services are designed to be automatable from the start.',
    ),
    requirements: bullets(
      'End-to-end automation of onboarding, offboarding, device provisioning and patching',
      'Automatic classification, prioritisation, enrichment and routing of tickets',
      'Scheduled checks that raise tickets only for exceptions and store results as evidence',
      'A regular improvement cycle that reviews process metrics and failures',
    ),
    examples: bullets(
      'A new starter is ready on day one with account, licences, mailbox and an Autopilot-enrolled device, all logged',
      'Backup verification, stale account and licence checks run monthly and raise tickets only when action is needed',
      'Tickets are classified and routed within seconds by rules and AI-assisted categorisation, with human oversight',
    ),
    metrics: bullets(
      'Percentage of service requests fulfilled without technician touch (target > 40%)',
      'Percentage of tickets auto-triaged correctly (target > 85%)',
      'Technician time to onboard a new user (target < 10 minutes)',
      'Process failures needing manual rework per month (trending down)',
    ),
    nextSteps: bullets(
      'Design every new service with an automated delivery path before it is sold',
      'Extend automation to lower-volume processes such as asset lifecycle and vendor renewals',
      'Review processes with clients every year and remove steps that no longer add value',
      'Compare process metrics with previous quarters and with peers to find the next gains',
    ),
  },

  // ---------------------------------------------------------------- Alignment
  {
    pillar: 'alignment',
    level: 0,
    shortDescription:
      'Automation happens without reference to business goals, the service catalogue or what clients need.',
    detailedContent: prose(
      'What little automation exists was built because a technician found a task annoying, not because it served margin, growth or service quality.',
      'Clients do not see automation in what they buy, and agreements say nothing about how services are delivered.',
      'As a result, automation effort cannot be prioritised or justified.',
    ),
    requirements: bullets(
      'No link between automation work and business objectives',
      'The service catalogue, if there is one, does not reflect automated delivery',
      'Automation value is not discussed with clients',
      'Billable quantities are reconciled by hand, if at all',
    ),
    examples: bullets(
      'A technician spends a week automating a report nobody asked for while onboarding stays manual',
      'Work is billed by the hour, so every efficiency gain reduces revenue',
      'Invoiced licence counts drift away from what clients actually use',
    ),
    metrics: bullets(
      'Percentage of automation work linked to a stated business goal (baseline)',
      'Revenue leakage found in a one-off reconciliation of users, devices and licences',
      'Percentage of clients on a standard agreement rather than a bespoke one',
    ),
    nextSteps: bullets(
      'Write down the three business goals automation should serve, such as margin, response times or growth without hiring',
      'Keep one list of automation ideas, each with the business problem it solves',
      'Reconcile billable users, devices and licences against agreements once to size any revenue leakage',
      'Start moving clients to standard per-user or per-device agreements',
    ),
  },
  {
    pillar: 'alignment',
    level: 1,
    shortDescription:
      'Obvious high-volume tasks are automated, but priorities, pricing and client communication are not yet linked to automation.',
    detailedContent: prose(
      'The business automates what is clearly painful, such as patching, monitoring and common requests, and occasionally mentions results to clients.',
      'There is no scored backlog or expected return, and the service catalogue and pricing do not reflect how services are delivered.',
      'Value is created, but it is hard to show and easy to give away.',
    ),
    requirements: bullets(
      'Automation ideas are collected in one place, even if not formally prioritised',
      'Some automated outcomes, such as patch or backup status, are reported to clients',
      'A defined service catalogue exists, even if automation is not designed into it',
      'Billing is reconciled on a regular schedule using exports',
    ),
    examples: bullets(
      'Patch compliance figures are shared in a business review when the client asks',
      'Monthly reconciliation uses vendor portal exports in a spreadsheet',
      'Clients can email a portal address, but each request is processed by hand',
    ),
    metrics: bullets(
      'Percentage of backlog items with a stated business outcome (target 100%)',
      'Number of client reviews per quarter that include automated service data',
      'Percentage of billable quantities reconciled each month (target 100%)',
      'Percentage of clients on standard service tiers',
    ),
    nextSteps: bullets(
      'Score the backlog by ticket volume, time saved, risk and client impact, and review it monthly',
      'Define which automated services each tier includes, such as automated onboarding or self-service requests',
      'Build a standard business review pack that pulls patch, backup, ticket and security data automatically',
      'Sync licence and device counts into PSA agreements wherever an integration exists',
    ),
  },
  {
    pillar: 'alignment',
    level: 2,
    shortDescription:
      'Automation is prioritised by business value, built into service tiers and shown to clients in regular business reviews.',
    detailedContent: prose(
      'A scored backlog links every automation to time saved, risk or client experience, and leadership reviews it regularly.',
      'Service tiers define which automated services each client receives, and business reviews show clients the outcomes.',
      'Billable quantities sync from vendor tools, so efficiency gains stay with the business.',
    ),
    requirements: bullets(
      'A scored automation backlog reviewed at least monthly',
      'Service tiers and pricing that reflect automated delivery',
      'Business reviews that include automatically generated service data',
      'Self-service options for common client requests',
      'Automated sync of most billable quantities into the PSA',
    ),
    examples: bullets(
      'The top tier includes same-day automated onboarding and a self-service software catalogue',
      'Business review decks show patch compliance, backup success, tickets and security posture from live data',
      'Microsoft 365, backup and security seat counts sync to agreements, and differences are reviewed before invoicing',
    ),
    metrics: bullets(
      'Percentage of automation projects with a recorded expected return (target 100%)',
      'Percentage of clients receiving a data-driven business review at least twice a year (target > 90%)',
      'Self-service adoption rate per client',
      'Billing discrepancies found per month (trending down)',
    ),
    nextSteps: bullets(
      'Set automation priorities from the annual business plan and review them quarterly with leadership',
      'Design new offers so standard delivery is fully automatable and non-standard work is scoped as projects',
      'Show value in client terms, such as hours saved and risk reduced, and link it to each client roadmap',
      'Automate reconciliation end to end, with exceptions approved before invoicing',
    ),
  },
  {
    pillar: 'alignment',
    level: 3,
    shortDescription:
      'Automation is a deliberate strategy that shapes the service catalogue, pricing, client roadmaps and the business plan.',
    detailedContent: prose(
      'Automation priorities come from the business plan and are reviewed quarterly against results.',
      'The catalogue is designed around automated delivery, so standard services scale without proportional headcount and pricing protects margin.',
      'Clients see the value of automation in their own business terms, and it feeds each client roadmap.',
    ),
    requirements: bullets(
      'Automation priorities derived from the business plan and reviewed quarterly',
      'A service catalogue designed for automated delivery, with non-standard work sold as projects',
      'Automatically generated business reviews that express value in client terms',
      'Fully automated billing reconciliation with exception approval',
    ),
    examples: bullets(
      'Quarterly planning assigns automation capacity to business plan goals, such as 20% more endpoints per technician',
      'Business reviews show each client the hours saved and risks reduced, and agree roadmap items',
      'Reconciliation across RMM, Microsoft 365, backup and security tools flags exceptions before invoices go out',
    ),
    metrics: bullets(
      'Gross margin per managed user or device (trending up)',
      'Endpoints or users supported per technician (trending up with SLAs met)',
      'Percentage of recurring revenue from standard service tiers (target > 80%)',
      'Revenue lost to billing discrepancies (target near zero)',
    ),
    nextSteps: bullets(
      'Revisit the automation strategy whenever business goals or the service catalogue change',
      'Co-design client-facing automation, such as approvals in Microsoft Teams, with key clients',
      'Use automation data to develop new services, such as compliance evidence or security baselining',
      'Benchmark margin and efficiency against peer MSPs to set targets for next year',
    ),
  },

  // ---------------------------------------------------------------- Leadership
  {
    pillar: 'leadership',
    level: 0,
    shortDescription:
      'Nobody owns automation; it has no dedicated time, budget or rules and always loses out to ticket work.',
    detailedContent: prose(
      'Leaders see automation as something technicians may do in spare time, which at a busy MSP means almost never.',
      'There is no budget, no roadmap and no policy on what automations may change in client environments.',
      'Staff may see automation as a threat rather than a way to remove drudgery.',
    ),
    requirements: bullets(
      'No named owner or mandate for automation',
      'No budget or protected time for automation work',
      'No rules for approving or auditing automated changes',
      'Automation is rarely discussed by leadership',
    ),
    examples: bullets(
      'A technician builds a useful script in their own time, but nobody approves time to roll it out',
      'A script runs against every client with a shared global admin account and no record of who ran it',
      'Tool trials lapse because nobody is responsible for evaluating them',
    ),
    metrics: bullets(
      'Hours of protected automation time per month (baseline, usually 0)',
      'Annual spend on automation tools and training',
      'Number of automation-related incidents without a clear owner',
    ),
    nextSteps: bullets(
      'Name one person as automation owner and give them a written remit',
      'Reserve a fixed block of time each week for automation and protect it from ticket work',
      'Set basic rules: approval before changes across clients, and no shared admin credentials',
      'Tell the team why you are investing in automation and what it means for their roles',
    ),
  },
  {
    pillar: 'leadership',
    level: 1,
    shortDescription:
      'An enthusiast drives automation informally, with occasional spend but no mandate, roadmap or governance.',
    detailedContent: prose(
      'An interested technician pushes automation forward, and leaders support it in principle.',
      'Time and money are found ad hoc, so progress stalls whenever the service desk gets busy.',
      'Approval for risky changes depends on who is around, and successes are not shared widely.',
    ),
    requirements: bullets(
      'Leaders support automation in principle and approve small purchases',
      'An informal champion drives automation work',
      'Senior technicians are consulted before large automated changes',
      'Some automation wins are mentioned in team meetings',
    ),
    examples: bullets(
      'The owner approves an orchestration platform subscription after a demo, but no time to learn it',
      'Automation work happens late on Fridays or in overtime',
      'The champion asks the service manager before running a script across all clients',
    ),
    metrics: bullets(
      'Hours per month actually spent on automation compared with plan',
      'Number of automation projects started compared with finished',
      'Percentage of automation spend planned in advance',
    ),
    nextSteps: bullets(
      'Formalise the owner role with protected time, such as 10-20% of a role, and quarterly goals',
      'Set an annual budget for automation tools and training',
      'Write a change policy for automation covering approvals, least-privilege accounts and secrets in a vault',
      'Share automation wins and hours saved with the whole team every month',
    ),
  },
  {
    pillar: 'leadership',
    level: 2,
    shortDescription:
      'A named owner with protected time, a budget and a change policy leads automation, and leaders actively champion it.',
    detailedContent: prose(
      'Automation has a named owner who reports progress to management, backed by a budget and a fixed share of engineering time.',
      'A written policy covers approvals, least-privilege access and secret storage, so automation can scale safely.',
      'Leaders explain the purpose to staff and celebrate wins, and technicians are expected to raise ideas.',
    ),
    requirements: bullets(
      'A named automation owner with protected time and regular reporting to management',
      'An agreed budget for tools, training and engineering time',
      'A written change and access policy for automation',
      'A shared backlog where any technician can raise ideas',
    ),
    examples: bullets(
      'The automation lead presents progress and hours saved in the monthly management meeting',
      'Automation service accounts use least-privilege roles, and API keys are held in a password vault',
      'A technician who automates a common task is recognised in the team meeting',
    ),
    metrics: bullets(
      'Percentage of planned automation time actually delivered (target > 80%)',
      'Ideas submitted to the backlog by technicians per quarter',
      'Percentage of automations using least-privilege credentials stored in a vault (target 100%)',
      'Automation budget spent compared with plan',
    ),
    nextSteps: bullets(
      'Make automation part of the company strategy and review it in every leadership meeting',
      'Plan investment each year against expected returns, including dedicated staff or specialist support',
      'Add audit logging and regular access reviews for automation accounts and API keys',
      'Build automation into role descriptions, career paths and performance reviews',
    ),
  },
  {
    pillar: 'leadership',
    level: 3,
    shortDescription:
      'Automation is a leadership-level strategy with accountable ownership, planned investment, firm governance and a supportive culture.',
    detailedContent: prose(
      'Automation is part of the company vision and business plan, owned at leadership level and delivered by an accountable lead or team.',
      'Investment is planned against expected returns and checked against results, and governance includes risk-rated changes, audit trails and access reviews.',
      'Staff see automation as a career opportunity, and saved capacity is visibly reinvested in proactive work and growth.',
    ),
    requirements: bullets(
      'An automation strategy in the business plan, reviewed at leadership level',
      'Annual investment planned against expected returns and reviewed against results',
      'Formal governance: risk-rated change approval, audit logs and regular access reviews',
      'Automation skills reflected in career paths, reviews and rewards',
    ),
    examples: bullets(
      'Automation KPIs are reviewed in the weekly leadership meeting alongside financial and service metrics',
      'Every automated change in a client tenant is logged with what changed and who approved it',
      'Technicians can progress into automation engineering through a published career path',
    ),
    metrics: bullets(
      'Return on automation investment (hours and cost saved compared with spend)',
      'Retention of service delivery staff (trending up)',
      'Percentage of automation accounts and API keys reviewed in the last 12 months (target 100%)',
      'Share of freed capacity reinvested in proactive or project work',
    ),
    nextSteps: bullets(
      'Review the automation strategy every year alongside the business plan and market changes',
      'Develop future automation leaders so ownership never depends on one person',
      'Extend governance to new areas such as AI-assisted automation and client-facing workflows',
      'Share your approach with MSP peer groups to test and improve it',
    ),
  },

  // ---------------------------------------------------------------- Tooling
  {
    pillar: 'tooling',
    level: 0,
    shortDescription:
      'Tools are disconnected, data is re-keyed between systems, and automation is limited to the occasional script.',
    detailedContent: prose(
      'The PSA, RMM, documentation platform and Microsoft 365 are used separately, and technicians copy information between them by hand.',
      'Alerts arrive as emails, tenants are managed one at a time, and documentation quickly goes stale.',
      'Automation features that are already paid for go unused.',
    ),
    requirements: bullets(
      'PSA and RMM are not integrated, or the integration is not maintained',
      'Alerts are handled through email or manual ticket creation',
      'Documentation is entered by hand',
      'Client tenants are managed individually through each admin portal',
    ),
    examples: bullets(
      'A technician copies serial numbers from the RMM into the PSA for each new device',
      'Disk space alerts arrive in a shared mailbox and are checked when someone has time',
      'Each client Microsoft 365 tenant is configured by signing in to it separately',
    ),
    metrics: bullets(
      'Number of core tools with a working integration to the PSA',
      'Percentage of alerts that create a ticket automatically',
      'Percentage of RMM devices matched to a configuration in the PSA and documentation platform',
    ),
    nextSteps: bullets(
      'Enable and configure the PSA-RMM integration, mapping every client and device',
      'Send RMM alerts into the PSA with the right client and priority',
      'Connect the documentation platform to the PSA and RMM to sync assets and contacts',
      'Set up granular delegated admin privileges (GDAP) for every client tenant',
    ),
  },
  {
    pillar: 'tooling',
    level: 1,
    shortDescription:
      'PSA, RMM and documentation are linked by vendor integrations, but mappings are incomplete and alerts are still noisy.',
    detailedContent: prose(
      'Standard integrations are switched on, but unmapped clients and devices mean technicians still fix data by hand.',
      'Alert tickets are created automatically, but many are noise that is closed without action.',
      'Automation runs mostly as RMM scripts, and nothing yet orchestrates work across the wider stack.',
    ),
    requirements: bullets(
      'Vendor integrations between PSA, RMM and documentation are enabled',
      'RMM alerts create PSA tickets automatically',
      'Delegated partner access (GDAP) is in place for client tenants',
      'Built-in RMM automation such as scheduled scripts and condition policies is in use',
    ),
    examples: bullets(
      'Alert tickets are created automatically, but many are informational and closed without action',
      'The documentation platform syncs configurations from the RMM but not contacts from the PSA',
      'A trial of an orchestration platform produced a few notification flows',
    ),
    metrics: bullets(
      'Percentage of RMM devices correctly mapped to clients and configurations (target 100%)',
      'Percentage of alert tickets closed without action (trending down)',
      'Number of integration sync errors per month',
    ),
    nextSteps: bullets(
      'Clean up mappings so every client, device and contact matches across PSA, RMM and documentation',
      'Tune alert policies and close alert tickets automatically when the condition clears',
      'Build remediation scripts for your five most common alert types',
      'Adopt an orchestration platform such as Rewst, n8n, Make or Power Automate for multi-tool workflows',
    ),
  },
  {
    pillar: 'tooling',
    level: 2,
    shortDescription:
      'Core tools sync reliably, and an orchestration platform runs production workflows across PSA, RMM, Microsoft 365 and documentation.',
    detailedContent: prose(
      'Clients, devices, contacts and alerts sync reliably between the PSA, RMM and documentation platform.',
      'Common alerts trigger remediation before a ticket is raised, and a multi-tenant tool applies standard policies across client tenants.',
      'An orchestration platform runs workflows across systems, such as user onboarding from a PSA form.',
    ),
    requirements: bullets(
      'Reliable sync of clients, devices, contacts and alerts across PSA, RMM and documentation',
      'Automated remediation for common alert conditions',
      'Multi-tenant management of client Microsoft 365 tenants from standard templates',
      'Production workflows running on an orchestration platform',
    ),
    examples: bullets(
      'Stopped services and full disks are fixed automatically, and a ticket is raised only if the fix fails',
      'Conditional Access and Intune policies are deployed to client tenants from templates',
      'A workflow creates users from a PSA ticket, updates the ticket and records the details in documentation',
    ),
    metrics: bullets(
      'Percentage of alerts remediated without a technician (target > 30%)',
      'Percentage of client tenants on the standard policy baseline (target > 90%)',
      'Number of production workflows on the orchestration platform',
      'Data sync errors between tools per month (target near zero)',
    ),
    nextSteps: bullets(
      'Template workflows so they can be deployed to any client with per-client settings',
      'Monitor every integration and workflow, and alert on failures',
      'Detect and remediate configuration drift in tenants and on endpoints automatically',
      'Run scheduled audits that flag mismatches between PSA, RMM, documentation and vendor portals',
    ),
  },
  {
    pillar: 'tooling',
    level: 3,
    shortDescription:
      'An integrated, monitored platform where data stays in sync, self-healing is standard and templated workflows reach every client.',
    detailedContent: prose(
      'The PSA, RMM, documentation, Microsoft 365, security and backup tools behave as one connected system, with automated checks that catch mismatches.',
      'Self-healing handles most common alerts, tenant baselines are enforced with drift detection, and workflows are templated across clients.',
      'Integrations and workflows are monitored like any other production service.',
    ),
    requirements: bullets(
      'Automated checks keep PSA, RMM, documentation and vendor portals consistent',
      'Self-healing for most common alert types, with tickets only on failure',
      'Tenant and endpoint baselines enforced with drift detection and remediation',
      'Templated multi-tenant workflows with monitoring, alerting and version control',
    ),
    examples: bullets(
      'A device that appears in the RMM without an agreement line in the PSA raises a review task automatically',
      'A new client tenant receives the standard security baseline within a day of onboarding',
      'Integration failures alert the automation team before technicians notice missing data',
    ),
    metrics: bullets(
      'Percentage of alerts resolved by self-healing (target > 50%)',
      'Percentage of tenants and endpoints compliant with baseline (target > 98%)',
      'Integration and workflow availability (target > 99%)',
      'Time to deploy a standard workflow to a new client (target < 1 day)',
    ),
    nextSteps: bullets(
      'Review the tool stack every year for overlap, cost and integration quality',
      'Evaluate new capabilities, such as AI-assisted triage, against clear success criteria before adopting them',
      'Keep integration documentation and API credentials under regular review',
      'Plan for vendor changes with data export paths and loosely coupled integrations',
    ),
  },

  // ---------------------------------------------------------------- KPIs
  {
    pillar: 'kpis',
    level: 0,
    shortDescription:
      'The effect of automation is not measured, and service performance is judged by feel and client complaints.',
    detailedContent: prose(
      'Ticket categories and time entries are too inconsistent to report on.',
      'Nobody knows how much time automation saves, whether scripts succeed or how SLAs are trending.',
      'Without a baseline, the case for investing in automation rests on opinion.',
    ),
    requirements: bullets(
      'No regular service or automation reporting',
      'Ticket categories and time entries too inconsistent to report on',
      'No baseline for SLA attainment, resolution time or utilisation',
    ),
    examples: bullets(
      'The owner learns an SLA was missed when the client complains',
      'A nightly script has been failing for weeks without anyone noticing',
      'Nobody can say how long a typical new-user setup takes',
    ),
    metrics: bullets(
      'Percentage of tickets with an accurate category and time entry (baseline)',
      'Number of service metrics reviewed at least monthly (baseline, often 0)',
      'Time needed to answer a basic question such as tickets per client last month',
    ),
    nextSteps: bullets(
      'Require time entries and a category on every ticket',
      'Turn on standard PSA reports for SLA attainment, ticket volume and resolution time, and review them monthly',
      'Record a baseline of how long your five most common manual tasks take',
      'Make failed scripts visible, for example by alerting on non-zero exit codes in the RMM',
    ),
  },
  {
    pillar: 'kpis',
    level: 1,
    shortDescription:
      'Basic PSA reports exist and time saved by automation is sometimes estimated, but measures are not tracked over time.',
    detailedContent: prose(
      'The PSA produces SLA and ticket volume reports, and someone looks at them from time to time.',
      'Time saved by automation is estimated for a few headline automations, usually when justifying a purchase.',
      'Automation failures are found by investigating problems rather than by monitoring.',
    ),
    requirements: bullets(
      'Standard PSA reports for SLA attainment and ticket volumes',
      'Time entries recorded on most tickets',
      'Rough time-saved estimates for key automations',
      'Script output logged in the RMM',
    ),
    examples: bullets(
      'The service manager checks the SLA report when a client escalates',
      'The business case for an orchestration platform used an estimate of hours saved on onboarding',
      'Script results are read in the RMM activity log after something goes wrong',
    ),
    metrics: bullets(
      'SLA attainment by priority (target > 95%)',
      'Percentage of tickets with a time entry (target > 95%)',
      'Number of automations with a time-saved estimate',
      'Tickets per endpoint per month',
    ),
    nextSteps: bullets(
      'Give each automation an estimated manual time per run and log run counts',
      'Raise an alert or ticket whenever a production automation fails',
      'Review SLA attainment, resolution time, reopen rate and tickets per endpoint monthly by client',
      'Track utilisation and endpoints or users per technician every month',
    ),
  },
  {
    pillar: 'kpis',
    level: 2,
    shortDescription:
      'Time saved, automation success rates and service metrics are tracked monthly and reviewed by leadership.',
    detailedContent: prose(
      'Every automation has an estimated manual time per run, so run counts produce a monthly hours-saved figure.',
      'Failed runs raise alerts, and success rates for key automations are reviewed alongside SLA, resolution and utilisation metrics.',
      'Leadership receives a monthly report, although dashboards and targets are not yet fully in place.',
    ),
    requirements: bullets(
      'A time-saved estimate and run count for every production automation',
      'Alerts or tickets raised for failed automation runs',
      'Monthly review of service desk and utilisation metrics by client and category',
      'A monthly automation report to leadership',
    ),
    examples: bullets(
      'The monthly report shows 140 hours saved, 35% of alerts auto-resolved and a 97% automation success rate',
      'Tickets per endpoint by client highlight environments that need standardisation',
      'Utilisation and endpoints per technician are used in hiring discussions',
    ),
    metrics: bullets(
      'Hours saved by automation per month (trending up)',
      'Automation success rate (target > 95%)',
      'Percentage of tickets resolved without technician touch',
      'Endpoints or users per technician (trending up)',
    ),
    nextSteps: bullets(
      'Add automation KPIs to the company scorecard with owners and targets',
      'Compare service metrics before and after each automation to confirm its effect',
      'Build live dashboards from PSA, RMM and workflow data instead of manual reports',
      'Share a client-facing version of automation results in business reviews',
    ),
  },
  {
    pillar: 'kpis',
    level: 3,
    shortDescription:
      'Automation KPIs sit on the company scorecard with targets, drive priorities and prove value to leadership and clients.',
    detailedContent: prose(
      'Live dashboards combine PSA, RMM and workflow data, and automation KPIs have owners and targets on the company scorecard.',
      'Every automation is measured before and after, so its effect on SLAs, capacity and margin is known.',
      'The numbers decide what to automate next, and clients see their own version in business reviews.',
    ),
    requirements: bullets(
      'Automation KPIs with owners and targets on the company scorecard',
      'Live dashboards built from PSA, RMM and workflow data',
      'Before-and-after measurement for every significant automation',
      'Client-facing automation metrics in business reviews',
    ),
    examples: bullets(
      'The weekly leadership meeting reviews hours saved, auto-resolution rate and automation success against target',
      'An onboarding workflow showed resolution time dropping from two days to four hours, confirmed in the dashboard',
      'A failing automation is spotted on the dashboard within an hour and fixed the same day',
    ),
    metrics: bullets(
      'Return on investment for each significant automation (hours and cost saved compared with build cost)',
      'Automation success rate (target > 98%)',
      'Percentage of tickets resolved without technician touch (target > 25%)',
      'Gross margin per endpoint or user (trending up)',
    ),
    nextSteps: bullets(
      'Review KPI definitions and targets every year so they still reflect business goals',
      'Retire metrics nobody acts on, and add leading indicators such as automation backlog age',
      'Benchmark against peer MSPs and published industry data',
      'Use trend data to forecast capacity and hiring needs',
    ),
  },
];

const demographicFields: SeedDemographicField[] = [
  { identifier: 'first_name', label: 'First Name', fieldType: 'text', options: null, isRequired: true },
  { identifier: 'last_name', label: 'Last Name', fieldType: 'text', options: null, isRequired: true },
  {
    identifier: 'email_address',
    label: 'Email Address',
    fieldType: 'email',
    options: null,
    isRequired: true,
  },
  { identifier: 'company', label: 'Company Name', fieldType: 'text', options: null, isRequired: true },
  {
    identifier: 'employee_count',
    label: 'Number of Employees in Your Company',
    fieldType: 'select',
    options: ['1-5', '6-10', '11-25', '26-50', '51-100', '100+'],
    isRequired: true,
  },
  {
    identifier: 'managed_companies',
    label: 'Number of Companies Your MSP Manages',
    fieldType: 'select',
    options: ['1-10', '11-25', '26-50', '51-100', '101-250', '250+'],
    isRequired: true,
  },
  {
    identifier: 'role',
    label: 'Your Role',
    fieldType: 'select',
    options: [
      'Owner / CEO',
      'Operations / Service Manager',
      'Technical Lead / Engineer',
      'Sales / Account Management',
      'Other',
    ],
    isRequired: false,
  },
];

const resultsEmailHtml = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your MSP automation maturity results</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
  <tr>
    <td align="center" style="padding:24px 12px;">
      <table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"
        style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e5e7eb;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
        <tr>
          <td style="padding:28px 32px 8px 32px;font-size:22px;line-height:30px;font-weight:bold;color:#111827;">
            Your MSP automation maturity results
          </td>
        </tr>
        <tr>
          <td style="padding:8px 32px 0 32px;font-size:15px;line-height:24px;">
            <p style="margin:0 0 12px 0;">Hi {{firstName}} {{lastName}},</p>
            <p style="margin:0 0 12px 0;">Thank you for completing the MSP automation maturity assessment for {{companyName}}. Here is a summary of your results.</p>
          </td>
        </tr>
        <tr>
          <td style="padding:8px 32px;">
            <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#eff6ff;border:1px solid #bfdbfe;">
              <tr>
                <td align="center" style="padding:20px 16px;font-family:Arial,Helvetica,sans-serif;">
                  <div style="font-size:13px;line-height:20px;color:#1e40af;text-transform:uppercase;letter-spacing:1px;">Overall maturity level</div>
                  <div style="font-size:26px;line-height:34px;font-weight:bold;color:#1e3a8a;">{{overall_level}}</div>
                </td>
              </tr>
            </table>
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 4px 32px;font-size:16px;line-height:24px;font-weight:bold;color:#111827;">
            Your level in each pillar
          </td>
        </tr>
        <tr>
          <td style="padding:4px 32px 8px 32px;">
            <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;">
              <tr>
                <td style="padding:10px 0;border-bottom:1px solid #e5e7eb;">Expertise</td>
                <td align="right" style="padding:10px 0;border-bottom:1px solid #e5e7eb;font-weight:bold;">{{expertise_level}}</td>
              </tr>
              <tr>
                <td style="padding:10px 0;border-bottom:1px solid #e5e7eb;">Processes</td>
                <td align="right" style="padding:10px 0;border-bottom:1px solid #e5e7eb;font-weight:bold;">{{processes_level}}</td>
              </tr>
              <tr>
                <td style="padding:10px 0;border-bottom:1px solid #e5e7eb;">Alignment</td>
                <td align="right" style="padding:10px 0;border-bottom:1px solid #e5e7eb;font-weight:bold;">{{alignment_level}}</td>
              </tr>
              <tr>
                <td style="padding:10px 0;border-bottom:1px solid #e5e7eb;">Leadership</td>
                <td align="right" style="padding:10px 0;border-bottom:1px solid #e5e7eb;font-weight:bold;">{{leadership_level}}</td>
              </tr>
              <tr>
                <td style="padding:10px 0;border-bottom:1px solid #e5e7eb;">Tooling</td>
                <td align="right" style="padding:10px 0;border-bottom:1px solid #e5e7eb;font-weight:bold;">{{tooling_level}}</td>
              </tr>
              <tr>
                <td style="padding:10px 0;border-bottom:1px solid #e5e7eb;">KPIs</td>
                <td align="right" style="padding:10px 0;border-bottom:1px solid #e5e7eb;font-weight:bold;">{{kpis_level}}</td>
              </tr>
            </table>
            <p style="margin:8px 0 0 0;font-size:13px;line-height:20px;color:#6b7280;">Levels run from 0 (None) through 1 (Some) and 2 (Advanced) to 3 (Mature).</p>
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 0 32px;font-size:16px;line-height:24px;font-weight:bold;color:#111827;">
            Your next step
          </td>
        </tr>
        <tr>
          <td style="padding:8px 32px 0 32px;font-size:15px;line-height:24px;">
            <p style="margin:0 0 12px 0;">Start with your lowest-scoring pillar and aim to move it up one level in the next 90 days. The maturity matrix in the assessment describes what the next level looks like for each pillar, with requirements, examples, metrics and concrete next steps.</p>
            <p style="margin:0 0 12px 0;">If you are unsure where to begin, pick one frequent, low-risk task, such as new-user onboarding or a common RMM alert. Document it, automate it, and measure the time it saves. One well-measured win makes the case for the next.</p>
            <p style="margin:0 0 12px 0;">You can take the assessment again at any time to track your progress.</p>
          </td>
        </tr>
        <tr>
          <td style="padding:8px 32px 28px 32px;font-size:15px;line-height:24px;">
            <p style="margin:0;">Best regards,<br>The assessment team</p>
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px;background-color:#f9fafb;border-top:1px solid #e5e7eb;font-size:12px;line-height:18px;color:#6b7280;">
            You are receiving this email because you completed the MSP automation maturity assessment and entered this email address.
          </td>
        </tr>
      </table>
    </td>
  </tr>
</table>
</body>
</html>
`;

const emailTemplates: SeedEmailTemplate[] = [
  {
    name: 'Assessment results',
    subject: 'Your MSP automation maturity results for {{companyName}}',
    htmlBody: resultsEmailHtml,
    isActive: true,
  },
];

export const seedContent: SeedContent = {
  pillars,
  questions,
  matrixCells,
  demographicFields,
  emailTemplates,
};
