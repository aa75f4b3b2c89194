import { titleCase } from '../../components/text/display-name';
import type { PickerOption } from '../../components/pickers/property-selection';
import type { PropertyEntry } from './api/get-customer-properties';

/**
 * The customers' properties as the picker offers them: grouped under their customer, in the
 * customers' order; a property of a customer not (or no longer) chosen is not offered.
 */
export function pickerOptions(properties: readonly PropertyEntry[], customers: readonly { ID: string; NAME: string }[]): PickerOption[] {
  const order = new Map(customers.map((c, i) => [c.ID, i]));
  const names = new Map(customers.map((c) => [c.ID, titleCase(c.NAME)]));
  return properties
    .filter((p) => order.has(p.CUSTOMER_ID ?? ''))
    .map((p) => ({ id: p.ID, name: p.NAME, detail: p.PROPERTY_TYPE ?? undefined, groupId: p.CUSTOMER_ID ?? '', groupName: names.get(p.CUSTOMER_ID ?? '') ?? '' }))
    .sort((a, b) => (order.get(a.groupId) ?? 1e9) - (order.get(b.groupId) ?? 1e9));
}
