// Engagements (spec 4.3): create, list, read, delete, intake, assignment and the lifecycle of 3.1.
// Lifecycle rules come from packages/core (engagement-lifecycle.ts); this service applies them.
import {
  Caller,
  ConflictError,
  NotFoundError,
  ValidationError,
  assertFirmVisible,
  assertNotFrozen,
  firmScope,
  isPlatformAdmin,
  newId,
  planArchive,
  planDeliver,
  planUnarchive,
  planUnfreeze,
  ARCHETYPES,
  IntakeBody,
  intakeBodySchema,
  normalizeIntake,
} from '@auditsvc/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { EngagementRead, EngagementRecord, EngagementRepository, Repositories } from '@auditsvc/db';
import { coalescedReads } from '../streams/coalesced-reads';
import { presentEngagement } from './presenter';
import { createFindingsSummaryCache } from './summary-cache';

/** POST /auditsvc/engagement: firm, archetype and budget default to the firm's. */
export const createEngagementSchema = {
  type: 'object',
  properties: {
    firm_id: { type: 'string', maxLength: 200 },
    client_name: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
    archetype: { type: 'string', enum: [...ARCHETYPES] },
    budget_cents: { type: 'integer', minimum: 0, maximum: 100_000_000 },
    intake: intakeBodySchema,
  },
  required: ['client_name'],
  additionalProperties: false,
} as const;
export type CreateEngagementInput = FromSchema<typeof createEngagementSchema>;

export interface EngagementDeps {
  repos: Pick<Repositories, 'engagements' | 'firms' | 'users' | 'deliverables'>;
  now: () => Date;
  /** Runs after a real (not repeat) delivery, e.g. to store the polished deliverable. */
  onDelivered?: (engagementId: string) => Promise<void>;
}

/**
 * A page of the engagement list as a version: each engagement's id and row version, in order, and
 * the total. Row versions only move forward, so a page whose version is seen again is that page.
 */
function listVersion(
  items: Pick<EngagementRecord, 'id' | 'rowVersion'>[],
  total: number,
): (string | number)[] {
  const version: (string | number)[] = [];
  for (const item of items) version.push(item.id, item.rowVersion);
  version.push(total);
  return version;
}

export function createEngagementService(deps: EngagementDeps) {
  const { engagements, firms, users } = deps.repos;
  const summariesOf = createFindingsSummaryCache((ids) => engagements.summaries(ids));
  // The version reads every GET of an engagement, its findings or the list makes: concurrent
  // requests for the same one share a read that started after they asked (coalesced-reads.ts), so
  // each still sees every write committed before it came, and fifty requests at once on one
  // engagement make a few reads, not fifty.
  const accessOf = coalescedReads((id) => engagements.accessById(id));
  const listVersionsOf = coalescedReads((key) => {
    const [firmId, includeArchived, limit, offset] = JSON.parse(key) as [
      string | null,
      boolean,
      number,
      number,
    ];
    return engagements.listVersions({ firmId, includeArchived }, { limit, offset });
  });

  /** The engagement's firm and versions, if the caller may see it (404 otherwise). */
  async function access(caller: Caller, id: string) {
    const found = await accessOf(id);
    if (!found) throw new NotFoundError('Engagement');
    assertFirmVisible(caller, found.firmId, 'Engagement');
    return found;
  }

  /**
   * The engagement if the caller may see it; another firm's answers 404 like a missing one. Inside
   * a transaction, pass its repositories: a query on the outer client would need a second pool
   * connection while the transaction holds one (PostgreSQL pools run dry under concurrency).
   */
  async function requireVisible(
    caller: Caller,
    id: string,
    repo: Pick<EngagementRepository, 'findById'> = engagements,
  ): Promise<EngagementRecord> {
    const engagement = await repo.findById(id);
    if (!engagement) throw new NotFoundError('Engagement');
    assertFirmVisible(caller, engagement.firmId, 'Engagement');
    return engagement;
  }

  /**
   * Engagement objects with their findings summaries (kept while the findings are unchanged) and
   * corpus figures: at most two queries for any number.
   */
  async function present(records: EngagementRecord[]) {
    const ids = records.map((record) => record.id);
    const [summaries, corpus] = await Promise.all([summariesOf(records), engagements.corpusStats(ids)]);
    return records.map((record) =>
      presentEngagement(record, summaries.get(record.id), corpus.get(record.id)),
    );
  }

  async function presentOne(record: EngagementRecord) {
    return (await present([record]))[0]!;
  }

  /** Engagement objects of reads that carry their corpus figures: only the summaries to add. */
  async function presentReads(reads: EngagementRead[]) {
    const summaries = await summariesOf(reads.map((read) => read.record));
    return reads.map((read) => presentEngagement(read.record, summaries.get(read.record.id), read.corpus));
  }

  /** Applies a lifecycle change only if nobody changed the status meanwhile (compare-and-set). */
  async function applyIfUnchanged(record: EngagementRecord, data: Parameters<typeof engagements.update>[1]) {
    if (!(await engagements.updateIfStatus(record.id, record.status, data))) {
      throw new ConflictError('The engagement changed meanwhile; try again.');
    }
  }

  return {
    requireVisible,
    access,
    present,
    presentOne,

    /**
     * GET engagement, for a response kept in memory: one narrow read gives the access check and
     * the engagement's row version, which moves with every change to what its object shows (the
     * row, its findings version, its corpus files). `read` makes the object (the row with its
     * corpus figures in one statement) and says which row version it was made from.
     */
    async openOne(caller: Caller, id: string) {
      const { rowVersion } = await access(caller, id);
      return {
        version: rowVersion,
        async read() {
          const read = await engagements.findRead(id);
          if (!read) throw new NotFoundError('Engagement');
          assertFirmVisible(caller, read.record.firmId, 'Engagement');
          return { view: (await presentReads([read]))[0]!, version: read.record.rowVersion };
        },
      };
    },

    /**
     * GET engagement (the list), for a response kept in memory: non-admin callers always get their
     * own firm, whatever firm_id they pass. `scope` names the engagements listed; `version` is the
     * page's ids and row versions and the total, read in one narrow statement, and `read` makes
     * the page (one statement for the rows and their corpus figures) and says which version it was
     * made from.
     */
    async openList(
      caller: Caller,
      filter: { firmId?: string; includeArchived: boolean },
      page: { limit: number; offset: number },
    ) {
      const scope = {
        firmId: firmScope(caller) ?? filter.firmId ?? null,
        includeArchived: filter.includeArchived,
      };
      const listed = await listVersionsOf(
        JSON.stringify([scope.firmId, scope.includeArchived, page.limit, page.offset]),
      );
      return {
        scope: `${scope.firmId === null ? '*' : `firm=${scope.firmId}`}:archived=${scope.includeArchived}`,
        version: listVersion(listed.items, listed.total),
        async read() {
          const { items, total } = await engagements.listReads(scope, page);
          return {
            items: await presentReads(items),
            total,
            version: listVersion(
              items.map((read) => read.record),
              total,
            ),
          };
        },
      };
    },

    async create(caller: Caller, input: CreateEngagementInput): Promise<EngagementRecord> {
      const firmId = input.firm_id ?? firmScope(caller);
      if (!firmId) throw ValidationError.of(['body', 'firm_id'], 'Field required', 'missing');
      assertFirmVisible(caller, firmId, 'Firm');
      const firm = await firms.findById(firmId);
      if (!firm) throw new NotFoundError('Firm');
      return engagements.create({
        id: newId('engagement'),
        firmId,
        clientName: input.client_name.trim(),
        archetype: input.archetype ?? firm.defaultArchetype,
        budgetCents: input.budget_cents ?? firm.defaultBudgetCents,
        intake: input.intake ? (normalizeIntake(input.intake) as object) : undefined,
        costByStage: {},
        costByModel: {},
      });
    },

    /** Removes the engagement record (its findings and comments go with it; files stay on disk). */
    async delete(id: string): Promise<void> {
      if (!(await engagements.delete(id))) throw new NotFoundError('Engagement');
    },

    async setIntake(caller: Caller, id: string, intake: IntakeBody): Promise<EngagementRecord> {
      const engagement = await requireVisible(caller, id);
      assertNotFrozen(engagement, 'intake');
      return engagements.update(id, { intake: normalizeIntake(intake) as object });
    },

    /** Sets the reviewer; a user of another firm is refused with 409 unless a platform admin asks. */
    async assign(caller: Caller, id: string, userId: string | null): Promise<EngagementRecord> {
      const engagement = await requireVisible(caller, id);
      if (userId !== null) {
        const user = await users.findById(userId);
        if (!user) throw new NotFoundError('User');
        if (user.firmId !== engagement.firmId && !isPlatformAdmin(caller)) {
          throw new ConflictError('The assignee belongs to another firm.');
        }
      }
      return engagements.update(id, { assignedUserId: userId });
    },

    async deliver(caller: Caller, id: string) {
      let engagement = await requireVisible(caller, id);
      let plan = planDeliver(engagement);
      let deliveredAt = engagement.deliveredAt;
      if (plan.change !== 'none') {
        deliveredAt = deps.now();
        const applied = await engagements.updateIfStatus(id, engagement.status, {
          status: plan.to,
          isFrozen: true,
          deliveredAt,
        });
        if (!applied) {
          // Lost a race: a concurrent deliver won (answer as a repeat), or something else changed.
          engagement = await requireVisible(caller, id);
          plan = planDeliver(engagement);
          if (plan.change !== 'none') throw new ConflictError('The engagement changed meanwhile; try again.');
          deliveredAt = engagement.deliveredAt;
        }
      }
      if (plan.change !== 'none' && deps.onDelivered) await deps.onDelivered(id);
      // The answer is the delivery as made (or as found, for a repeat), never a later read: a
      // concurrent unfreeze may land at any moment after the write, and the answer must still say
      // what this call did (the response schema requires is_frozen true).
      return {
        ok: true as const,
        engagement_id: id,
        status: plan.change === 'none' ? engagement.status : plan.to,
        is_frozen: true as const,
        delivered_at: deliveredAt!.toISOString(),
        already_delivered: plan.change === 'none',
      };
    },

    async unfreeze(caller: Caller, id: string) {
      const engagement = await requireVisible(caller, id);
      const plan = planUnfreeze(engagement);
      if (plan.change !== 'none') await applyIfUnchanged(engagement, { status: plan.to, isFrozen: false });
      // The polished copy belongs to the delivery being undone; a re-delivery polishes again.
      await deps.repos.deliverables.delete(id);
      return { ok: true as const, engagement_id: id, status: 'findings_review', is_frozen: false as const };
    },

    async archive(caller: Caller, id: string) {
      const engagement = await requireVisible(caller, id);
      const plan = planArchive(engagement);
      if (plan.change !== 'none') {
        await applyIfUnchanged(engagement, { status: plan.to, archivedAt: deps.now() });
      }
      return {
        ok: true as const,
        engagement_id: id,
        status: 'archived',
        already_archived: plan.change === 'none',
      };
    },

    async unarchive(caller: Caller, id: string) {
      const engagement = await requireVisible(caller, id);
      const plan = planUnarchive(engagement);
      if (plan.change !== 'none') await applyIfUnchanged(engagement, { status: plan.to, archivedAt: null });
      return {
        ok: true as const,
        engagement_id: id,
        status: plan.change === 'none' ? engagement.status : plan.to,
        was_archived: plan.change !== 'none',
      };
    },
  };
}

export type EngagementService = ReturnType<typeof createEngagementService>;
