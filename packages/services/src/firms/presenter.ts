import type { FirmRecord } from '@auditsvc/db';

/** The firm object of spec 2.6. */
export function presentFirm(firm: FirmRecord) {
  return {
    id: firm.id,
    display_name: firm.displayName,
    short_name: firm.shortName,
    tagline: firm.tagline,
    logo_url: firm.logoUrl,
    primary_color: firm.primaryColor,
    accent_color: firm.accentColor,
    methodology_disclaimer: firm.methodologyDisclaimer,
    footer_text: firm.footerText,
    confidentiality_notice: firm.confidentialityNotice,
    default_archetype: firm.defaultArchetype,
    default_budget_cents: firm.defaultBudgetCents,
    created_at: firm.createdAt.toISOString(),
    updated_at: firm.updatedAt.toISOString(),
  };
}
