/** How profile fields are shown (docs/product.md#profile). */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { DEFAULT_COVER_COLOR } from '@/shared/constants';
import { coverColorSchema } from '@/shared/schemas/profile';

/** Only a plain #rrggbb colour reaches a style attribute (docs/decisions/017-security-headers.md); anything else shows the default cover. */
export function safeCoverColor(color: string | null | undefined): string {
  return coverColorSchema.safeParse(color).success ? (color as string) : DEFAULT_COVER_COLOR;
}

/** A stored E.164 phone for people: "(617) 555-0123" for US numbers, "+44 20 7946 0958" for others. */
export function formatPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed) return phone;
  return parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
}
