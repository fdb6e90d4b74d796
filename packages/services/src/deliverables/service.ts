// Deliverables (spec 4.3): served from the polished copy stored at delivery when there is one,
// else regenerated on the fly with a placeholder executive summary. Rendering lives in
// @auditsvc/deliverables; this service loads the inputs, stores and discards the polished copy.
import {
  ARCHETYPES,
  NotFoundError,
  ValidationError,
  assertFirmVisible,
  readEnumColumn,
  readIntake,
  readJsonColumn,
} from '@auditsvc/core';
import type { Caller } from '@auditsvc/core';
import type { EngagementRecord, Repositories } from '@auditsvc/db';
import { methodologyText } from '@auditsvc/engine/src/lean';
import type { Logger } from '@auditsvc/runtime';
import {
  DELIVERABLE_FORMATS,
  DeliverableContent,
  DeliverableFormat,
  PLACEHOLDER_EXECUTIVE_SUMMARY,
  buildDeliverableContent,
  deliverableContentSchema,
  deliverableFilename,
  renderDocx,
  renderHtmlDocument,
  renderMarkdown,
  renderMethodology,
  writeLocalExecutiveSummary,
} from '@auditsvc/deliverables';
import { iso } from '../engagements/presenter';
import { presentFinding } from '../findings/presenter';
import { presentFirm } from '../firms/presenter';
import { runMethodology } from '../runs/methodology';
import { engineOptions, storedRunOptions } from '../runs/options';

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type RenderedDeliverable =
  | { format: 'json'; body: DeliverableContent }
  | { format: 'markdown'; body: { markdown: string } }
  | { format: 'methodology'; body: { text: string } }
  | { format: 'docx'; bytes: Buffer; filename: string; contentType: string }
  | { format: 'html'; html: string; contentSecurityPolicy: string };

export interface DeliverableDeps {
  repos: Pick<Repositories, 'engagements' | 'firms' | 'deliverables' | 'runs'>;
  now: () => Date;
  /** Where a run's unreadable methodology record is reported. */
  logger: Logger;
  /** Writes the polished executive summary; the local writer by default (no model call). */
  writeExecutiveSummary?: (content: DeliverableContent) => Promise<string>;
}

export function createDeliverableService(deps: DeliverableDeps) {
  const { engagements, firms, deliverables, runs } = deps.repos;
  const writeSummary =
    deps.writeExecutiveSummary ?? ((content) => Promise.resolve(writeLocalExecutiveSummary(content)));

  async function requireVisible(caller: Caller, id: string): Promise<EngagementRecord> {
    const engagement = await engagements.findById(id);
    if (!engagement) throw new NotFoundError('Engagement');
    assertFirmVisible(caller, engagement.firmId, 'Engagement');
    return engagement;
  }

  /**
   * How the engagement's last completed run read the corpus, in the engine's own words; null when no
   * run recorded it (none completed, or all before the record existed).
   */
  async function procedure(engagement: EngagementRecord, frameworks: string[]): Promise<string | null> {
    const run = await runs.lastCompletedFullRun(engagement.id);
    const record = run && runMethodology(run, deps.logger);
    if (!run || !record) return null;
    return methodologyText({ frameworks, options: engineOptions(storedRunOptions(run)), run: record });
  }

  /** Content from the current data; the executive summary is filled in by the caller. */
  async function build(engagement: EngagementRecord, isPolished: boolean): Promise<DeliverableContent> {
    const intake = readIntake(engagement.intake);
    const [firm, findings, runProcedure] = await Promise.all([
      firms.findById(engagement.firmId),
      deliverables.sourceFindings(engagement.id),
      procedure(engagement, intake.frameworks),
    ]);
    return buildDeliverableContent({
      engagement: {
        id: engagement.id,
        firm_id: engagement.firmId,
        client_name: engagement.clientName,
        archetype: readEnumColumn(
          ARCHETYPES,
          engagement.archetype,
          `archetype of engagement ${engagement.id}`,
        ),
        status: engagement.status,
        created_at: engagement.createdAt.toISOString(),
        delivered_at: iso(engagement.deliveredAt),
      },
      firm: firm ? presentFirm(firm) : null,
      findings: findings.map(presentFinding),
      intake,
      executiveSummary: isPolished ? '' : PLACEHOLDER_EXECUTIVE_SUMMARY,
      procedure: runProcedure,
      isPolished,
      generatedAt: deps.now(),
    });
  }

  /** The stored polished copy, else a draft built now. */
  async function content(engagement: EngagementRecord): Promise<DeliverableContent> {
    const stored = await deliverables.findContent(engagement.id);
    if (stored && typeof stored === 'object') {
      return readJsonColumn(
        deliverableContentSchema,
        stored,
        `polished deliverable of engagement ${engagement.id}`,
      );
    }
    return build(engagement, false);
  }

  async function render(
    format: DeliverableFormat,
    deliverable: DeliverableContent,
  ): Promise<RenderedDeliverable> {
    switch (format) {
      case 'json':
        return { format, body: deliverable };
      case 'markdown':
        return { format, body: { markdown: renderMarkdown(deliverable) } };
      case 'methodology':
        return { format, body: { text: renderMethodology(deliverable) } };
      case 'docx':
        return {
          format,
          bytes: await renderDocx(deliverable),
          filename: deliverableFilename(deliverable, 'docx'),
          contentType: DOCX_CONTENT_TYPE,
        };
      case 'html': {
        const page = renderHtmlDocument(deliverable);
        return { format, html: page.html, contentSecurityPolicy: page.contentSecurityPolicy };
      }
    }
  }

  return {
    async get(caller: Caller, id: string, format: string): Promise<RenderedDeliverable> {
      if (!(DELIVERABLE_FORMATS as readonly string[]).includes(format)) {
        throw ValidationError.of(
          ['query', 'format'],
          `must be one of ${DELIVERABLE_FORMATS.join(', ')}`,
          'enum',
        );
      }
      const engagement = await requireVisible(caller, id);
      return render(format as DeliverableFormat, await content(engagement));
    },

    /**
     * Builds the polished copy (executive summary from the injected writer) and stores it. Called
     * after a delivery; does nothing when the engagement is gone or was unfrozen meanwhile.
     */
    async storePolished(engagementId: string): Promise<DeliverableContent | null> {
      const engagement = await engagements.findById(engagementId);
      if (!engagement || !engagement.isFrozen) return null;
      const draft = await build(engagement, true);
      const written = (await writeSummary(draft)).trim();
      const polished = { ...draft, executive_summary: written || writeLocalExecutiveSummary(draft) };
      // The summary may take a model call; an unfreeze during it must not leave a stale copy.
      const current = await engagements.findById(engagementId);
      if (!current || !current.isFrozen) return null;
      await deliverables.upsert(engagementId, polished);
      return polished;
    },
  };
}

export type DeliverableService = ReturnType<typeof createDeliverableService>;
