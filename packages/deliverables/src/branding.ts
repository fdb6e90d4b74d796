// Firm branding for a deliverable: the firm's own values, or neutral defaults when the firm is gone
// or left a notice empty. Colours and logos are checked here so no renderer trusts them blindly.
import type { Branding, FirmInput } from './types';

export const DEFAULT_PRIMARY_COLOR = '#1f2937';
export const DEFAULT_ACCENT_COLOR = '#2563eb';

export const DEFAULT_METHODOLOGY_DISCLAIMER =
  'This report rests on the documents the client supplied for the review. It is not a legal ' +
  'opinion and does not assure that controls operate as written; conclusions may change if ' +
  'further documents or facts come to light.';

export const DEFAULT_CONFIDENTIALITY_NOTICE =
  'Confidential. Prepared solely for the client named in this report; not to be shared with ' +
  'third parties without written consent.';

export const DEFAULT_DISPLAY_NAME = 'Audit Report';

const HEX_COLOUR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A six-digit lowercase `#rrggbb` colour, or the fallback when the value is not a hex colour. */
export function safeColour(value: string | undefined, fallback: string): string {
  if (!value || !HEX_COLOUR.test(value)) return fallback;
  const hex = value.slice(1).toLowerCase();
  return hex.length === 3 ? `#${[...hex].map((digit) => digit + digit).join('')}` : `#${hex}`;
}

export function resolveBranding(firm: FirmInput | null): Branding {
  if (!firm) {
    return {
      firm_id: null,
      is_default: true,
      display_name: DEFAULT_DISPLAY_NAME,
      short_name: '',
      tagline: '',
      logo_url: '',
      primary_color: DEFAULT_PRIMARY_COLOR,
      accent_color: DEFAULT_ACCENT_COLOR,
      methodology_disclaimer: DEFAULT_METHODOLOGY_DISCLAIMER,
      footer_text: '',
      confidentiality_notice: DEFAULT_CONFIDENTIALITY_NOTICE,
    };
  }
  return {
    firm_id: firm.id,
    is_default: false,
    display_name: firm.display_name.trim() || DEFAULT_DISPLAY_NAME,
    short_name: firm.short_name,
    tagline: firm.tagline,
    logo_url: firm.logo_url,
    primary_color: safeColour(firm.primary_color, DEFAULT_PRIMARY_COLOR),
    accent_color: safeColour(firm.accent_color, DEFAULT_ACCENT_COLOR),
    methodology_disclaimer: firm.methodology_disclaimer.trim() || DEFAULT_METHODOLOGY_DISCLAIMER,
    footer_text: firm.footer_text,
    confidentiality_notice: firm.confidentiality_notice.trim() || DEFAULT_CONFIDENTIALITY_NOTICE,
  };
}

/** The short name when the firm has one, else the display name (running headers). */
export function brandName(branding: Branding): string {
  return branding.short_name.trim() || branding.display_name;
}

export type LogoType = 'png' | 'jpeg' | 'webp' | 'svg';

export interface Logo {
  type: LogoType;
  mime: string;
  /** The data URL, re-assembled from the checked base64 payload. */
  dataUrl: string;
  bytes: Buffer;
}

const DATA_URL = /^data:image\/(png|jpeg|webp|svg\+xml);base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * The logo when logo_url is a base64 data URL of an allowed image type (what the logo upload
 * stores). External URLs are never fetched or linked: a deliverable must not call out to a
 * third party when opened.
 */
export function parseLogo(logoUrl: string): Logo | null {
  const match = DATA_URL.exec(logoUrl);
  if (!match) return null;
  const subtype = match[1]!;
  const type: LogoType = subtype === 'svg+xml' ? 'svg' : (subtype as LogoType);
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length === 0) return null;
  return { type, mime: `image/${subtype}`, dataUrl: `data:image/${subtype};base64,${match[2]!}`, bytes };
}

/** Pixel size of a PNG or JPEG from its header, or null when the header is not understood. */
export function imageSize(logo: Logo): { width: number; height: number } | null {
  const bytes = logo.bytes;
  if (logo.type === 'png') {
    if (bytes.length < 24 || bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (logo.type === 'jpeg') {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      const length = bytes.readUInt16BE(offset + 2);
      // Start-of-frame markers (baseline, progressive, ...) carry the size; C4, C8, CC do not.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      }
      offset += 2 + length;
    }
  }
  return null;
}

/** Scales (width, height) to fit in the box, keeping the aspect ratio. */
export function fitInto(
  size: { width: number; height: number },
  box: { width: number; height: number },
): { width: number; height: number } {
  if (size.width <= 0 || size.height <= 0) return box;
  const scale = Math.min(box.width / size.width, box.height / size.height, 1);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}
