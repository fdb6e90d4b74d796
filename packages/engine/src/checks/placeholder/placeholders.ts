// Unresolved template placeholders: the marks a template leaves where the adopting organisation
// was to write its own value ("{{companyName}}", "[Number, e.g., 24]", "<insert contact>", "TBD",
// "XX days"). Where one stands in a requirement, the requirement is undefined; where it stands
// for the organisation's own name, the document was never made the organisation's own.

/** One placeholder in a text: where it stands, as written, and what kind of value it holds. */
export interface Placeholder {
  index: number;
  text: string;
  /** identity: stands for the organisation's own name; value: any other value left open. */
  kind: 'identity' | 'value';
}

// A customer's or client's name is an addressee (a letter's "[Name of Customer]"), not the
// organisation's own.
const IDENTITY =
  /\b(?:company|organi[sz]ation|org|entity|firm|business|employer|agency|practice|institution|legal)[\s_-]*(?:full[\s_-]*|short[\s_-]*|legal[\s_-]*|long[\s_-]*)?(?:name|abbreviation|acronym)?\b|^(?:company|organi[sz]ation|firm)(?:full|short|legal)?name$/i;

/** Words that make a bracketed phrase a fill-in field rather than prose in brackets. */
const FIELD_WORDS =
  /\b(?:insert|enter|add|specify|select|choose|name|names|title|number|no\.|date|dates|address|phone|telephone|e-?mail|department|role|position|period|frequency|amount|value|owner|contact|company|organi[sz]ation|client|entity|vendor|system|location|url|website|hotline|time|days|hours|months|years|percentage|version|tbd|tbc|e\.g\.?|for example)\b/i;

/** A bracket that tells the adopter what to write there. */
const AUTHOR_INSTRUCTION =
  /^(?:list|describe|insert|enter|add|set|specify|provide|state|identify|define|fill in|complete)\s+(?:the|all|a|an|any|each|your|here|who|what|which|how|when|where)\b/i;

/** Bracketed text that is not a placeholder: citations, checkboxes, editorial marks, years. */
const NOT_A_FIELD =
  /^(?:\s*|x|X|✓|✔|\d+|\^\d+|\d{4}|[ivxlc]+|sic|emphasis (?:added|original)|redacted|omitted|ellipsis|\.\.\.|…|see .*|cf\. .*|[a-z]\)?)$/i;

const TEMPLATE_TAG = /\{\{\s*([^{}\n]{1,60}?)\s*\}\}|\{%\s*[^%\n]{1,60}%\}|\$\{([A-Za-z_][\w.]{0,40})\}/g;
const ANGLE_FIELD =
  /<<\s*([^<>\n]{1,60}?)\s*>>|<((?:insert|enter|add|specify|name|company|organi[sz]ation|client|date|number|contact|phone|e-?mail|tbd)\b[^<>\n]{0,60})>/gi;
const BRACKET = /\[([^[\]\n]{1,80})\](?![(:[])/g;
const OPEN_WORDS =
  /\b(?:TBD|TBC|TBA|TODO|FIXME)\b|\b[Tt]o [Bb]e (?:[Dd]etermined|[Cc]onfirmed|[Dd]ecided|[Dd]efined)\b/g;
const OPEN_VALUE =
  /(?:\$|£|€)X{1,4}\b|\b(?:X{1,3}|N{1,2})\s+(?:calendar |business |working )?(?:days?|hours?|weeks?|months?|years?|minutes?|characters?|percent)\b|\bX{1,3}%|\b(?:XX|DD)\/(?:XX|MM)\/(?:XXXX|YYYY|XX|YY)\b/g;

/** A Markdown reference definition ("[HEC]: https://..."): its label, used as "[HEC]", is a link. */
const REFERENCE_DEFINITION = /^[ \t]{0,3}\[([^[\]\n]{1,80})\]:[ \t]*\S/gm;

const labelKey = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

/** The labels a Markdown text defines as reference links (compared case-insensitively, as Markdown does). */
export function markdownReferenceLabels(text: string): Set<string> {
  return new Set([...text.matchAll(REFERENCE_DEFINITION)].map((m) => labelKey(m[1]!)));
}

/**
 * "These need to be defined in ...", "has to be confirmed by ...": an instruction about what
 * someone must do, where "to be defined" is the verb's complement, not a value left open.
 */
const INSTRUCTION_BEFORE = /\b(?:needs?|needed|ha(?:s|ve|d)|ought|going)\s+$/i;

/** "[ORGANISATION] USE ONLY": a handling marking whose owner is named at use, not a name left open. */
const HANDLING_MARKING_AFTER = /^\s*(?:USE\s+ONLY|EYES\s+ONLY|ONLY)\b/;

function bracketIsField(inner: string): boolean {
  const content = inner.trim();
  if (NOT_A_FIELD.test(content)) return false;
  // "[INC0012345]", "[CHG-2291]", "[JIRA SEC-118]": a ticket or record number, an identifier filled in.
  if (/^(?:[A-Z][A-Za-z]{1,9}\s)?[A-Z]{2,6}[-_]?\d{2,}$/.test(content)) return false;
  // [●], [•], [___]: the drafting marks for a value to be filled in.
  if (/^[●•_.\s]+$/.test(content) || /^_{2,}/.test(content)) return true;
  if (/^[A-Z][A-Z0-9 ,./&'-]{2,}$/.test(content) && /[A-Z]{3}/.test(content)) return true; // [COMPANY NAME]
  // "[weekly/monthly]": a choice left to the adopter.
  if (/^[a-z-]+(?:\s?\/\s?[a-z-]+)+$/i.test(content) && content.split('/').length <= 4) return true;
  const words = content.split(/\s+/);
  // "[list the depots that open at weekends]": an instruction to the adopter, however long.
  if (AUTHOR_INSTRUCTION.test(content) && words.length <= 30 && !/[.!?]\s+\S/.test(content)) return true;
  return (
    words.length <= 8 && FIELD_WORDS.test(content) && /^[A-Z#<]|^(?:e\.g|insert|enter|add)/i.test(content)
  );
}

function kindOf(inner: string): Placeholder['kind'] {
  const words = inner.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return IDENTITY.test(words.trim()) &&
    !/\b(?:contact|phone|e-?mail|address|officer|owner|hotline|number)\b/i.test(words)
    ? 'identity'
    : 'value';
}

/**
 * Markup and template sources (Markdown, HTML, template files) are rendered by a build that fills
 * their template-engine tags ("{{companyName}}", "{% link ... %}"): in them such a tag is source,
 * not a value left open. In a rendered document (Word, PDF, text, e-mail, a spreadsheet) it is.
 */
export function isTemplateSource(documentName: string): boolean {
  return /\.(?:md|markdown|mdx|html?|tmpl|tpl|j2|jinja2?|hbs|handlebars|mustache|liquid|erb)$/i.test(
    documentName,
  );
}

/**
 * The placeholders of a text, in order. Markdown links and references (including shortcut
 * references whose labels are in `referenceLabels`, from the whole document) are never
 * placeholders; template-engine tags count only when `templateTags` is set (the text is a
 * rendered document).
 */
export function findPlaceholders(
  text: string,
  { templateTags = true, referenceLabels = new Set<string>() } = {},
): Placeholder[] {
  const out: Placeholder[] = [];
  if (templateTags)
    for (const m of text.matchAll(TEMPLATE_TAG))
      out.push({ index: m.index, text: m[0], kind: kindOf(m[1] ?? m[2] ?? m[0]) });
  for (const m of text.matchAll(ANGLE_FIELD))
    out.push({ index: m.index, text: m[0], kind: kindOf(m[1] ?? m[2] ?? m[0]) });
  for (const m of text.matchAll(BRACKET)) {
    // A Markdown reference definition ("[1]: https://...") or an image/link label.
    if (text[m.index - 1] === '!' || text[m.index - 1] === ']') continue;
    // A shortcut reference link ("see the [HEC]") whose label the document defines.
    if (referenceLabels.has(labelKey(m[1]!))) continue;
    if (!bracketIsField(m[1]!)) continue;
    const kind = kindOf(m[1]!);
    if (kind === 'identity' && HANDLING_MARKING_AFTER.test(text.slice(m.index + m[0].length))) continue;
    out.push({ index: m.index, text: m[0], kind });
  }
  for (const m of text.matchAll(OPEN_WORDS)) {
    if (INSTRUCTION_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    out.push({ index: m.index, text: m[0], kind: 'value' });
  }
  for (const m of text.matchAll(OPEN_VALUE)) out.push({ index: m.index, text: m[0], kind: 'value' });
  // Overlaps ("[TBD]" is both a bracket field and an open word): keep the first, longest.
  out.sort((a, b) => a.index - b.index || b.text.length - a.text.length);
  return out.filter((p, i) => i === 0 || p.index >= out[i - 1]!.index + out[i - 1]!.text.length);
}

/** A requirement or contact left open matters more than a name left open. */
export function isRequirementContext(sentence: string): boolean {
  return /\b(?:must|shall|will|required?|within|every|at least|no later than|contact|report|call|notify|hotline|phone|e-?mail)\b/i.test(
    sentence,
  );
}
