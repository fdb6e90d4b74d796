// flow_down_check: a register row approved by an authority below the one a policy's approval
// matrix sets for its amount. The matrix is a table of tiers ("Up to ₹ 50,00,000 | Head - IT",
// "Above ₹ 50,00,000 and up to ₹ 2,00,00,000 | IT Strategy Committee", "Above ₹ 2,00,00,000 |
// Board"); the register gives each arrangement's amount and who approved it. An approver of the
// required tier or of a higher one meets the rule; one found only among the lower tiers does not.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { amountsIn, currencyNamedIn } from '../../analyst/amounts';
import { quoteOf, type Issue } from '../../analyst/issue';
import { pipeCells } from '../../text/table-cells';
import { tableOf } from '../record-attribute/record-attributes';

export interface Tier {
  /** Amounts above `low` and up to `high` (in the currency's units). */
  low: number;
  high: number;
  currency: string;
  /** Who approves in this tier, as the matrix names it ("IT Strategy Committee"). */
  authority: string;
  segment: LocatedSegment;
}

export interface Matrix {
  document: string;
  tiers: Tier[];
}

export interface UnderApproval {
  matrix: Matrix;
  required: Tier;
  register: AnalyzedDocument;
  row: LocatedSegment;
  rowId: string;
  amount: string;
  approver: string;
}

/** The words that open a tier's amount cell and say which side of the amount it lies. */
const UP_TO = /^\s*(?:up to|upto|below|under|less than|not exceeding|not more than|≤|<)/i;
const ABOVE = /^\s*(?:above|over|exceeding|more than|in excess of|greater than|≥|>)/i;
/** A tier written as its range: "€20,000.01 to €75,000", "BD 20,001 - BD 90,000". */
function isRange(cell: string): boolean {
  const amounts = amountsIn(cell);
  if (amounts.length !== 2) return false;
  const between = cell.slice(amounts[0]!.index + amounts[0]!.phrase.length, amounts[1]!.index);
  return /^\s*(?:to|through|and|[-\u2013\u2014])\s*$/i.test(between) && amounts[0]!.value < amounts[1]!.value;
}

/** The authority named in a cell, without its conditions ("..., after risk assessment by the CRO"). */
function authorityName(cell: string): string {
  return cell
    .split(/,|;|\(|\bafter\b|\bon the\b|\bwith\b/i)[0]!
    .replace(/\*\*/g, '')
    .trim();
}

/** A table row of a matrix: an amount cell with its bound, and an authority cell with no amount. */
function tierOf(segment: LocatedSegment): Tier | null {
  const cells = pipeCells(segment.text);
  if (cells.length < 2) return null;
  const amountCell = cells.find(
    (c) => amountsIn(c).length > 0 && (UP_TO.test(c) || ABOVE.test(c) || isRange(c)),
  );
  const authorityCell = cells.find(
    (c) => c !== amountCell && amountsIn(c).length === 0 && /[A-Za-z]{3}/.test(c),
  );
  if (!amountCell || !authorityCell) return null;
  const amounts = amountsIn(amountCell);
  const currency = amounts[0]!.currency;
  const [first, second] = amounts.map((a) => a.value);
  const [low, high] = UP_TO.test(amountCell) ? [0, first!] : [first!, second ?? Infinity];
  const authority = authorityName(authorityCell);
  if (!authority || authority.split(/\s+/).length > 8) return null;
  return { low, high, currency, authority, segment };
}

const matrixCache = new WeakMap<CorpusAnalysis, Matrix[]>();

/** The approval matrices of the set's policies (read once per corpus: registers and e-mails ask). */
export function approvalMatrices(analysis: CorpusAnalysis): Matrix[] {
  let found = matrixCache.get(analysis);
  if (!found) matrixCache.set(analysis, (found = readApprovalMatrices(analysis)));
  return found;
}

/** Two or more tiers in consecutive rows of a policy's table. */
function readApprovalMatrices(analysis: CorpusAnalysis): Matrix[] {
  const out: Matrix[] = [];
  for (const doc of analysis.documents.filter((d) => isNormative(d.role))) {
    let tiers: Tier[] = [];
    const flush = () => {
      if (tiers.length >= 2 && new Set(tiers.map((t) => t.currency)).size === 1)
        // Limits per post ("Operations Manager | up to TT$50,000.00") all start at nothing: the
        // higher limit is the higher tier.
        out.push({ document: doc.name, tiers: [...tiers].sort((a, b) => a.low - b.low || a.high - b.high) });
      tiers = [];
    };
    for (const segment of doc.segments) {
      if (!segment.text.trim().startsWith('|')) {
        flush();
        continue;
      }
      const tier = tierOf(segment);
      if (tier) tiers.push(tier);
    }
    flush();
  }
  return out;
}

const WORD = /[A-Za-z][A-Za-z-]+/g;
const MINOR = new Set(['the', 'of', 'and', 'for', 'head', 'chief', 'officer', 'committee', 'board']);

/** The distinctive words of an authority ("information technology" of "Head - Information Technology"). */
function keyWords(name: string): string[] {
  const words = (name.match(WORD) ?? []).map((w) => w.toLowerCase());
  const distinctive = words.filter((w) => !MINOR.has(w));
  return distinctive.length > 0 ? distinctive : words;
}

/** The tier an approver's cell names, the highest when it names several ("Board (on ITSC's advice)"). */
export function approverTier(matrix: Matrix, approver: string): number {
  const lower = approver.toLowerCase();
  let found = -1;
  matrix.tiers.forEach((tier, index) => {
    const words = keyWords(tier.authority);
    const initials = tier.authority.match(/\b[A-Z]/g)?.join('') ?? '';
    const named =
      words.every((w) => lower.includes(w)) ||
      (initials.length >= 3 && new RegExp(`\\b${initials}\\b`).test(approver));
    if (named) found = index;
  });
  return found;
}

/** Whether an approver's cell writes one of the matrix's authorities in full ("Head of Retail Banking"). */
function namesInFull(matrix: Matrix, approver: string): boolean {
  const lower = approver.toLowerCase();
  return matrix.tiers.some((tier) => {
    const name = tier.authority
      .replace(/\s*\([^)]*\)/g, '')
      .trim()
      .toLowerCase();
    return name.length > 0 && lower.includes(name);
  });
}

/** A register column of amounts. */
export const AMOUNT_COLUMN = /\b(?:value|amount|cost|price|spend|fees?|consideration)\b/i;
const APPROVER_COLUMN = /\b(?:approv\w*|authori[sz]\w*|sanction\w*)\b/i;
const NOT_APPROVER = /\b(?:date|ref\w*|no\.?|number|status)\b/i;

/** A register's amount in a cell ("1,20,00,000", "₹ 85 lakh") as a number in the matrix's currency. */
export function cellAmount(cell: string, currency: string, column: string): number | null {
  const written = amountsIn(cell);
  if (written.length > 0) return written[0]!.currency === currency ? written[0]!.value : null;
  const bare = cell.match(/^\s*(\d{1,3}(?:,\d{2,3})+|\d+)(?:\.\d+)?\s*$/);
  if (!bare) return null;
  // A bare number counts in the matrix's currency when the column says so or names none.
  const named = currencyNamedIn(column);
  if (named && named !== currency) return null;
  return Number(bare[1]!.replace(/,/g, ''));
}

const cache = new WeakMap<CorpusAnalysis, UnderApproval[]>();

/** The register rows approved below their tier, read once per corpus. */
export function underApprovals(analysis: CorpusAnalysis): UnderApproval[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readUnderApprovals(analysis)));
  return found;
}

function readUnderApprovals(analysis: CorpusAnalysis): UnderApproval[] {
  const matrices = approvalMatrices(analysis);
  if (matrices.length === 0) return [];
  const out: UnderApproval[] = [];
  for (const doc of analysis.documents.filter((d) => d.role === 'evidence')) {
    const table = tableOf(doc);
    if (!table) continue;
    const amountColumn = table.columns.findIndex((c) => AMOUNT_COLUMN.test(c));
    // "Approved By" may hold the person and "Approver Role" the post the matrix names.
    const approverColumns = table.columns.flatMap((c, i) =>
      APPROVER_COLUMN.test(c) && !NOT_APPROVER.test(c) ? [i] : [],
    );
    if (amountColumn < 0 || approverColumns.length === 0) continue;
    for (const matrix of matrices) {
      const currency = matrix.tiers[0]!.currency;
      for (const row of table.rows) {
        const amount = cellAmount(row.cells[amountColumn] ?? '', currency, table.columns[amountColumn]!);
        const cells = approverColumns.map((i) => row.cells[i] ?? '').filter(Boolean);
        const approver = cells.find((cell) => approverTier(matrix, cell) >= 0) ?? cells[0] ?? '';
        if (amount === null || !approver) continue;
        const required = matrix.tiers.findIndex((t) => amount > t.low && amount <= t.high);
        if (required < 0) continue;
        const named = approverTier(matrix, approver);
        if (named < 0 || named >= required) continue;
        // "Executive Credit Committee" is a tier of the financing matrix, not the operating
        // expenditure matrix's "Chief Executive Officer": an approver another matrix names in full
        // is that matrix's.
        if (!namesInFull(matrix, approver) && matrices.some((m) => m !== matrix && namesInFull(m, approver)))
          continue;
        out.push({
          matrix,
          required: matrix.tiers[required]!,
          register: doc,
          row: row.segment,
          rowId: row.cells[0] ?? '',
          amount: row.cells[amountColumn]!,
          approver,
        });
      }
    }
  }
  return out;
}

export function underApprovalSubject(register: string): string {
  return `authority-matrix:${register}`;
}

export function underApprovalIssue(found: UnderApproval[]): Issue {
  const first = found[0]!;
  const rows = found
    .map((f) => `${f.rowId} (${f.amount}, approved by ${f.approver})`)
    .slice(0, 5)
    .join('; ');
  return {
    primitive: 'flow_down_check',
    subject: underApprovalSubject(first.register.name),
    aspects: [underApprovalSubject(first.register.name)],
    title: `${first.register.name}: ${found.length} arrangement${found.length === 1 ? '' : 's'} approved below the authority ${first.matrix.document} requires (${found
      .map((f) => f.rowId)
      .slice(0, 3)
      .join(', ')})`,
    description:
      `${first.matrix.document} sets who approves by amount ("${first.required.segment.text.slice(0, 200)}"), but ${first.register.name} records ${rows}: ` +
      `an amount in the tier of the ${first.required.authority}, approved at a lower tier.`,
    rootCause: `Approvals are recorded without checking the amount against the approval matrix of ${first.matrix.document}.`,
    remediationScope: `Have the ${first.required.authority} ratify or reject ${found.map((f) => f.rowId).join(', ')}, and check the matrix before an approval is recorded.`,
    remediationEffortHours: 3,
    severity: 'high',
    confidence: 0.82,
    frameworks: [],
    quotes: [quoteOf(first.required.segment), ...found.slice(0, 3).map((f) => quoteOf(f.row))],
  };
}
