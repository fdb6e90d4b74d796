// The executive summary of the polished deliverable, written by the model through the
// engagement's gateway (its budget, its audit log: stage "report", step "executive_summary").
// When the budget is spent or the provider fails, the local writer's summary is used instead, so
// a delivery never fails on the summary. The built-in offline analyst (MODEL_PROVIDER=local)
// answers with the deliverables package's writer, which knows the finding numbers and efforts.
import type { DeliverableContent } from '@auditsvc/deliverables';
import { writeLocalExecutiveSummary } from '@auditsvc/deliverables';
import { type ModelGateway, type Severity, executiveSummaryTask } from '@auditsvc/engine/src/lean';
import type { Logger } from '@auditsvc/runtime';

export function createExecutiveSummaryWriter(deps: {
  gatewayFor(engagementId: string): ModelGateway;
  logger?: Logger;
}) {
  return async (content: DeliverableContent): Promise<string> => {
    const documents = new Set(content.findings.flatMap((finding) => finding.evidence.map((e) => e.document)));
    try {
      const task = { ...executiveSummaryTask, local: () => writeLocalExecutiveSummary(content) };
      const summary = await deps.gatewayFor(content.engagement.id).call(
        task,
        {
          clientName: content.engagement.client_name,
          auditPurpose: content.engagement.intake.audit_purpose,
          frameworks: content.engagement.intake.frameworks,
          documentCount: documents.size,
          findings: content.findings.map((finding) => ({
            title: finding.title,
            severity: finding.severity as Severity,
            primitive: finding.primitive,
            filterStatus: finding.filter_status,
          })),
        },
        { stage: 'report', step: 'executive_summary' },
      );
      if (summary.trim().length > 0) return summary;
    } catch (error) {
      deps.logger?.warn('executive_summary_fallback', {
        engagement_id: content.engagement.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    return writeLocalExecutiveSummary(content);
  };
}
