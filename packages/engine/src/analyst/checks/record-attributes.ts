// conflict_check against tabular evidence: a normative document requires an instrument or a
// control (a signed BAA, MFA, completed training) and a record (an inventory, a roster) has rows
// where that column says it is absent. A condition column (handles PHI, in scope) limits the rows
// that count.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../corpus-analysis';
import { isNormative } from '../document-roles';
import { quoteOf, type Issue } from '../issue';

export interface RecordAttribute {
  id: string;
  label: string;
  header: RegExp;
  required: RegExp;
}

export const RECORD_ATTRIBUTES: RecordAttribute[] = [
  {
    id: 'baa',
    label: 'Business Associate Agreement',
    header: /\bbaa\b|business.?associate/i,
    required: /\b(business associate agreements?|BAAs?)\b/i,
  },
  {
    id: 'dpa',
    label: 'data processing agreement',
    header: /\bdpa\b|data.?processing.?agreement/i,
    required: /\b(data processing agreements?|DPAs?)\b/i,
  },
  {
    id: 'nda',
    label: 'non-disclosure agreement',
    header: /\bnda\b|non.?disclosure/i,
    required: /\b(non-?disclosure agreements?|NDAs?)\b/i,
  },
  {
    id: 'mfa',
    label: 'multi-factor authentication',
    header: /\bmfa\b|\b2fa\b|multi.?factor/i,
    required: /\b(multi-?factor|MFA|2FA)\b/i,
  },
  { id: 'encryption', label: 'encryption', header: /encrypt/i, required: /\bencrypt\w*/i },
  {
    id: 'training',
    label: 'security awareness training',
    header: /training|awareness/i,
    required: /\b(training|awareness)\b/i,
  },
  {
    id: 'change_approval',
    label: 'change approval',
    header: /approv/i,
    required:
      /\bchanges?\b[^.]{0,80}\b(must|shall) be (?:reviewed and )?approved\b|\bapprov\w* (?:before|prior to)\b[^.]{0,40}\b(deploy\w*|implement\w*|production)\b/i,
  },
  {
    id: 'background_check',
    label: 'background check',
    header: /background/i,
    required: /\bbackground (?:checks?|screening)\b/i,
  },
];

const ABSENT = /^(no|n|false|none|missing|not signed|unsigned|not done|not completed|expired|pending|0|-|)$/i;
const PRESENT = /^(yes|y|true|signed|done|completed|1)$/i;
const CONDITION = /handles?.?(phi|pii|personal)|\bphi\b|personal.?data|in.?scope|processes?.?(phi|personal)/i;
const OBLIGATION = /\b(must|shall|required|are required to|is required)\b/i;

interface Table {
  header: LocatedSegment;
  columns: string[];
  rows: Array<{ segment: LocatedSegment; cells: string[] }>;
}

function tableOf(doc: AnalyzedDocument): Table | null {
  const lines = doc.segments.filter((s) => s.text.includes(' | '));
  if (lines.length < 2) return null;
  const split = (s: LocatedSegment) => s.text.split(' | ').map((c) => c.trim());
  const header = lines[0]!;
  return {
    header,
    columns: split(header).map((c) => c.replace(/_/g, ' ')),
    rows: lines.slice(1).map((segment) => ({ segment, cells: split(segment) })),
  };
}

const requirementCache = new WeakMap<CorpusAnalysis, Map<string, LocatedSegment | null>>();

/** The first normative statement requiring the attribute (cached per corpus). */
function requirementFor(analysis: CorpusAnalysis, attribute: RecordAttribute): LocatedSegment | null {
  let cache = requirementCache.get(analysis);
  if (!cache) requirementCache.set(analysis, (cache = new Map()));
  if (!cache.has(attribute.id)) {
    const found = analysis.documents
      .filter((d) => isNormative(d.role) || d.role === 'other')
      .flatMap((d) => d.segments)
      .find((s) => attribute.required.test(s.text) && OBLIGATION.test(s.text));
    cache.set(attribute.id, found ?? null);
  }
  return cache.get(attribute.id) ?? null;
}

export function recordAttributeSubject(document: string, attributeId: string): string {
  return `record-attribute:${document}:${attributeId}`;
}

export function recordAttributeIssues(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  visible?: Set<LocatedSegment>,
  onlyId?: string,
): Issue[] {
  if (doc.role !== 'evidence') return [];
  const table = tableOf(doc);
  if (!table || (visible && !visible.has(table.header))) return [];
  const condition = table.columns.findIndex((c) => CONDITION.test(c));
  const issues: Issue[] = [];
  for (const attribute of RECORD_ATTRIBUTES) {
    if (onlyId && attribute.id !== onlyId) continue;
    let column = table.columns.findIndex((c) => attribute.header.test(c));
    // A record named for the attribute ("Training-Completion-2024.csv") with a status column.
    if (column < 0 && attribute.header.test(`${doc.name.replace(/[-_.]+/g, ' ')} ${doc.title}`))
      column = table.columns.findIndex((c) => /complet|status|done|signed|passed|enabled/i.test(c));
    if (column < 0 || column === condition) continue;
    const requirement = requirementFor(analysis, attribute);
    if (!requirement) continue;
    const offending = table.rows.filter(
      (row) =>
        (!visible || visible.has(row.segment)) &&
        ABSENT.test(row.cells[column] ?? '') &&
        (condition < 0 || PRESENT.test(row.cells[condition] ?? '')),
    );
    if (offending.length === 0) continue;
    const names = offending.map((r) => r.cells[0]).slice(0, 5);
    const scope = condition >= 0 ? ` although "${table.columns[condition]}" is yes` : '';
    issues.push({
      primitive: 'conflict_check',
      subject: recordAttributeSubject(doc.name, attribute.id),
      aspects: [recordAttributeSubject(doc.name, attribute.id), `instrument:${attribute.id}`],
      title: `${doc.name}: ${offending.length} record${offending.length === 1 ? '' : 's'} without the ${attribute.label} that ${requirement.document} requires`,
      description:
        `${requirement.document} requires a ${attribute.label} ("${requirement.text.slice(0, 160)}"), but ${doc.name} records ` +
        `"${table.columns[column]}" as "${offending[0]!.cells[column] || '(empty)'}" for ${names.join(', ')}${scope}.`,
      rootCause: `The ${attribute.label} required by ${requirement.document} is not enforced as a precondition; ${doc.name} shows the gap but nobody acted on it.`,
      remediationScope: `Obtain the ${attribute.label} for ${names.join(', ')}, and make it a gate before access or data is granted.`,
      remediationEffortHours: 4 * offending.length,
      severity: 'high',
      confidence: 0.85,
      frameworks: attribute.id === 'baa' ? ['HIPAA'] : [],
      quotes: [
        quoteOf(requirement),
        quoteOf(table.header),
        ...offending.slice(0, 3).map((r) => quoteOf(r.segment)),
      ],
    });
  }
  return issues;
}

export function findRecordAttributeGaps(analysis: CorpusAnalysis): Issue[] {
  return analysis.documents.flatMap((doc) => recordAttributeIssues(analysis, doc));
}
