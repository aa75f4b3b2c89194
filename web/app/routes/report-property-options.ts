import { useMemo } from 'react';
import type { PropertyOption } from '../../features/reports';
import type { PortalUser } from '../../features/shell';
import { useCustomerProperties } from '../../features/users/api/get-customer-properties';
import { pickerOptions } from '../../features/users/picker-options';

interface Customers {
  BUILDOPS_CUSTOMER_ID: string[];
  CUSTOMER_NAME: string[];
}

/**
 * The report Property filter's choices: the viewed user's properties, and, when they are of more
 * than one customer, each under its customer's name, grouped as the customer-and-property picker
 * groups them (issue 39). Which customer a property is of is asked only then; until the answer is
 * in, and for one customer, the list is as it always was.
 */
export function useReportPropertyOptions(profile: PortalUser | null | undefined, customers: Customers | undefined): PropertyOption[] {
  const customerIds = profile?.BUILDOPS_CUSTOMER_ID ?? [];
  const several = customerIds.length > 1;
  const catalogue = useCustomerProperties(several ? customerIds : []);
  return useMemo(() => {
    const ids = profile?.BUILDOPS_PROPERTY_IDS ?? [];
    const names = profile?.PROPERTIES ?? [];
    const plain: PropertyOption[] = ids.map((id, i) => ({ id, name: names[i] ?? id }));
    if (!several || !catalogue.data || !customers) return plain;
    const nameOf = new Map(plain.map((p) => [p.id, p.name]));
    const list = customers.BUILDOPS_CUSTOMER_ID.map((ID, i) => ({ ID, NAME: customers.CUSTOMER_NAME[i] ?? ID }));
    const grouped = pickerOptions(
      catalogue.data.filter((p) => nameOf.has(p.ID)),
      list,
    ).map((o): PropertyOption => ({ id: o.id, name: nameOf.get(o.id) ?? o.name, group: o.groupName }));
    // A property the customers' list does not hold (yet) is still offered, after the groups.
    const listed = new Set(grouped.map((o) => o.id));
    return [...grouped, ...plain.filter((p) => !listed.has(p.id))];
  }, [profile, customers, several, catalogue.data]);
}
