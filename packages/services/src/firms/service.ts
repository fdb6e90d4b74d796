// Firms and their branding (spec 4.8). Route-level rules (Admin, partner-or-admin) are enforced by
// the routes; tenancy (a non-admin sees only its firm) is enforced here.
import {
  Caller,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  assertFirmVisible,
  firmScope,
  newId,
} from '@auditsvc/core';
import type { FirmRecord, Repositories } from '@auditsvc/db';
import { LOGO_CONTENT_TYPES, LogoContentType, sniffImage } from './image';
import { SvgRejectedError, sanitizeSvg } from './svg-sanitizer';
import type { FirmFields } from './fields';

/** Logo upload limit (spec part 8). */
export const LOGO_MAX_BYTES = 200 * 1024;

/** API member name -> record field. */
const FIELD_MAP = {
  display_name: 'displayName',
  short_name: 'shortName',
  tagline: 'tagline',
  logo_url: 'logoUrl',
  primary_color: 'primaryColor',
  accent_color: 'accentColor',
  methodology_disclaimer: 'methodologyDisclaimer',
  footer_text: 'footerText',
  confidentiality_notice: 'confidentialityNotice',
  default_archetype: 'defaultArchetype',
  default_budget_cents: 'defaultBudgetCents',
} as const satisfies Record<keyof FirmFields, string>;

function toRecordFields(fields: FirmFields): Record<string, string | number> {
  const data: Record<string, string | number> = {};
  for (const [member, column] of Object.entries(FIELD_MAP)) {
    const value = fields[member as keyof FirmFields];
    if (value !== undefined) data[column] = value;
  }
  return data;
}

export interface UploadedImage {
  bytes: Buffer;
  declaredType: string | undefined;
}

export function createFirmService(deps: { repos: Pick<Repositories, 'firms'> }) {
  const { firms } = deps.repos;

  async function requireVisibleFirm(caller: Caller, id: string): Promise<FirmRecord> {
    assertFirmVisible(caller, id, 'Firm');
    const firm = await firms.findById(id);
    if (!firm) throw new NotFoundError('Firm');
    return firm;
  }

  return {
    requireVisibleFirm,

    list(caller: Caller, page: { limit: number; offset: number }) {
      return firms.list({ firmId: firmScope(caller) }, page);
    },

    create(fields: FirmFields & { display_name: string }): Promise<FirmRecord> {
      return firms.create({ id: newId('firm'), ...toRecordFields(fields), displayName: fields.display_name });
    },

    async update(caller: Caller, id: string, fields: FirmFields): Promise<FirmRecord> {
      await requireVisibleFirm(caller, id);
      return firms.update(id, toRecordFields(fields));
    },

    /** Deletes the firm only: its engagements stay and render with default branding. */
    async delete(id: string): Promise<void> {
      if (!(await firms.delete(id))) throw new NotFoundError('Firm');
    },

    /**
     * Stores a logo as a base64 data URL. The type comes from the bytes; a declared image type
     * that disagrees is refused, and SVG is rebuilt from an allow-list before it is stored.
     */
    async setLogo(caller: Caller, id: string, image: UploadedImage) {
      await requireVisibleFirm(caller, id);
      if (image.bytes.length > LOGO_MAX_BYTES)
        throw new PayloadTooLargeError('The logo is larger than 200 KB.');
      const contentType = sniffImage(image.bytes);
      if (!contentType) {
        throw new UnsupportedMediaTypeError('The logo must be a PNG, JPEG, SVG or WebP image.');
      }
      const declared = image.declaredType?.toLowerCase();
      if (
        declared &&
        (LOGO_CONTENT_TYPES as readonly string[]).includes(declared) &&
        declared !== contentType
      ) {
        throw new UnsupportedMediaTypeError(`The file content is ${contentType}, not ${declared}.`);
      }
      const stored = contentType === 'image/svg+xml' ? sanitizedSvgBytes(image.bytes) : image.bytes;
      const logoUrl = `data:${contentType};base64,${stored.toString('base64')}`;
      await firms.update(id, { logoUrl });
      return {
        ok: true as const,
        firm_id: id,
        logo_url: logoUrl,
        size_bytes: stored.length,
        content_type: contentType,
      };
    },

    async clearLogo(caller: Caller, id: string) {
      await requireVisibleFirm(caller, id);
      await firms.update(id, { logoUrl: '' });
      return { ok: true as const, logo_url: '' as const };
    },
  };
}

function sanitizedSvgBytes(bytes: Buffer): Buffer {
  try {
    return Buffer.from(sanitizeSvg(bytes.toString('utf8')), 'utf8');
  } catch (error) {
    if (error instanceof SvgRejectedError) throw new UnsupportedMediaTypeError(error.message);
    throw error;
  }
}

export type FirmService = ReturnType<typeof createFirmService>;
export type { LogoContentType };
