import { addressDomain, addressesInBrief, withoutAddresses, type AuditEvent } from '@msp/shared/browser';

type SummaryValue = AuditEvent['summary'][string];

function valueText(value: SummaryValue): string | null {
  if (value === null) return '—';
  if (Array.isArray(value)) {
    // Blank items say nothing either: a list of only those is left out like an empty one.
    const items = value.filter((item) => item.trim() !== '');
    if (items.length === 0) return null;
    if (items.every((item) => addressDomain(item) !== null)) return addressesInBrief(items);
    return items.map(withoutAddresses).join(', ');
  }
  const text = typeof value === 'string' ? withoutAddresses(value).trim() : String(value);
  return text === '' ? '—' : text;
}

/**
 * A record's details as the Audit Log shows them, field by field, by the rule the server now
 * records them with: no address, only its domain. Older records may still hold addresses: a list
 * of them reads as how many and where ("3 addresses at a.example"), an address in text as its
 * domain. An empty list said only that nothing was chosen, so it is left out; a blank value shows
as a dash, never as a field name with nothing after it.
 */
export function summaryLines(summary: AuditEvent['summary']): [field: string, text: string][] {
  return Object.entries(summary).flatMap(([field, value]): [string, string][] => {
    const text = valueText(value);
    return text === null ? [] : [[field, text]];
  });
}
