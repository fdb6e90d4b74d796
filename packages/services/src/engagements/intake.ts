// The intake object of spec 2.2, with its defaults: an intake posted with some members gets the
// rest filled in, so every stored intake has every member.
export interface Intake {
  domain: string;
  audit_purpose: string;
  frameworks: string[];
  focus_areas: string[];
  materiality: unknown;
  doc_hierarchy: Record<string, unknown>;
  known_concerns: string[];
}

export function normalizeIntake(input: Partial<Intake> | null | undefined): Intake {
  return {
    domain: input?.domain ?? '',
    audit_purpose: input?.audit_purpose ?? '',
    frameworks: input?.frameworks ?? [],
    focus_areas: input?.focus_areas ?? [],
    materiality: input?.materiality ?? null,
    doc_hierarchy: input?.doc_hierarchy ?? {},
    known_concerns: input?.known_concerns ?? [],
  };
}
