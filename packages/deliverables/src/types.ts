// The shapes a deliverable is built from (the API's engagement, firm and finding objects) and the
// content it is built into, all inferred from the deliverable's schema (schema.ts) and the finding
// object's (packages/core/src/finding-view.ts). This package never queries: the service hands it
// plain objects.
import type { EvidenceView, FindingView } from '@auditsvc/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { deliverableContentSchema } from './schema';

/** The deliverable's content: the JSON format, and what every other format renders. */
export type DeliverableContent = FromSchema<typeof deliverableContentSchema>;

/** The finding object of the API (spec 2.5 and DECISIONS). */
export type DeliverableFinding = FindingView;
export type EvidenceInput = EvidenceView;

/** Branding as rendered: empty notices are replaced by neutral defaults, colours are checked. */
export type Branding = DeliverableContent['firm'];

/** The firm members that brand a deliverable (spec 2.6). */
export type FirmInput = Omit<Branding, 'firm_id' | 'is_default'> & { id: string };

export type EngagementInput = Omit<DeliverableContent['engagement'], 'intake'>;

export type Methodology = DeliverableContent['methodology'];
export type MethodologyCheck = Methodology['checks'][number];
export type DeliverableSummary = DeliverableContent['summary'];
export type SeverityCounts = DeliverableSummary['by_severity'];

export const DELIVERABLE_FORMATS = ['json', 'markdown', 'methodology', 'docx', 'html'] as const;
export type DeliverableFormat = (typeof DELIVERABLE_FORMATS)[number];
