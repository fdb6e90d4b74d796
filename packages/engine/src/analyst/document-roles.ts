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
  if (/standard|baseline/.test(lower)) return 'standard';
  if (/contract|agreement|vendor/.test(lower)) return 'contract';
  if (/evidence|record|log|report/.test(lower)) return 'evidence';
  return null;
}

const CONTRACT_WORDS =
  /\b(agreement|contract|addendum|statement of work|terms of service|master services|MSA|DPA|BAA|order form)\b/i;

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
  if (CONTRACT_WORDS.test(spaced) || CONTRACT_WORDS.test(title)) return 'contract';
  if (hierarchy) {
    for (const [role, globs] of Object.entries(hierarchy)) {
      if (!Array.isArray(globs)) continue;
      if (globs.some((glob) => typeof glob === 'string' && globToRegExp(glob).test(name))) {
        const mapped = roleFromName(role);
        if (mapped) return mapped;
      }
    }
  }
  if (['xlsx', 'csv', 'eml', 'mbox', 'png', 'jpg', 'jpeg', 'tiff'].includes(extension)) {
    if (/\b(standard|policy)\b/i.test(spaced) || /\b(standard|policy)\b/i.test(title)) return 'standard';
    return 'evidence';
  }
  const policyWords =
    /\b(polic(?:y|ies)|charter|handbook|manual|code of conduct|guidelines?|retention schedule|notice)\b/i;
  if (policyWords.test(spaced) || policyWords.test(title)) return 'policy';
  if (/\b(procedure|plan|playbook|runbook)\b/i.test(spaced) || /\b(procedure|plan)\b/i.test(title))
    return 'procedure';
  if (/\b(standard|baseline)\b/i.test(spaced) || /\bstandard\b/i.test(title)) return 'standard';
  if (/^(from|received|return-path|message-id):/im.test(text.slice(0, 400))) return 'evidence';
  return 'other';
}

export function isNormative(role: DocumentRole): boolean {
  return role === 'policy' || role === 'procedure' || role === 'standard';
}
