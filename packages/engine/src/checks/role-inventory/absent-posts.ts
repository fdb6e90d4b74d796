// A chief officer the organisation says it does not have. The policy states that the post does not
// exist ("The Authority does not maintain a separate chief information security officer position;
// the CPM performs that function"); a procedure then hands duties to the "Chief Information
// Security Officer". Those duties go to no one, and staff cannot tell who decides.
//
// Only the stated absence is judged: a chief officer merely missing from a roles section is often
// named in passing ("reports to the Chief Risk Officer"), and reading duties into such mentions
// fired on more sets than it helped (tried in the ninth session).
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { excerptAround, quoteAround, quoteOf, type Issue } from '../../analyst/issue';
import { escapeRegExp } from '../../text/normalize';
import { roleMentions, type RoleMention } from './roles';

/** "does not maintain a separate chief information security officer position", "there is no CISO post". */
const NO_SUCH_POST =
  /\b(?:does|do) not (?:maintain|have|employ|appoint|designate)\s+(?:a|an|any)\s+(?:separate\s+|dedicated\s+|standalone\s+|formal\s+)?([a-z][a-z -]{3,60}?)\s+(?:position|post|role)\b|\bthere is no\s+(?:separate\s+|dedicated\s+)?([a-z][a-z -]{3,60}?)\s+(?:position|post|role)\b/gi;

export function absentPostSubject(title: string): string {
  return `role:absent:${title.toLowerCase()}`;
}

/** The posts normative statements say do not exist, lower-cased, with the first such statement. */
function deniedPosts(analysis: CorpusAnalysis): Map<string, LocatedSegment> {
  const denied = new Map<string, LocatedSegment>();
  for (const doc of analysis.documents) {
    if (!isNormative(doc.role)) continue;
    for (const segment of doc.segments)
      for (const m of segment.text.matchAll(NO_SUCH_POST)) {
        const post = (m[1] ?? m[2] ?? '').toLowerCase().trim();
        if (!denied.has(post)) denied.set(post, segment);
      }
  }
  return denied;
}

export function absentPostIssues(analysis: CorpusAnalysis, onlySubject?: string): Issue[] {
  if (onlySubject && !onlySubject.startsWith(absentPostSubject(''))) return [];
  const denied = deniedPosts(analysis);
  if (denied.size === 0) return [];
  const all = analysis.documents.flatMap((d) => d.segments);
  const chiefs = roleMentions(all).filter((m) => /^Chief\s/.test(m.title) && !m.plural);
  const byTitle = new Map<string, RoleMention[]>();
  for (const m of chiefs) byTitle.set(m.title, [...(byTitle.get(m.title) ?? []), m]);
  const issues: Issue[] = [];
  for (const [title, mentions] of byTitle) {
    const subject = absentPostSubject(title);
    if (onlySubject && subject !== onlySubject) continue;
    const denial = denied.get(title.toLowerCase());
    if (!denial) continue;
    const elsewhere = mentions.filter((m) => m.segment.document !== denial.document);
    if (elsewhere.length === 0) continue;
    const mention = elsewhere.reduce((a, b) => (a.index <= b.index ? a : b));
    const document = mention.segment.document;
    issues.push({
      primitive: 'consistency_check',
      subject,
      aspects: [subject],
      title: `"${title}" in ${document} is a post ${denial.document} says the organisation does not have`,
      description:
        `${document} gives duties to the "${title}" ("${excerptAround(mention.segment.text, mention.index)}"), ` +
        `but ${denial.document} states that no such post exists ("${excerptAround(denial.text, 0, 0, 200)}"). ` +
        `The duties are assigned to no one the organisation has, and staff cannot tell who decides.`,
      rootCause: `${document} was written with a role title that is not in the organisation's roles and responsibilities.`,
      remediationScope: `Replace "${title}" in ${document} with the post that performs the function, as ${denial.document} names it.`,
      remediationEffortHours: 1,
      severity: 'medium',
      confidence: 0.85,
      frameworks: [],
      quotes: [
        quoteAround(mention.segment, new RegExp(title.split(/\s+/).map(escapeRegExp).join('\\s+'))),
        quoteOf(denial),
      ],
    });
  }
  return issues;
}
