// A procedure's own roles table that gives a post's duties to a title the organisation's roles
// table (in a policy or standard) does not have: the standard's "Recall Coordinator" leads recalls
// and is the regulator's contact, the recall procedure's table has a "Recall Team Leader" doing the
// same. The procedure renamed the post, or the standard is out of date; either way two documents
// disagree on who holds the duty.
//
// Judged only where the duties share at least three words with one post of the table whose title
// shares a field word ("recall", "security"), and no other such post as many: a procedure's table also
// lists parts people play in that procedure alone ("Recall decision-maker", a "Deputy ..."), which
// are not posts of the organisation.
import type { CorpusAnalysis } from '../../analyst/corpus-analysis';
import { quoteAround, type Issue } from '../../analyst/issue';
import { escapeRegExp } from '../../text/normalize';
import nouns from '../../analyst/role-nouns.json';
import {
  RANK_OF_ANOTHER_POST,
  fieldWords,
  inTable,
  lemmasOf,
  tableRoles,
  untabledRoleSubject,
} from './untabled-roles';

/**
 * A post: a title ending in a post's noun, a "Leader" or a "Coordinator". Not per-asset roles
 * ("System Owner", "Key Custodian", "Information Asset Owner"), which every system has and a
 * procedure names for its own assets.
 */
const POST_TITLE = new RegExp(`\\b(?:${[...nouns.leadership, 'Leader', 'Coordinator'].join('|')})$`);
/** Duty words a local title must share with the post it renames. */
const SHARED_DUTY_WORDS = 3;
/** Words of a title that say what kind of holder it is, not the field: "team", "leader". */
const HOLDER_WORDS = new Set(['team', 'leader', ...nouns.person.map((n) => n.toLowerCase())]);

const fieldOf = (title: string) => [...fieldWords(title)].filter((w) => !HOLDER_WORDS.has(w));

export function localRoleIssues(analysis: CorpusAnalysis, onlySubject?: string): Issue[] {
  if (onlySubject && !onlySubject.startsWith(untabledRoleSubject(''))) return [];
  const organisation = tableRoles(analysis, ['policy', 'standard']);
  if (organisation.length < 3) return [];
  const issues: Issue[] = [];
  for (const local of tableRoles(analysis, ['procedure'])) {
    const title = local.title;
    // "Requester's manager / Property General Manager": two posts, or another's.
    if (!POST_TITLE.test(title) || /[/’']/.test(title) || RANK_OF_ANOTHER_POST.test(title.toLowerCase()))
      continue;
    // The table may list the post in the plural ("Funeral Home Managers").
    if (inTable(title, organisation) || inTable(`${title}s`, organisation)) continue;
    const subject = untabledRoleSubject(title);
    if (onlySubject && subject !== onlySubject) continue;
    const duties = lemmasOf(local.duties);
    // The posts doing the same duty whose title names the local title's field: "Recall Team
    // Leader" and "Recall Coordinator", "IT Security Lead" and "Information Security Manager".
    const field = fieldOf(title);
    const [best, next] = organisation
      // The titles' own words in the duties ("at their funeral home") say nothing of the duty.
      .map((role) => ({
        role,
        shared: [...lemmasOf(role.duties)].filter(
          (w) => duties.has(w) && !field.includes(w) && !fieldOf(role.title).includes(w),
        ),
      }))
      .filter(
        (p) => p.shared.length >= SHARED_DUTY_WORDS && fieldOf(p.role.title).some((w) => field.includes(w)),
      )
      .sort((a, b) => b.shared.length - a.shared.length);
    if (!best || next?.shared.length === best.shared.length) continue;
    const role = best.role;
    issues.push({
      primitive: 'consistency_check',
      subject,
      aspects: [subject],
      title: `"${title}" in ${local.document} is not a role of the roles table in ${role.document}`,
      description:
        `The roles table of ${local.document} gives the "${title}" its duties ("${local.duties.slice(0, 200)}"), a role the roles table of ` +
        `${role.document} does not have; that table gives the same duty (${best.shared.join(', ')}) to the ${role.title} ` +
        `("${role.duties.slice(0, 200)}"). The procedure names the post differently from the organisation's roles, so staff cannot tell who holds the duty.`,
      rootCause: `${local.document} was written with its own role titles instead of the roles defined in ${role.document}.`,
      remediationScope: `Use the ${role.title} in ${local.document}, or add the "${title}" and its duties to the roles table of ${role.document}.`,
      remediationEffortHours: 1,
      severity: 'medium',
      confidence: 0.7,
      frameworks: [],
      quotes: [
        quoteAround(local.segment, new RegExp(escapeRegExp(title))),
        quoteAround(role.segment, new RegExp(escapeRegExp(role.title))),
      ],
    });
  }
  return issues;
}
