// Intake extraction (spec 4.9).

/** The extract body and answer (packages/services/src/intake/service.ts, which types them). */
export {
  intakeExtractRequestSchema as intakeExtractBody,
  intakeExtractResponseSchema as intakeExtractResponse,
} from '@auditsvc/services';
