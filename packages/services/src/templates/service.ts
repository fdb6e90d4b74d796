// Engagement templates (spec 4.7, DECISIONS): a firm's reusable intake, archetype and budget.
import {
  ARCHETYPES,
  Caller,
  NotFoundError,
  ValidationError,
  assertFirmVisible,
  firmScope,
  newId,
  normalizeIntake,
  readEnumColumn,
  readIntake,
} from '@auditsvc/core';
import type { EngagementRecord, Repositories, TemplateRecord } from '@auditsvc/db';
import type { EngagementService } from '../engagements/service';
import type { CreateTemplateInput, InstantiateTemplateInput, TemplateFields } from './fields';

export type { CreateTemplateInput, TemplateFields } from './fields';

export function createTemplateService(deps: {
  repos: Pick<Repositories, 'templates' | 'firms'>;
  engagements: Pick<EngagementService, 'requireVisible' | 'create'>;
}) {
  const { templates, firms } = deps.repos;

  async function requireVisible(caller: Caller, id: string): Promise<TemplateRecord> {
    const template = await templates.findById(id);
    if (!template) throw new NotFoundError('Template');
    assertFirmVisible(caller, template.firmId, 'Template');
    return template;
  }

  return {
    requireVisible,

    list(caller: Caller, filter: { firmId?: string }, page: { limit: number; offset: number }) {
      return templates.list({ firmId: firmScope(caller) ?? filter.firmId ?? null }, page);
    },

    /** From an engagement's snapshot (from_engagement_id) or from the fields given. */
    async create(caller: Caller, input: CreateTemplateInput): Promise<TemplateRecord> {
      const firmId = input.firm_id ?? firmScope(caller);
      if (!firmId) throw ValidationError.of(['body', 'firm_id'], 'Field required', 'missing');
      assertFirmVisible(caller, firmId, 'Firm');
      const firm = await firms.findById(firmId);
      if (!firm) throw new NotFoundError('Firm');
      let source: EngagementRecord | null = null;
      if (input.from_engagement_id) {
        source = await deps.engagements.requireVisible(caller, input.from_engagement_id);
        if (source.firmId !== firmId) {
          throw ValidationError.of(
            ['body', 'from_engagement_id'],
            'must be an engagement of firm_id',
            'value_error',
          );
        }
      }
      return templates.create({
        id: newId('template'),
        firmId,
        name: input.name.trim(),
        description: input.description ?? '',
        archetype: source?.archetype ?? input.archetype ?? firm.defaultArchetype,
        budgetCents: source?.budgetCents ?? input.budget_cents ?? firm.defaultBudgetCents,
        intake: normalizeIntake(source?.intake ? readIntake(source.intake) : input.intake) as object,
        sourceEngagementId: source?.id ?? null,
      });
    },

    async update(caller: Caller, id: string, fields: TemplateFields): Promise<TemplateRecord> {
      await requireVisible(caller, id);
      return templates.update(id, {
        ...(fields.name !== undefined ? { name: fields.name.trim() } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.archetype !== undefined ? { archetype: fields.archetype } : {}),
        ...(fields.budget_cents !== undefined ? { budgetCents: fields.budget_cents } : {}),
        ...(fields.intake !== undefined ? { intake: normalizeIntake(fields.intake) as object } : {}),
      });
    },

    async delete(caller: Caller, id: string): Promise<void> {
      await requireVisible(caller, id);
      await templates.delete(id);
    },

    /** A new engagement of the template's firm, pre-filled with its intake, archetype and budget. */
    async instantiate(caller: Caller, id: string, input: InstantiateTemplateInput) {
      const template = await requireVisible(caller, id);
      return deps.engagements.create(caller, {
        firm_id: template.firmId,
        client_name: input.client_name,
        archetype: readEnumColumn(ARCHETYPES, template.archetype, `archetype of template ${template.id}`),
        budget_cents: input.budget_cents ?? template.budgetCents,
        intake: readIntake(template.intake),
      });
    },
  };
}

export type TemplateService = ReturnType<typeof createTemplateService>;
