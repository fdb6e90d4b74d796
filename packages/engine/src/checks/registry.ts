// Every check family of the engine. Adding a family: write its folder (see docs/ARCHITECTURE.md,
// "Adding a check family") and add its check(s) here; nothing else in the pipeline changes.
import type { AnyCheck } from './check';
import { ambiguousFrequencyCheck } from './ambiguous-frequency';
import { amountThresholdCheck } from './amount-threshold';
import { authorityMatrixCheck } from './authority-matrix';
import { cardDataCheck } from './card-data';
import { categoryStandardCheck } from './category-standard';
import { catalogueStructureCheck } from './catalogue-structure';
import { citationCheck } from './citation';
import { copiedTableCheck } from './copied-table';
import { enumeratedCodeCheck } from './enumerated-code';
import { excludedScopeCheck } from './excluded-scope';
import { requiredDocumentCheck } from './required-document';
import { rowMinimumCheck } from './row-minimum';
import { conceptConflictCheck } from './concept-conflict';
import { controlStateCheck } from './control-state';
import { dataClassificationCheck } from './data-classification';
import { dataResidencyCheck } from './data-residency';
import { coverageCheck } from './coverage';
import { definedTermCheck } from './defined-term';
import { definitionThresholdCheck } from './definition-threshold';
import { disclaimedDutyCheck } from './disclaimed-duty';
import { dualApprovalCheck } from './dual-approval';
import { exceptionApproverCheck } from './exception-approver';
import { exceptionTermCheck } from './exception-term';
import { figureWordsCheck } from './figure-words';
import { flowDownCheck } from './flow-down';
import { formApprovalCheck } from './form-approval';
import { approvalOrderCheck } from './approval-order';
import { modelProposalCheck } from './model-proposal';
import { overdueRowsCheck } from './overdue-rows';
import { controlNameCheck, frameworkReferenceCheck } from './framework-reference';
import { productLifecycleCheck } from './product-lifecycle';
import { prohibitedPracticeCheck } from './prohibited-practice';
import { prohibitedValueCheck } from './prohibited-value';
import { selfReferenceCheck } from './self-reference';
import { seriesReferenceCheck } from './series-reference';
import { recordAttributeCheck } from './record-attribute';
import { recordFrequencyCheck } from './record-frequency';
import { recoveryPointCheck } from './recovery-point';
import { requirementConflictCheck } from './requirement-conflict';
import { reviewCurrencyCheck } from './review-currency';
import { roleInventoryCheck } from './role-inventory';
import { standardCurrencyCheck, standardEditionsCheck } from './standards';
import { supersededInstrumentCheck } from './superseded-instrument';
import { documentControlCheck } from './document-control';
import { documentReferenceCheck } from './document-reference';
import { linkTargetCheck } from './link-target';
import { placeholderCheck } from './placeholder';
import { unassignedRowsCheck } from './unassigned-rows';
import { unsetCadenceCheck } from './unset-cadence';
import { unwrittenCheck } from './unwritten';
import { validityTermCheck } from './validity-term';
import { measuredLimitCheck, measuredReadingCheck } from './measured-limit';
import { versionReferenceCheck } from './version-reference';

export const CHECKS: readonly AnyCheck[] = [
  conceptConflictCheck,
  requirementConflictCheck,
  copiedTableCheck,
  amountThresholdCheck,
  definitionThresholdCheck,
  measuredLimitCheck,
  measuredReadingCheck,
  categoryStandardCheck,
  prohibitedValueCheck,
  prohibitedPracticeCheck,
  enumeratedCodeCheck,
  rowMinimumCheck,
  excludedScopeCheck,
  requiredDocumentCheck,
  authorityMatrixCheck,
  dualApprovalCheck,
  controlStateCheck,
  recoveryPointCheck,
  recordFrequencyCheck,
  recordAttributeCheck,
  overdueRowsCheck,
  exceptionTermCheck,
  validityTermCheck,
  exceptionApproverCheck,
  formApprovalCheck,
  approvalOrderCheck,
  cardDataCheck,
  flowDownCheck,
  disclaimedDutyCheck,
  dataResidencyCheck,
  coverageCheck,
  placeholderCheck,
  unwrittenCheck,
  unsetCadenceCheck,
  unassignedRowsCheck,
  standardCurrencyCheck,
  reviewCurrencyCheck,
  documentControlCheck,
  productLifecycleCheck,
  supersededInstrumentCheck,
  standardEditionsCheck,
  definedTermCheck,
  dataClassificationCheck,
  roleInventoryCheck,
  figureWordsCheck,
  ambiguousFrequencyCheck,
  versionReferenceCheck,
  citationCheck,
  documentReferenceCheck,
  selfReferenceCheck,
  seriesReferenceCheck,
  linkTargetCheck,
  frameworkReferenceCheck,
  controlNameCheck,
  catalogueStructureCheck,
  modelProposalCheck,
];

const BY_ID = new Map(CHECKS.map((check) => [check.id, check]));
if (BY_ID.size !== CHECKS.length) throw new Error('Two checks share an id.');

export function checkById(id: string): AnyCheck {
  const check = BY_ID.get(id);
  if (!check) throw new Error(`No check "${id}" is registered.`);
  return check;
}
