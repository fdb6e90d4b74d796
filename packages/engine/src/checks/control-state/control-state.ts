// conflict_check on the state of a control: a normative document requires it (MFA is required,
// laptops are encrypted) while another document says it is off (MFA "is disabled on the VPN").
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { allowsNoException, EXCEPTION_WORDS } from '../../analyst/exceptions';
import { quoteOf, type Issue } from '../../analyst/issue';
import { jaccard, tokenize } from '../../text/normalize';
import { DAY_MS, extractDates, isoOf, type FoundDate } from '../../analyst/dates';
import { describeDays, extractTimeQuantities } from '../../analyst/quantities';

export interface ControlDefinition {
  id: string;
  label: string;
  subject: RegExp;
  query: string;
  /** Set for controls judged by how people worked around them in correspondence and records. */
  bypass?: BypassDefinition;
  /** Set for controls judged by a dedicated check on the retrieved segments. */
  detect?: (analysis: CorpusAnalysis, segments: LocatedSegment[]) => Issue | null;
}

/**
 * A way of working around a control, as correspondence, minutes or logs describe it: each cue is
 * a phrasing of the bypass with a weight (2 = conclusive on its own). `requirement` finds the
 * normative statement the bypass breaks; without one nothing is reported.
 */
export interface BypassDefinition {
  cues: Array<{ pattern: RegExp; weight: number }>;
  /** A cue sentence that also says the thing was undone or refused is not a bypass. */
  undone?: RegExp;
  requirement: RegExp;
  /** What the finding says happened, e.g. "a change was deployed without prior approval". */
  breach: string;
}

/** A required course or programme of instruction. */
const TRAINING_WORDS = /\b(?:training|course|module|induction|e-?learning|certification)\b/;
/** Access to systems or data being given. */
const ACCESS_WORDS =
  /\b(?:access|accounts?|log(?:in|on)s?|credentials|user ?IDs?)\b[^.]{0,40}\b(?:enabled|granted|given|provisioned|created|activated|issued|added|opened)\b|\b(?:enabled|granted|given|provisioned|created|activated|issued|added)\b[^.]{0,20}\b(?:access|accounts?|log(?:in|on)s?)\b|\bwith\b[^.]{0,30}\baccess\b/;
/** Phrasings that put the training after access: on the job, with a later due date, not done. */
const TRAINING_AFTER =
  /\b(?:before (?:complet\w*|finish\w*|pass\w*|tak\w*|attend\w*)|without (?:complet\w*|having complet\w*|finish\w*)|(?:during|within|in) (?:their|the|his|her) first (?:days?|weeks?|month)|(?:from|on) day (?:one|1)\b|between (?:the )?(?:account|access)\w* (?:enabled|granted|created|provisioned|activated) and (?:the )?(?:course|training|module)\w* complet\w*|\d+-day due date|not (?:yet )?complet\w*[^.]{0,40}\bafter (?:their|the) start)/;

/** Copying data between environments. */
const COPY_WORDS =
  /\b(?:cop(?:y|ied|ying)|restor\w*|load\w*|dump\w*|pg_dump|clon\w*|refresh\w*|import\w*|replicat\w*|migrat\w*)\b/;
/** Environments that are not production. */
const NON_PRODUCTION =
  /\b(?:staging(?:-\w+)?|non-?prod\w*|test (?:environment|system|instance|server|database|tenant)s?|dev(?:elopment)? (?:environment|system|instance|server|database)s?|sandbox\w*|UAT|QA (?:environment|system|instance))\b/;

export const CONTROLS: ControlDefinition[] = [
  {
    id: 'mfa',
    label: 'multi-factor authentication',
    subject: /\b(multi-?factor|two-?factor|MFA|2FA)\b/i,
    query: 'multi-factor authentication MFA required remote access VPN',
  },
  {
    id: 'disk_encryption',
    label: 'full-disk encryption',
    subject: /\b(full[- ]disk encryption|disk encryption|device encryption|BitLocker|FileVault)\b/i,
    query: 'full-disk encryption laptops enabled',
  },
  {
    id: 'audit_logging',
    label: 'audit logging',
    subject: /\b(audit log\w*|logging)\b/i,
    query: 'audit logging enabled production systems',
  },
  {
    id: 'backups',
    label: 'backups',
    subject: /\bback(?:ups?|ed up)\b/i,
    query: 'backups taken production database',
  },
  {
    id: 'endpoint_protection',
    label: 'endpoint protection',
    subject: /\b(anti-?virus|anti-?malware|endpoint (?:protection|detection)|EDR)\b/i,
    query: 'antivirus endpoint protection installed',
  },
  {
    id: 'point_in_time_recovery',
    label: 'point-in-time recovery',
    subject: /\bpoint[- ]in[- ]time recovery\b/i,
    query: 'point-in-time recovery enabled database',
  },
  {
    id: 'background_checks',
    label: 'background checks',
    subject: /\bbackground (?:checks?|screening|verification)\b/i,
    query: 'background checks employees before hire',
  },
];

CONTROLS.push(
  {
    id: 'change_approval_bypass',
    label: 'prior approval of changes',
    subject: /\b(change|deploy\w*|release|hotfix|implement\w*)\b/i,
    query:
      'deploy it myself yourself approval after the fact change request CAB wait emergency change approved before implementation',
    bypass: {
      breach:
        'a change or request went ahead without the independent prior approval the procedure requires (self-approved, approved after the fact, or approvers bypassed)',
      cues: [
        {
          // The implementer approving or deploying their own change.
          pattern:
            /\b(deploy|push|ship|releas|implement|install|merg|apply|roll)\w*\b[^.?!]{0,80}\b(myself|yourself|himself|herself|themselves|on (?:my|your|his|her|their) own)\b/i,
          weight: 1,
        },
        {
          // Approval or the change record arranged after implementation.
          pattern:
            /\b(after the fact|retroactive\w*|retrospectively approv\w*|backdat\w*|(?:raise|log|file|put|open|create|submit)\w* (?:the |a )?(?:CR|change request|change record|change ticket|ticket|RFC)\b[^.?!]{0,30}\b(?:later|afterwards|after(?:wards)? (?:the|we)|tomorrow|next week))\b/i,
          weight: 1,
        },
        {
          // Deliberately not waiting for, or not involving, the approvers.
          pattern:
            /\b(?:don'?t|do not|won'?t|not|no need to|can'?t|cannot)\s+(?:want to\s+|need to\s+|going to\s+|try to\s+)?(?:wait for|go through|bother with|page|involve|get hold of|ask)\b[^.?!]{0,60}\b(CAB|change (?:advisory )?board|approv\w*|committee|sign-?off|security|change window|ticket|anyone)\b/i,
          weight: 1,
        },
        {
          pattern:
            /\bwithout (?:a |an |the |any |prior |formal )?(?:approv\w*|change request|CR|change ticket|sign-?off|CAB)\b/i,
          weight: 1,
        },
        {
          // Self-approval: "approved my own change", "requested and approved it himself".
          pattern:
            /\bapprov\w* (?:my|his|her|their|your) own\b|\b(?:requested|raised|submitted) and approved\b[^.?!]{0,30}\b(?:same person|(?:him|her|my|your|them)sel(?:f|ves))\b/i,
          weight: 2,
        },
        {
          // Approval that came only after the change was made.
          pattern:
            /\b(?:approv\w*|sign(?:ed)?[- ]off)\b[^.?!]{0,30}\b(?:only )?(?:afterwards|the (?:next|following) day|after (?:deployment|implementation|go-live|the change|it went live))\b/i,
          weight: 1,
        },
      ],
      requirement:
        /\bapprov\w*\b[^.]{0,150}\b(?:before|prior to)\b[^.]{0,60}\b(?:implement\w*|deploy\w*|production|release|change)|\b(?:before|prior to) (?:implementation|deployment|release|go-live)\b[^.]{0,120}\bapprov\w*|\bmay not (?:be )?(?:one of )?the approv\w*|\bcannot (?:deploy|approve|release) their own\b|\bnot approve (?:their|his|her) own\b/i,
    },
  },
  {
    id: 'dual_control_bypass',
    label: 'dual control and split knowledge',
    subject:
      /\b(dual (?:control|custody)|split knowledge|two-person|four[- ]eyes|custodians?|components?)\b/i,
    query:
      'enter both components myself custodian witness dual control split knowledge ceremony two custodians present',
    bypass: {
      breach: 'one person performed a task that requires two (dual control / split knowledge)',
      undone: /\b(no longer|never|not allowed|prevent\w*|refus\w*|declin\w*|rejected)\b/i,
      cues: [
        {
          pattern:
            /\b(enter|load|input|key|hold|held|use|combine|sign|perform)\w*\s+(?:both|all (?:two|three|the)|the two)\s+(?:\w+\s+){0,2}(components?|halves|shares|parts|passwords|PINs?|signatures|keys|key parts)\b/i,
          weight: 2,
        },
        {
          pattern:
            /\b(load|enter|input|key|combin)\w*\s+(?:the\s+)?(components?|shares?|halves|parts) (?:1|one) and (?:2|two)\b/i,
          weight: 1,
        },
        {
          // A register's remark: "BM holding Key A and Key B till ABM resumes".
          pattern:
            /\b(?:hold|held|holding|keep|kept|keeping|carr(?:y|ies|ying))\b[^.?!]{0,20}\b(key|component|share|part|combination)s? [A-Z1-9] and (?:\1s? )?[A-Z1-9]\b/i,
          weight: 2,
        },
        {
          // Alone next to the thing dual control protects, in either order.
          pattern:
            /\b(alone|single[- ]handed\w*|one person|same person|without a second (?:person|custodian|signatory|officer))\b[^.?!]{0,80}\b(components?|custodians?|keys?|ceremony|vault|safe|dual)\b|\b(components?|custodians?|keys?|ceremony|vault|safe)\b[^.?!]{0,40}\b(alone|single[- ]handed\w*|by (?:him|her|my|your)self)\b/i,
          weight: 2,
        },
        {
          pattern: /\bwitness\w*\b[^.?!]{0,40}\b(over video|by video|remotely|by phone|remote)\b/i,
          weight: 1,
        },
      ],
      requirement:
        /\b(dual (?:control|custody)|split knowledge|two-person (?:rule|control|integrity)|four[- ]eyes|two (?:authori[sz]ed )?(?:custodians|persons|people|individuals|signatories)|more than one component)\b|\b(?:both|two) keys\b[^.]{0,60}\b(?:same|one|single) person\b/i,
    },
  },
  {
    id: 'advance_notice_bypass',
    label: 'advance notice',
    subject: /\b(?:notice|notif\w*)\b/i,
    query:
      'notify at least hours before commences advance notice usual notice notification once completed afterwards',
    bypass: {
      breach:
        'the work went ahead without the advance notice a rule requires: the notice was to be given only once it was done',
      cues: [
        {
          // "we cannot give the required notice", "there is no time to give the normal notice".
          pattern:
            /\b(?:can'?t|cannot|unable to|won'?t be able to|not able to|no time to)\s+give\s+(?:the\s+)?(?:usual|required|normal|full|advance|prior|\d+[- ]hours?'?)\s+notice\b/i,
          weight: 2,
        },
        {
          // "will send the notice once the work is finished", "notify them after it is done".
          pattern:
            /\b(?:lodge|send|submit|give|make|file|notify)\w*\b[^.?!]{0,80}\b(?:once|after|when)\b[^.?!]{0,40}\b(?:complet\w*|finish\w*|done|over)\b/i,
          weight: 1,
        },
        {
          pattern:
            /\bretrospective(?:ly)?\s+notif\w*|\b(?:notice|notif\w*)\b[^.?!]{0,60}\b(?:retrospectively|after the event)\b/i,
          weight: 2,
        },
      ],
      requirement:
        /\b(?:at least|no less than|not less than|a minimum of)\s+(?:[\w()-]+\s+){1,3}(?:hours?|days?|weeks?)(?:['\u2019]|\s+(?:advance|prior|written))?(?:\s+notice)?\s+(?:before|prior to|in advance of)\b/i,
    },
  },
  {
    id: 'remote_access_bypass',
    label: 'controlled remote access',
    subject: /\b(remote (?:access|support|session)|jump (?:host|server)|bastion)\b/i,
    query:
      'unattended remote access tool installed outbound internet rule jump host bypassed remote support vendor persistent',
    bypass: {
      breach: 'remote access was opened outside the controlled path the standard requires',
      undone:
        /\b(remov\w*|uninstall\w*|block\w*|decommission\w*|disabl\w*|no longer|revok\w*|rejected|declined|refused|not allowed|prohibited)\b/i,
      cues: [
        {
          pattern:
            /\b(unattended (?:access|remote|mode)|remote (?:access|support|control|desktop) (?:tool|software|agent|app)|TeamViewer|AnyDesk|LogMeIn|ScreenConnect|Splashtop|VNC server|persistent (?:remote|connection|access|tunnel))\b/i,
          weight: 2,
        },
        {
          pattern:
            /\b(outbound|inbound|opened?|allow\w*)\b[^.?!]{0,80}\b(internet|0\.0\.0\.0\/0)\b|\binternet (?:route|access|connection|path)\b[^.?!]{0,60}\b(zone|VLAN|segment|network|level)\b/i,
          weight: 1,
        },
        {
          pattern:
            /\b(bypass\w*|instead of|not via|outside|not through)\b[^.?!]{0,30}\b(jump (?:host|server|box)|bastion|PAM|privileged access)\b/i,
          weight: 1,
        },
      ],
      requirement:
        /\bremote[- ](?:access|support|connections?|sessions?|maintenance|control)\b[^.]{0,200}\b(jump (?:host|server|box)|bastion|only|must|shall|prohibit\w*|not permitted|no (?:direct|persistent|unattended))\b|\b(no|never|not|prohibit\w*)\b[^.]{0,60}\b(route|connection|access|path)s?\b[^.]{0,30}\binternet\b/i,
    },
  },
  {
    id: 'timely_access_removal',
    label: 'timely removal of access for leavers',
    subject: /\b(leav\w*|separat\w*|terminat\w*|depart\w*|offboard\w*|exit\w*)\b/i,
    query:
      'leaver accounts disabled deactivated monthly batch weekly separation termination next business day within 24 hours',
    bypass: {
      breach:
        'access of people who left is removed on a periodic batch cycle (weekly, monthly) rather than within the short deadline the standard sets',
      undone: /\b(rejected|declined|not approved|reverted|cancel\w*|withdrawn)\b/i,
      cues: [
        {
          // Leaver, removal action and a slow removal cadence in one statement, in any order; a
          // periodic review or reconciliation that catches missed leavers is a safety net, not it.
          pattern:
            /^(?=.*\b(leav(?:er|ers|ing)|separat\w*|terminat\w*|depart\w*|offboard\w*|exit\w*|resign\w*)\b)(?=.*\b(disabl\w*|deactivat\w*|de-?provision\w*|revok\w*|remov\w*|suspend\w*|lock\w*|clos\w*)\b)(?=.*\b((?:weekly|fortnightly|monthly|quarterly) (?:batch|run|sweep|job|cycle|basis|schedule|process|clean-?up)|once a (?:week|fortnight|month|quarter)|every (?:week|fortnight|month|quarter|two weeks|other week)|(?:end|close) of (?:each|every) month|month-?end (?:batch|run|sweep))\b)(?!.*\b(?:review\w*|reconcil\w*|audit\w*|recertif\w*)\b)/i,
          weight: 2,
        },
      ],
      requirement:
        /^(?=.*\b(leav\w*|separat\w*|terminat\w*|depart\w*|offboard\w*|exit\w*)\b)(?=.*\b(disabl\w*|deactivat\w*|de-?provision\w*|revok\w*|remov\w*|suspend\w*)\b)(?=.*\b(same (?:business |working )?day|within (?:\d+|one|two|twelve|twenty-four|forty-eight) hours?|(?:next|one|1) (?:business|working|calendar) day|immediately|close of business|end of (?:the )?(?:next )?(?:business|working) day|at the time of)\b)/i,
    },
  },
  {
    id: 'prerequisite_before_access',
    label: 'training completed before access is granted',
    subject: /\b(training|course|module|induction|e-?learning)\b/i,
    query:
      'access enabled before training completed day one due date new hires course completion first weeks account granted',
    bypass: {
      breach:
        'access was granted first and the required training completed later (or not at all), reversing the order the rule sets',
      undone: /\b(rejected|declined|not approved|reverted|withdrawn)\b/i,
      cues: [
        {
          // Access, training and an order that puts the training after the access.
          pattern: new RegExp(
            `^(?=.*${TRAINING_WORDS.source})(?=.*${ACCESS_WORDS.source})(?=.*${TRAINING_AFTER.source})`,
            'i',
          ),
          weight: 2,
        },
        {
          // Training scheduled into the first weeks of the job, or access no longer held for it.
          pattern: new RegExp(
            `^(?=.*${TRAINING_WORDS.source})(?=.*${TRAINING_AFTER.source})|\\b(?:not|n't|no longer|stopped)\\b[^.]{0,30}\\b(?:hold\\w*|withhold\\w*|block\\w*|gat\\w*|wait\\w*)\\b[^.]{0,30}\\b(?:accounts?|access)\\b[^.]{0,20}\\b(?:for|until|pending)\\b`,
            'i',
          ),
          weight: 1,
        },
      ],
      requirement: new RegExp(
        `^(?=.*${TRAINING_WORDS.source})(?=.*\\b(?:before|prior to|until|precondition|condition of)\\b)(?=.*${ACCESS_WORDS.source})`,
        'i',
      ),
    },
  },
  {
    id: 'informal_exception',
    label: 'formally approved exceptions',
    subject: /\b(exceptions?|waivers?|deviations?|approv\w*)\b/i,
    query:
      'exception approved by email no need for a form verbal approval stopgap for now exception request form written approval',
    bypass: {
      breach:
        'a deviation from the rule was approved informally (by e-mail, by phone, without the exception form), outside the exception route the policy requires',
      undone: /\b(rejected|declined|not approved|withdrawn|revoked|cancel\w*)\b/i,
      cues: [
        {
          // The message itself, or a call, standing in for the formal exception.
          pattern:
            /\bno need for (?:a |an |the )?(?:form|ticket|request|paperwork|exception|waiver)\b|\bthis (?:e-?mail|message|note|reply) (?:is|serves as|counts as|will serve as) (?:the |your |my |our )?(?:approval|exception|authori[sz]ation|sign-?off|waiver)\b|\b(?:approv\w*|agreed|authori[sz]\w*) (?:verbally|by (?:e-?mail|phone|text))\b|\bverbal(?:ly)? (?:approv\w*|ok(?:ay)?|agreement)\b/i,
          weight: 2,
        },
        {
          // A temporary go-ahead for something the rule forbids.
          pattern:
            /\b(?:fine|ok(?:ay)?|allowed|approved|go ahead)\b[^.?!]{0,40}\b(?:stopgap|for now|temporar\w*|in the meantime|for the time being)\b/i,
          weight: 1,
        },
      ],
      requirement:
        /\b(?:exceptions?|waivers?|deviations?)\b[^.]{0,200}\b(?:in writing|on form|written|formal\w*|not valid|must be (?:requested|approved|recorded|documented))\b|\b(?:verbal|e-?mail(?:-only)?|oral) (?:or [\w-]+ )?(?:approvals?|exceptions?)\b[^.]{0,40}\bnot (?:valid|accepted|permitted|sufficient)\b|\bno exception (?:process|route|procedure)\b/i,
    },
  },
  {
    id: 'production_data_in_nonproduction',
    label: 'no production data in non-production environments',
    subject: /\b(staging|non-?production|test environment|development|sandbox|UAT|QA)\b/i,
    query:
      'production data copied restored into staging test environment dump snapshot real customer data non-production anonymised extract',
    bypass: {
      breach:
        'production (real customer, patient or personal) data was copied into a non-production environment',
      undone:
        /\b(anonymi[sz]\w*|pseudonymi[sz]\w*|masked|synthetic|scrubbed|de-?identified|dropped|deleted|purged|removed)\b/i,
      cues: [
        {
          // A copy from production into a non-production environment, in one statement.
          pattern: new RegExp(
            `^(?=.*${COPY_WORDS.source})(?=.*\\b(?:prod|production|live|real (?:customer|patient|client|member|employee|user)s?(?: data)?)\\b)(?=.*${NON_PRODUCTION.source})`,
            'i',
          ),
          weight: 2,
        },
        {
          // A database copy loaded into a non-production environment (source implied).
          pattern: new RegExp(
            `${COPY_WORDS.source}[^.?!]{0,60}\\b(?:snapshot|backup|dump|schema|database|tables?|extract)\\b[^.?!]{0,40}\\b(?:in|into|to|onto)\\b[^.?!]{0,10}${NON_PRODUCTION.source}`,
            'i',
          ),
          weight: 1,
        },
      ],
      requirement: new RegExp(
        `^(?=.*\\b(?:production|live|real)\\b)(?=.*${NON_PRODUCTION.source})(?=.*\\b(?:not|never|prohibit\\w*|forbidden|only|anonymi[sz]\\w*|masked)\\b)`,
        'i',
      ),
    },
  },
  {
    id: 'shared_credentials',
    label: 'individual accountable credentials',
    subject: /\b(shared|generic) (?:accounts?|credentials|passwords?)\b/i,
    query:
      'shared password shared account team login generic logon vault entry credentials unique user ID individual not shared',
    bypass: {
      breach: 'credentials were shared between people instead of being individual',
      undone:
        /\b(remov\w*|disabl\w*|decommission\w*|delet\w*|retir\w*|replac\w*|no longer|revok\w*|rotated)\b/i,
      cues: [
        {
          // A credential explicitly shared between people ("shared shift logons", "sharing the
          // password", "same login for").
          pattern:
            /\b(shared (?:\w+ )?(?:vault entry|accounts?|passwords?|credential\w*|log(?:in|on)s?|sign-?ins?|user ?(?:names?|IDs?)|admin accounts?)|(?:password|credential\w*|log(?:in|on))s? (?:in|into|on) (?:the |a )?shared\b|same (?:password|log(?:in|on)|account|user ?(?:name|ID)) for|shar(?:e|ed|ing) (?:the |my |his |her |their |a |one )?(?:password|credential\w*|log(?:in|on)s?|accounts?))/i,
          weight: 2,
        },
        {
          // One credential per group, shift or station rather than per person.
          pattern:
            /\bone (?:log(?:in|on)|account|user ?(?:name|ID)|password|sign-?in) (?:per|for (?:the|each|every|all)) (?:\w+ )?(shift|team|crew|station|ward|unit|clinic|site|cell|line|department|desk|counter|room|branch|store)s?\b/i,
          weight: 2,
        },
        {
          // Group, team or generic credentials ("team login", "generic user ID", "shift logon").
          pattern:
            /\b(team|group|generic|common|communal|departmental|department|shift|station|pooled|floor|ward|crew|kiosk) (?:log(?:in|on)s?|user ?(?:names?|IDs?)|credentials|passwords?|sign-?ins?)\b/i,
          weight: 1,
        },
      ],
      requirement:
        /\b(shared|generic|group|common|team|department\w*) (?:user )?(?:accounts?|credentials|passwords?|IDs?|log(?:in|on)s?)\b[^.]{0,80}\b(not|prohibit\w*|forbidden|never)\b|\b(not|never|prohibit\w*)\b[^.]{0,60}\b(shared|generic|group) (?:user )?(?:accounts?|credentials|passwords?|IDs?|log(?:in|on)s?)\b|\bunique(?:ly)? (?:user )?(?:IDs?|identi\w+|accounts?|credentials?|log(?:in|on)s?)\b|\bindividual (?:user )?(?:IDs?|accounts?|log(?:in|on)s?|credentials)\b|\b(?:must|shall|may) not (?:be )?shar(?:e|ed)\b/i,
    },
  },
);

const REQUIRED =
  /\b(required|requires?|must|shall|enforced|mandatory|enabled|always|(?:permitted|allowed) only|only (?:with|through|via|using))\b/i;
const OFF =
  /\b(disabled|turned off|switched off|not (?:be )?(?:required|enforced|enabled|installed|deployed|configured|implemented|in place|used)|no longer (?:required|enforced|used|in place)|optional|bypass(?:ed)?|suspended|paused|stays disabled|remains disabled|removed|uninstalled)\b/i;

export function controlSubject(id: string): string {
  return `control:${id}`;
}

function requires(segment: LocatedSegment, control: ControlDefinition): boolean {
  return (
    !segment.diagram &&
    control.subject.test(segment.text) &&
    REQUIRED.test(segment.text) &&
    !OFF.test(segment.text)
  );
}

/**
 * Whether the segment says the control itself is off: the "off" word must sit near a mention of
 * the control, so a list of topics ("MFA use, ..., attempts to bypass controls") does not count.
 */
function switchedOff(segment: LocatedSegment, control: ControlDefinition): boolean {
  const text = segment.text;
  if (/\b(must not be|shall not be|never be) (?:disabled|turned off)\b/i.test(text)) return false;
  // A diagram's labels and a defined term's gloss ("'Managed Backup Service' means the optional
  // service ...") say nothing about whether the control operates.
  if (segment.diagram || DEFINES.test(text)) return false;
  if (exceptionRoute(text)) return false;
  // "Password expiry is not enforced for accounts with MFA": the control is what the thing has.
  const mentions = [...text.matchAll(globalOf(control.subject))]
    .map((m) => m.index)
    .filter((at) => !HAS_CONTROL.test(text.slice(Math.max(0, at - 30), at)));
  const offs = [...text.matchAll(globalOf(OFF))].map((m) => m.index);
  if (mentions.some((at) => waiverAt(text, at) !== null)) return true;
  return mentions.some((a) =>
    offs.some(
      (b) =>
        Math.abs(a - b) <= OFF_DISTANCE &&
        !CLAUSE_BREAK.test(text.slice(Math.min(a, b), Math.max(a, b))) &&
        !(b < a && GATED_BY.test(text.slice(b, a))),
    ),
  );
}

/**
 * A rule for when the control may be off: "MFA may only be switched off for an account under an
 * exception approved ...", "Any account for which MFA is not enabled shall be retained only if a
 * current exception ... is recorded". It states the exception route, not a control switched off.
 */
function exceptionRoute(text: string): boolean {
  return (
    EXCEPTION_WORDS.test(text) &&
    /\b(?:only|unless)\b/i.test(text) &&
    /\b(?:may|shall|must|can)\b/i.test(text)
  );
}

/**
 * Between an "off" word and the control after it: the control is the condition for switching
 * something on ("Remote access is not enabled until MFA enrolment is complete"), not what is off.
 */
const GATED_BY = /\b(?:until|unless|before|pending|prior to)\b/i;

/**
 * Words right before a mention of the control that let something go without it rather than
 * switch it off: "shall not be subject to the multi-factor authentication requirement", "using
 * username and password only, without MFA"; and a tool that "cannot enforce MFA" (a capability:
 * see `capabilityWaiver`).
 */
const WAIVER_BEFORE =
  /\b(without|exempt(?:ed)? from|(?:is|are|be) not subject to|not be subject to|(?:cannot|can'?t|unable to|does not|do not) (?:enforce|support))\s+(?:(?:the|a|an|any|its)\s+)?$/i;
/**
 * Before "without" in its sentence, a prohibition or a quantifier makes it a rule or a condition:
 * "no remote access without MFA", "a ticket for any account without MFA".
 */
const RULE_BEFORE_WITHOUT =
  /\b(?:no|not|never|nobody|none|prohibit\w*|forbid\w*|forbidden|unless|any|every|each|if|when|whenever)\b/i;

function waiverAt(text: string, mention: number): string | null {
  const before = text.slice(Math.max(0, mention - 50), mention);
  const waiver = WAIVER_BEFORE.exec(before);
  if (!waiver) return null;
  const word = waiver[1]!.toLowerCase();
  if (word !== 'without') return word;
  const sentenceStart = text.lastIndexOf('. ', mention) + 1;
  const at = mention - before.length + waiver.index;
  return RULE_BEFORE_WITHOUT.test(text.slice(sentenceStart, at)) ? null : word;
}

/**
 * "Where a tool cannot enforce MFA, the supervisor may approve ...": a path for systems that lack
 * the control, which only a rule admitting no exception forbids. The path must itself go through
 * someone's approval or the exception process: "where the contractor's tool cannot support MFA,
 * the contractor may log in with a password alone" is a standing waiver.
 */
function capabilityWaiver(segment: LocatedSegment, control: ControlDefinition): boolean {
  return (
    APPROVAL_ROUTE.test(segment.text) &&
    [...segment.text.matchAll(globalOf(control.subject))].some((m) =>
      /enforce|support/.test(waiverAt(segment.text, m.index) ?? ''),
    )
  );
}

/**
 * Words of a decision someone takes on a case: an approval, an exception, a risk acceptance, a post
 * that "may allow" it.
 */
const APPROVAL_ROUTE =
  /\b(?:approv\w*|authori[sz]\w*|exceptions?|waivers?|dispensations?|risk acceptance|sign(?:s|ed)? off|(?:may|can)\s+(?:allow|permit|grant))\b/i;

const DEFINES = /["\u201d]\s+(?:means|refers to|is defined as)\b/i;

/** The pattern with the global flag, for matchAll. */
function globalOf(re: RegExp): RegExp {
  return new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
}

/** A mention right after these words names a control something has, not one switched off. */
const HAS_CONTROL = /\b(?:with|has|have|having|using|uses|via|protected by|secured by)\s+(?:\S+\s+){0,2}$/i;
/**
 * Between the mention and the "off" word, a clause or cell ends ("Jump host with MFA; vendor
 * accounts disabled", "are not used for e-mail, and require MFA"): the word is about another thing.
 */
const CLAUSE_BREAK = /[;|]|,\s*(?:and|but|or|while|whereas|which)\b|\.\s/i;

/** Characters between a control's mention and the word saying it is off, at most. */
const OFF_DISTANCE = 90;

/** A sentence that states a rule is not a record of what happened. */
const RULE_WORDS =
  /\b(must|shall|should|is required|are required|may not|not permitted|prohibited|is forbidden|policy requires)\b/i;

const OBLIGATION =
  /\b(must|shall|may not|must not|is required|are required|requires?|only through|no (?:person|one|user|device)|prohibited|not permitted)\b/i;

interface Cue {
  segment: LocatedSegment;
  weight: number;
}

/** Cue sentences per practice document (correspondence, minutes, logs), strongest document first. */
function bypassCues(
  analysis: CorpusAnalysis,
  bypass: BypassDefinition,
  segments: LocatedSegment[],
): Array<{ document: string; cues: Cue[]; weight: number }> {
  const byDoc = new Map<string, Cue[]>();
  for (const segment of segments) {
    const role = analysis.byName.get(segment.document)?.role ?? 'other';
    if (isNormative(role) || role === 'contract' || RULE_WORDS.test(segment.text)) continue;
    const hits = bypass.cues.filter((c) => c.pattern.test(segment.text));
    if (hits.length === 0 || bypass.undone?.test(segment.text)) continue;
    const weight = hits.reduce((sum, c) => sum + c.weight, 0);
    byDoc.set(segment.document, [...(byDoc.get(segment.document) ?? []), { segment, weight }]);
  }
  return [...byDoc.entries()]
    .map(([document, cues]) => ({ document, cues, weight: cues.reduce((sum, c) => sum + c.weight, 0) }))
    .filter((d) => d.weight >= 2 && !onlyRefused(analysis, d.document))
    .sort((a, b) => b.weight - a.weight);
}

const REFUSED =
  /\b(not approved|rejected|declined|denied|refused|not allowed|cannot allow|can'?t allow|will not allow)\b/i;
const WENT_AHEAD =
  /\b(done|completed|installed|deployed|loaded|opened|entered|went ahead|pushed|shipped|applied|is live|went live)\b/i;

/** A thread where the proposal was turned down and nothing says it went ahead anyway. */
function onlyRefused(analysis: CorpusAnalysis, document: string): boolean {
  const segments = analysis.byName.get(document)?.segments ?? [];
  return segments.some((s) => REFUSED.test(s.text)) && !segments.some((s) => WENT_AHEAD.test(s.text));
}

/** The normative statement the bypass breaks: the best match of the rule, by shared vocabulary. */
function brokenRequirement(
  analysis: CorpusAnalysis,
  bypass: BypassDefinition,
  cues: Cue[],
): { segment: LocatedSegment; score: number } | null {
  const cueTokens = tokenize(cues.map((c) => c.segment.text).join(' '));
  let best: { segment: LocatedSegment; score: number } | null = null;
  for (const doc of analysis.documents) {
    if (!isNormative(doc.role)) continue;
    for (const segment of doc.segments) {
      if (!bypass.requirement.test(segment.text)) continue;
      // A statement of the rule itself (must, may not, no person) beats a passing mention.
      const score = jaccard(tokenize(segment.text), cueTokens) + (OBLIGATION.test(segment.text) ? 0.1 : 0);
      if (!best || score > best.score) best = { segment, score };
    }
  }
  return best;
}

/**
 * conflict_check between a rule and practice: correspondence or minutes describe a control being
 * worked around (self-approval, approval after the fact, one person doing a two-person task,
 * an unmanaged remote-access path, shared credentials) that a normative document forbids.
 */
function bypassIssue(
  analysis: CorpusAnalysis,
  control: ControlDefinition,
  bypass: BypassDefinition,
  segments: LocatedSegment[],
): Issue | null {
  for (const practice of bypassCues(analysis, bypass, segments)) {
    const rule = brokenRequirement(analysis, bypass, practice.cues);
    if (!rule) continue;
    const cues = [...practice.cues]
      .sort((a, b) => b.weight - a.weight || a.segment.start - b.segment.start)
      .slice(0, 3);
    const quoted = cues.map((c) => `"${c.segment.text.slice(0, 200)}"`).join('; ');
    return {
      primitive: 'conflict_check',
      subject: controlSubject(control.id),
      aspects: [controlSubject(control.id), `practice:${practice.document}`],
      title: `${control.label[0]!.toUpperCase()}${control.label.slice(1)} bypassed in ${practice.document}, against ${rule.segment.document}`,
      description: `${rule.segment.document} requires: "${rule.segment.text.slice(0, 220)}". ${practice.document} shows that ${bypass.breach}: ${quoted}.`,
      rootCause: `Operational pressure led staff to work around the ${control.label} that ${rule.segment.document} requires, and nothing in the process stopped it; no approved exception is recorded.`,
      remediationScope: `Treat the event in ${practice.document} as a control breach: review what was done, record it as an exception or incident, and make the ${control.label} a technical gate rather than a convention.`,
      remediationEffortHours: 8,
      severity: 'high',
      confidence: 0.75 + Math.min(0.15, practice.weight * 0.03),
      frameworks: [],
      quotes: [quoteOf(rule.segment), ...cues.map((c) => quoteOf(c.segment))],
    };
  }
  return null;
}

/** A record (an e-mail, a form) that grants or asks for an exception: the control off by consent. */
function exceptionRecord(analysis: CorpusAnalysis, segment: LocatedSegment): boolean {
  return (
    EXCEPTION_WORDS.test(segment.document) ||
    EXCEPTION_WORDS.test(analysis.byName.get(segment.document)?.text ?? '')
  );
}

export function controlStateIssue(
  analysis: CorpusAnalysis,
  control: ControlDefinition,
  segments: LocatedSegment[],
): Issue | null {
  if (control.detect) return control.detect(analysis, segments);
  if (control.bypass) return bypassIssue(analysis, control, control.bypass, segments);
  const role = (s: LocatedSegment): AnalyzedDocument['role'] =>
    analysis.byName.get(s.document)?.role ?? 'other';
  const required = segments.filter((s) => role(s) !== 'evidence' && requires(s, control));
  const off = segments.filter((s) => switchedOff(s, control));
  let best: { req: LocatedSegment; off: LocatedSegment; score: number } | null = null;
  for (const o of off) {
    // An exception granted on record, or a path for tools that lack the control, is the process
    // working, unless the rule admits no exception.
    const excused = (!isNormative(role(o)) && exceptionRecord(analysis, o)) || capabilityWaiver(o, control);
    for (const r of required) {
      if (r.document === o.document) continue;
      if (excused && !allowsNoException(analysis.byName.get(r.document)!, r.segIndex)) continue;
      const score = jaccard(tokenize(r.text), tokenize(o.text));
      if (!best || score > best.score) best = { req: r, off: o, score };
    }
  }
  if (!best) return null;
  const { req, off: offSegment } = best;
  const practice = !isNormative(role(offSegment));
  return {
    primitive: 'conflict_check',
    subject: controlSubject(control.id),
    aspects: [controlSubject(control.id)],
    title: `${control.label[0]!.toUpperCase()}${control.label.slice(1)} required by ${req.document} but switched off in ${offSegment.document}`,
    description:
      `${req.document} requires ${control.label} ("${req.text.slice(0, 160)}"), but ${offSegment.document} ` +
      `${practice ? 'records that it is switched off or optional' : 'states that it is not required or optional'} ("${offSegment.text.slice(0, 160)}"). ` +
      `The control the policy relies on is not operating as documented.`,
    rootCause: practice
      ? `${control.label[0]!.toUpperCase()}${control.label.slice(1)} was switched off in operation without an approved exception to ${req.document}.`
      : `${req.document} and ${offSegment.document} disagree on whether ${control.label} is required.`,
    remediationScope: `Restore ${control.label} where ${req.document} requires it, or record a time-limited, approved exception with compensating controls.`,
    remediationEffortHours: 6,
    severity: 'high',
    confidence: 0.8 + Math.min(0.1, best.score * 0.3),
    frameworks: [],
    quotes: [quoteOf(req), quoteOf(offSegment)],
  };
}

export function findControlStateConflicts(analysis: CorpusAnalysis): Issue[] {
  const all = analysis.documents.flatMap((d) => d.segments);
  return CONTROLS.map((c) => controlStateIssue(analysis, c, all)).filter((i): i is Issue => i !== null);
}

// ---------------------------------------------------------------------------------------------
// Deadlines in correspondence: a normative document says an activity "must be completed within N
// days" of its trigger; a thread that opens with the trigger reports the activity complete in a
// message sent longer than N days after the thread's first message.

interface CompletionDeadline {
  segment: LocatedSegment;
  noun: string;
  days: number;
  phrase: string;
}

const COMPLETION_VERB = '(?:completed|finished|concluded|finali[sz]ed|carried out|done|performed)';
/** "the assessment, which must be completed within 30 days": the activity and its time limit. */
const DEADLINE_STATEMENT = new RegExp(
  `\\b([a-z]{5,})(?:,? (?:which|that))?\\s+(?:must|shall|is to|are to|will)\\b[^.]{0,60}?\\bbe\\s+${COMPLETION_VERB}\\b`,
  'gi',
);
/** Nouns too general to tie a thread to a requirement. */
const VAGUE_NOUN =
  /^(which|these|those|there|where|steps|actions?|items?|tasks?|works?|things?|activit\w*|process\w*|changes?|requests?|reviews?|records?|forms?|training)$/i;
const HEADER_DATE = /^(?:date|sent)\s*:/i;
const NOT_DONE_YET =
  /\b(will be|to be|should be|must be|once|expect\w*|plan\w*|aim\w*|hope\w*|by end of|not yet)\b/i;

const deadlineCache = new WeakMap<CorpusAnalysis, CompletionDeadline[]>();

function completionDeadlines(analysis: CorpusAnalysis): CompletionDeadline[] {
  const cached = deadlineCache.get(analysis);
  if (cached) return cached;
  const out: CompletionDeadline[] = [];
  for (const doc of analysis.documents) {
    if (!isNormative(doc.role)) continue;
    for (const segment of doc.segments) {
      for (const m of segment.text.matchAll(DEADLINE_STATEMENT)) {
        const noun = m[1]!;
        if (VAGUE_NOUN.test(noun)) continue;
        const limit = extractTimeQuantities(segment.text.slice(m.index)).find(
          (q) => q.kind === 'duration' && q.value >= 1 && q.bound !== 'min' && q.index < 160,
        );
        if (limit) out.push({ segment, noun, days: limit.value, phrase: limit.phrase });
      }
    }
  }
  deadlineCache.set(analysis, out);
  return out;
}

/** The dates of a thread's message headers, in document order. */
function messageDates(doc: AnalyzedDocument): Array<{ segment: LocatedSegment; date: FoundDate }> {
  return doc.segments.flatMap((segment) => {
    const date = HEADER_DATE.test(segment.text) ? extractDates(segment.text, doc.dateOrder)[0] : undefined;
    return date ? [{ segment, date }] : [];
  });
}

function threadDeadlineIssue(analysis: CorpusAnalysis, segments: LocatedSegment[]): Issue | null {
  const deadlines = completionDeadlines(analysis);
  if (deadlines.length === 0) return null;
  for (const segment of segments) {
    const doc = analysis.byName.get(segment.document);
    if (!doc || isNormative(doc.role) || doc.role === 'contract' || NOT_DONE_YET.test(segment.text)) continue;
    if (RULE_WORDS.test(segment.text)) continue;
    for (const deadline of deadlines) {
      const stem = deadline.noun.replace(/(s|es)$/i, '');
      const done = new RegExp(
        `\\b${stem}\\w*\\b[^.?!]{0,60}\\b(?:is now|was|has been|now|finally)\\s+(?:complete|${COMPLETION_VERB}|signed off)\\b`,
        'i',
      );
      if (!done.test(segment.text)) continue;
      const headers = messageDates(doc);
      const sent = headers.filter((h) => h.segment.start < segment.start).pop();
      const opened = headers[0];
      if (!sent || !opened) continue;
      const elapsed = (sent.date.time - opened.date.time) / DAY_MS;
      // A day's margin for time zones and "calendar" versus "business" wording.
      if (elapsed <= deadline.days + 1) continue;
      return threadDeadlineFinding(deadline, segment, opened, sent, elapsed);
    }
  }
  return null;
}

function threadDeadlineFinding(
  deadline: CompletionDeadline,
  completion: LocatedSegment,
  opened: { segment: LocatedSegment; date: FoundDate },
  sent: { segment: LocatedSegment; date: FoundDate },
  elapsed: number,
): Issue {
  const rule = deadline.segment;
  return {
    primitive: 'conflict_check',
    subject: controlSubject('deadline_in_correspondence'),
    aspects: [controlSubject('deadline_in_correspondence'), `practice:${completion.document}`],
    title: `${deadline.noun[0]!.toUpperCase()}${deadline.noun.slice(1)} completed ${describeDays(elapsed)} after the thread opened in ${completion.document}, beyond the ${deadline.phrase} of ${rule.document}`,
    description:
      `${rule.document} requires: "${rule.text.slice(0, 220)}". ${completion.document} opens on ${isoOf(opened.date.time)} and reports ` +
      `"${completion.text.slice(0, 200)}" in a message of ${isoOf(sent.date.time)}: ${describeDays(elapsed)} later, beyond the time limit (${deadline.phrase}).`,
    rootCause: `The time limit in ${rule.document} is not tracked while the work is under way; nobody escalated as the deadline passed.`,
    remediationScope: `Record the late ${deadline.noun} as a breach of ${rule.document}, and track its deadline from the trigger date with escalation before it passes.`,
    remediationEffortHours: 6,
    severity: 'high',
    confidence: 0.8,
    frameworks: [],
    quotes: [quoteOf(rule), quoteOf(opened.segment), quoteOf(sent.segment), quoteOf(completion)],
  };
}

CONTROLS.push({
  id: 'deadline_in_correspondence',
  label: 'time limit for completing a required activity',
  subject: /\b(complete|completed|concluded|finali[sz]ed)\b/i,
  query:
    'assessment is now complete completed signed off days after incident thread within days of becoming aware',
  detect: threadDeadlineIssue,
});
