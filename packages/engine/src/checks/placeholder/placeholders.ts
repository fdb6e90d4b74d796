// Unresolved template placeholders: the marks a template leaves where the adopting organisation
// was to write its own value ("{{companyName}}", "[Number, e.g., 24]", "<insert contact>", "TBD",
// "XX days"). Where one stands in a requirement, the requirement is undefined; where it stands
// for the organisation's own name, the document was never made the organisation's own.
import { fencedBlocks } from '../../text/fences';

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
  /^(?:list|describe|insert|enter|add|set|specify|provide|state|identify|define|fill in|complete)\s+(?:the|all|a|an|any|each|your|here|who|what|which|how|when|where)\b|^(?:insert|enter|fill in)\s+[a-z]/i;

/** Bracketed text that is not a placeholder: citations, checkboxes, editorial marks, years. */
const NOT_A_FIELD =
  /^(?:\s*|x|X|✓|✔|\d+|\^\d+|\d{4}|[ivxlc]+|sic|emphasis (?:added|original)|redacted|omitted|ellipsis|\.\.\.|…|see .*|cf\. .*|[a-z]\)?|_)$/i;

const TEMPLATE_TAG = /\{\{\s*([^{}\n]{1,60}?)\s*\}\}|\{%\s*[^%\n]{1,60}%\}|\$\{([A-Za-z_][\w.]{0,40})\}/g;
const ANGLE_FIELD =
  /<<\s*([^<>\n]{1,60}?)\s*>>|<((?:insert|enter|add|specify|name|company|organi[sz]ation|client|date|number|contact|phone|e-?mail|tbd)\b[^<>\n]{0,60})>/gi;
const BRACKET = /\[([^[\]\n]{1,80})\](?![(:[])/g;
const OPEN_WORDS =
  /\b(?:TBD|TBC|TBA|TODO|FIXME)\b|\b[Tt]o [Bb]e (?:[Dd]etermined|[Cc]onfirmed|[Dd]ecided|[Dd]efined)\b/g;
/** A date mask ("DD/MM/YYYY") where a date format is declared, not a date left to fill in. */
const DATE_MASK = /^(?:XX|DD)\//;
const FORMAT_WORDS_BEFORE =
  /\b(?:format(?:ted)?|convention|notation|written(?:\s+as)?|shown(?:\s+as)?|expressed(?:\s+as)?|in the form|dates)\b[^.\n]{0,30}$/i;

/**
 * "Dates in this document follow the convention DD/MM/YYYY", "Date format | DD/MM/YYYY",
 * "Dates: DD/MM/YYYY", "Issued (DD/MM/YYYY)": a legend telling how dates are written, where a
 * blank ("Date: DD/MM/YYYY", "[DD/MM/YYYY]") asks for one.
 */
function isDateFormatLegend(text: string, index: number, mask: string): boolean {
  if (!DATE_MASK.test(mask)) return false;
  if (text[index - 1] === '(' && text[index + mask.length] === ')') return true;
  return FORMAT_WORDS_BEFORE.test(text.slice(Math.max(0, index - 60), index));
}

const OPEN_VALUE =
  /(?:\$|£|€)X{1,4}\b|\b(?:X{1,3}|N{1,2})\s+(?:calendar |business |working )?(?:days?|hours?|weeks?|months?|years?|minutes?|characters?|percent)\b|\bX{1,3}%|\b(?:XX|DD)\/(?:XX|MM)\/(?:XXXX|YYYY|XX|YY)\b/g;

/**
 * "LMT-<system>-<type>-<number>", "<year>/<number>": a field of a naming or numbering scheme the
 * document explains, joined to the rest of the identifier; a blank stands apart.
 */
function inNamingPattern(text: string, index: number, length: number): boolean {
  return (
    /[-_/.]$/.test(text.slice(Math.max(0, index - 1), index)) ||
    /^[-_/.]\S/.test(text.slice(index + length, index + length + 2))
  );
}

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
  // A lone dot is a defanged address ("organisation[.]gov.uk"), not a blank.
  if ((/^[●•_.\s]+$/.test(content) && content.trim() !== '.') || /^_{2,}/.test(content)) return true;
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

// Code: fenced blocks (an unclosed fence runs to the end of the text) and inline code spans.
const INLINE_CODE = /`[^`\n]+`/g;
/** A fence's info string naming a shell or a programming or configuration language. */
const CODE_LANGUAGE =
  /^\s*(?:sh|bash|zsh|shell|console|shell-session|powershell|ps1|pwsh|cmd|bat|python|py|ruby|rb|js|javascript|ts|typescript|go|java|c|cpp|cs|php|sql|json|ya?ml|toml|ini|hcl|terraform|tf|dockerfile|make|nginx|conf|xml|html|css|mermaid|plantuml|puml|dot|graphviz)\b/i;
/** A line of a command or of code: a prompt, an option flag, an assignment, a pipe or a brace. */
const CODE_LINE = /^\s*(?:\$|#!|>\s*\w)|\s--?[A-Za-z][\w-]*(?=[\s=]|$)|[\w\]"']=\S|\s\|\s|[{};]\s*$/;

/** A fenced block whose content is code, not a message or a form set in a box. */
function isCodeBlock(info: string, body: string): boolean {
  if (CODE_LANGUAGE.test(info)) return true;
  const lines = body.split('\n').filter((line) => line.trim() !== '');
  return lines.length > 0 && lines.filter((line) => CODE_LINE.test(line)).length * 2 >= lines.length;
}

/**
 * The spans of a text that are code: inline code and fenced blocks of commands or source. A
 * bracket in a sample command ("ssh-keygen -C [YOUR EMAIL]", "gpg --recv-keys [KEY-ID]") is an
 * argument the reader types each time, not a value the organisation left open; a fenced e-mail
 * or form template is prose, and its brackets still count.
 */
export function codeSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const block of fencedBlocks(text))
    if (isCodeBlock(block.info, block.body)) spans.push([block.start, block.end]);
  for (const m of text.matchAll(INLINE_CODE)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}

/**
 * The placeholders of a text, in order. Markdown links and references (including shortcut
 * references whose labels are in `referenceLabels`, from the whole document) are never
 * placeholders; template-engine tags count only when `templateTags` is set (the text is a
 * rendered document); nothing in code (codeSpans) is.
 */
export function findPlaceholders(
  text: string,
  { templateTags = true, referenceLabels = new Set<string>() } = {},
): Placeholder[] {
  const out: Placeholder[] = [];
  if (templateTags)
    for (const m of text.matchAll(TEMPLATE_TAG))
      out.push({ index: m.index, text: m[0], kind: kindOf(m[1] ?? m[2] ?? m[0]) });
  for (const m of text.matchAll(ANGLE_FIELD)) {
    if (inNamingPattern(text, m.index, m[0].length)) continue;
    out.push({ index: m.index, text: m[0], kind: kindOf(m[1] ?? m[2] ?? m[0]) });
  }
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
  for (const m of text.matchAll(OPEN_VALUE)) {
    if (isDateFormatLegend(text, m.index, m[0])) continue;
    out.push({ index: m.index, text: m[0], kind: 'value' });
  }
  const code = codeSpans(text);
  const inProse = out.filter((p) => !code.some(([start, end]) => p.index >= start && p.index < end));
  // Overlaps ("[TBD]" is both a bracket field and an open word): keep the first, longest.
  inProse.sort((a, b) => a.index - b.index || b.text.length - a.text.length);
  return inProse.filter((p, i) => i === 0 || p.index >= inProse[i - 1]!.index + inProse[i - 1]!.text.length);
}

/** A requirement or contact left open matters more than a name left open. */
export function isRequirementContext(sentence: string): boolean {
  return /\b(?:must|shall|will|required?|within|every|at least|no later than|contact|report|call|notify|hotline|phone|e-?mail)\b/i.test(
    sentence,
  );
}
