// How much control over a provider's sub-contracting a contract clause gives the customer, and how
// much a policy requires, on one scale: prior approval, notice before the change, notice after it,
// none. A contract carries a policy's rule when its strongest clause reaches the policy's level:
// "may use subcontractors without the Client's consent", a "general authorisation" with a list kept
// on a website, or notice "within two weeks after the subcontractor starts" do not carry "prior
// written approval"; "may not subcontract ... without the Client's prior written consent" does.

export type SubcontractControl = 'approval' | 'advance-notice' | 'late-notice' | 'none';

const RANK: Record<SubcontractControl, number> = {
  none: 0,
  'late-notice': 1,
  'advance-notice': 2,
  approval: 3,
};

// "sub-charter" is how carriers by air and sea pass their work on; road carriers and brokers
// "re-broker" a load to "sub-carriers" or "sub-hauliers".
export const SUBCONTRACT =
  /\b(sub-?contract\w*|sub-?processors?|sub-?operators?|sub-?suppliers?|sub-?vendors?|sub-?charter\w*|sub-?carriers?|sub-?hauliers?|re-?brok\w*|fourth[- ]part\w*)\b/i;
/**
 * Passing work on without the word ("may engage other hauliers to carry any Consignment"): the
 * provider's own sub-contracting, however its trade names the others.
 */
export const ONWARD_ENGAGEMENT =
  /\b(?:engage|appoint|use|instruct)\s+(?:any\s+)?(?:other|another|third[- ]party|further)\s+[a-z]+/i;
/** How far around the sub-contracting words a statement is read for its control, in characters. */
const NEAR_BEFORE = 150;
const NEAR_AFTER = 250;
/** The clause that lets the provider sub-contract, the one to quote when it sets no control. */
export const PERMISSION = /\bmay\s+(?:engage|appoint|use|sub-?contract)\b/i;

const APPROVAL_WORD = /\b(?:approv\w*|consent\w*|authori[sz]\w*)\b/i;
const NOTICE_WORD = /\b(?:notif\w*|notice|inform\w*)\b/i;
/** A prohibition the "without ..." that follows makes conditional ("shall not ... without"). */
const PROHIBITION =
  /\b(?:shall|must|may|will|can|does|do)\s+not\b|\bnot\s+(?:to\s+)?(?:engage|appoint|use|sub-?contract|assign)\b|\bno\s+(?:\w+\s+){0,3}(?:may|shall|must|will)\b|\bonly\b/i;
const WITHOUT_CONTROL = /\bwithout\b[^.;]{0,40}?\b(approv\w*|consent\w*|authori[sz]\w*|notice|notif\w*)\b/i;
const FREE_CHOICE =
  /\bat (?:its|their) (?:sole |own )?discretion\b|\bof (?:its|their) (?:own )?(?:choosing|choice)\b|\bas it (?:may )?selects?\b|\bfreely\b/i;
/** Consent given once, in general, instead of for each sub-contractor. */
const GENERAL_CONSENT =
  /\bgeneral (?:written )?(?:authori[sz]ation|consent|approval)\b|\b(?:consent|approval|authori[sz]ation)\b[^.;]{0,30}\b(?:shall|will|is) not (?:be )?required\b/i;
/** Approval of the sub-contractors named at signature, which says nothing about new ones. */
const LISTED_APPROVAL =
  /\b(?:approv|authori[sz])\w*\b[^.;]{0,50}\b(?:listed|set out|named|as (?:of|at) (?:the )?(?:date|effective|commencement)|at (?:the )?(?:date|signature)|effective date|commencement date)\b|\b(?:listed|set out|named)\b[^.;]{0,50}\b(?:approv|authori[sz])\w*\b/i;
// Notice in a later periodic report ("in its next monthly operations report") comes after too.
const NOTICE_AFTER =
  /\bin (?:its|the|their) next (?:\w+ ){0,2}report\b|\b(?:after|following)\s+(?:such\s+|the\s+|its\s+|their\s+|any\s+)?(?:appointment|engagement|change|replacement|addition)\b|\bafter (?:appointing|engaging|adding)\b|\bwithin\b[^.;]{0,40}\b(?:after|following)\b/i;

export function controlRank(control: SubcontractControl): number {
  return RANK[control];
}

/** A clause saying neither notice nor approval is owed. */
const NO_CONTROL_OWED =
  /\bnot\s+(?:be\s+)?(?:required|obliged|obligated|bound)\s+to\s+(?:notify|inform|give\s+notice|obtain|seek|request)\b|\bno\s+(?:obligation|requirement|duty)\s+to\s+(?:notify|inform|give\s+notice|obtain|seek)\b/i;

function noticeControl(text: string): SubcontractControl {
  if (!NOTICE_WORD.test(text)) return 'none';
  if (NOTICE_AFTER.test(text)) return 'late-notice';
  // "may engage Sub-processors ... upon giving notice to the Client": notice as the engagement is
  // made leaves the customer no time to object, which a general authorisation presumes.
  return NOTICE_ON_ENGAGING.test(text) ? 'late-notice' : 'advance-notice';
}

/** Notice given in the act of engaging, with no word of giving it ahead. */
const NOTICE_ON_ENGAGING =
  /\b(?:up)?on\s+(?:giving|providing|serving)\s+(?:written\s+)?(?:notice|notification)\b(?![^.;]{0,60}\b(?:prior|advance|before|ahead|at least|intended|proposed|object\w*)\b)/i;

/**
 * The control over sub-contracting one contract statement gives the customer, or null when the
 * statement sets none (liability, flow-down of terms, a definition).
 */
export function subcontractControl(statement: string): SubcontractControl | null {
  // Read near the sub-contracting words: a long recital that names a subcontractor in passing and
  // notification elsewhere sets no control over sub-contracting.
  const named = statement.search(SUBCONTRACT);
  const at = named >= 0 ? named : statement.search(ONWARD_ENGAGEMENT);
  if (at < 0) return null;
  const text = statement.slice(Math.max(0, at - NEAR_BEFORE), at + NEAR_AFTER);
  const without = WITHOUT_CONTROL.exec(text);
  if (without) {
    const before = text.slice(0, without.index);
    if (!PROHIBITION.test(before)) return 'none';
    return APPROVAL_WORD.test(without[1]!) ? 'approval' : 'advance-notice';
  }
  // "shall not be required to notify the Customer of, or to obtain the Customer's approval for,
  // any addition": the clause disclaims the control it names.
  if (NO_CONTROL_OWED.test(text)) return 'none';
  if (GENERAL_CONSENT.test(text) || FREE_CHOICE.test(text)) return noticeControl(text);
  const approvalOfNew = APPROVAL_WORD.test(text.replace(LISTED_APPROVAL, ' '));
  if (approvalOfNew) return 'approval';
  if (NOTICE_WORD.test(text)) return noticeControl(text);
  return null;
}

/**
 * The control a policy statement requires over a provider's sub-contracting. "Prior written
 * authorisation" without "specific" admits a general authorisation with notice of each new
 * sub-processor in advance (the construction of GDPR Article 28(2)); approval, consent or a
 * specific authorisation does not.
 */
export function requiredControl(text: string): SubcontractControl {
  if (/\b(?:approv\w*|consent\w*)\b|\bspecific\b/i.test(text)) return 'approval';
  if (APPROVAL_WORD.test(text)) return 'advance-notice';
  return /\b(?:prior|advance|before|in advance)\b/i.test(text) ? 'advance-notice' : 'late-notice';
}

/** How a contract's control falls short of a policy's, in words that follow "lets X subcontract". */
export function shortfall(control: SubcontractControl | null): string {
  switch (control) {
    case 'late-notice':
      return 'with notice to the customer only after the appointment';
    case 'advance-notice':
      return 'with notice only, and no approval';
    case 'approval':
    case 'none':
    case null:
      return 'without it';
  }
}
