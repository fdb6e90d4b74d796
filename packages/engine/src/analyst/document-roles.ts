// Where a document sits in the client's hierarchy: a policy states obligations, a procedure or
// plan implements them, a contract binds a third party, an evidence record shows practice. The
// intake's doc_hierarchy (role -> filename globs) decides; otherwise the name and title do.

export type DocumentRole = 'policy' | 'procedure' | 'standard' | 'contract' | 'evidence' | 'other';

function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`, 'i');
}

function roleFromName(role: string): DocumentRole | null {
  const lower = role.toLowerCase();
  if (/polic/.test(lower)) return 'policy';
  if (/procedur|plan|process|runbook/.test(lower)) return 'procedure';
  // A schedule of obligations (a legal register, a retention or calibration schedule) states what
  // must be done, as a standard does; a contract's schedule is recognised as the contract first.
  if (/standard|baseline|schedule|obligation/.test(lower)) return 'standard';
  if (/contract|agreement|vendor/.test(lower)) return 'contract';
  if (/evidence|record|log|report/.test(lower)) return 'evidence';
  return null;
}

const CONTRACT_WORDS =
  /\b(agreement|contract|addendum|statement of work|SOW|terms of service|master services|MSA|DPA|BAA|order form)\b/i;

/**
 * What a contract looks like inside, whatever its file is called: parties named and defined,
 * an agreement defining itself, signature blocks. Two signals are needed, so a policy that
 * mentions "agreements" or a procedure with a sign-off line is not taken for one.
 */
const CONTRACT_SIGNALS: RegExp[] = [
  /\b(?:[Bb]y and )?[Bb]etween\b[\s\S]{0,250}?\band\b[\s\S]{0,250}?\(\s*(?:the\s+)?["\u201c][A-Z]/,
  /\(\s*(?:the|this)?\s*["\u201c](?:Agreement|Addendum|Contract|Schedule|Statement of Work|SOW|DPA|BAA)["\u201d]\s*\)/,
  /\bentered into\b[^.]{0,120}\b(?:by|between)\b/i,
  /\b(IN WITNESS WHEREOF|Signed[\s\u2014\u2013:-]{1,5}(?:for|on behalf of|by)|For and on behalf of)\b/i,
  /\((?:the\s+)?(?:["\u201c][^"\u201d\n]{1,40}["\u201d]\s+or\s+(?:the\s+)?)?["\u201c](?:Customer|Client|Provider|Supplier|Vendor|Processor|Controller|Contractor|Licensee|Licensor)["\u201d]\)/,
];

export function looksLikeContract(text: string): boolean {
  const opening = `${text.slice(0, 3000)}\n${text.slice(-1500)}`.replace(/\*\*|__/g, '');
  return CONTRACT_SIGNALS.filter((signal) => signal.test(opening)).length >= 2;
}

export function inferRole(
  name: string,
  extension: string,
  title: string,
  text: string,
  hierarchy: Record<string, string[]> | null,
): DocumentRole {
  const spaced = name.replace(/[-_]+/g, ' ');
  // Contracts are recognised by what they are before the hierarchy's globs: a policy glob would
  // not normally catch one, and flow-down checks depend on finding them.
  // "Contract-Management-Procedure" or "Supplier Agreements Policy" governs contracts; it is not one,
  // and neither is a spreadsheet that lists them ("Contract-Register.csv").
  const record = ['xlsx', 'csv', 'eml', 'mbox', 'png', 'jpg', 'jpeg', 'tiff'].includes(extension);
  const governs =
    /\b(polic(?:y|ies)|procedures?|standards?|guidelines?|process|plan|checklist|template)\b/i.test(
      `${spaced} ${title}`,
    ) ||
    (['xlsx', 'csv'].includes(extension) && /\b(register|log|list|inventory|tracker)\b/i.test(spaced));
  // A register's first line may be its column names ("... | Employment / Contract Status | ..."):
  // they name what the rows record, not what the file is.
  const titleIsColumns = record && /\s\|\s/.test(title);
  if (!governs && (CONTRACT_WORDS.test(spaced) || (!titleIsColumns && CONTRACT_WORDS.test(title))))
    return 'contract';
  // So is a contract whose file is named otherwise ("Hosting-Schedule-3.docx" under a "*-Schedule.*"
  // procedure glob): its parties, definitions and signature blocks say what it is.
  if (!record && looksLikeContract(text)) return 'contract';
  if (hierarchy) {
    for (const [role, globs] of Object.entries(hierarchy)) {
      if (!Array.isArray(globs)) continue;
      if (globs.some((glob) => typeof glob === 'string' && globToRegExp(glob).test(name))) {
        const mapped = roleFromName(role);
        if (mapped) return mapped;
      }
    }
  }
  if (record) {
    if (/\b(standard|policy)\b/i.test(spaced) || /\b(standard|policy)\b/i.test(title)) return 'standard';
    return 'evidence';
  }
  const policyWords =
    /\b(polic(?:y|ies)|charter|handbook|manual|code of conduct|guidelines?|retention schedule|notice)\b/i;
  if (policyWords.test(spaced) || policyWords.test(title)) return 'policy';
  if (/\b(procedure|plan|playbook|runbook)\b/i.test(spaced) || /\b(procedure|plan)\b/i.test(title))
    return 'procedure';
  if (/\b(standard|baseline)\b/i.test(spaced) || /\bstandard\b/i.test(title)) return 'standard';
  if (/\b(compliance|legal|regulatory) obligations?\b/i.test(`${spaced} ${title}`)) return 'standard';
  if (/^(from|received|return-path|message-id):/im.test(text.slice(0, 400))) return 'evidence';
  return 'other';
}

export function isNormative(role: DocumentRole): boolean {
  return role === 'policy' || role === 'procedure' || role === 'standard';
}
