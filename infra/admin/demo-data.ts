/** The demo catalogue: customers, properties, users, equipment and the telemetry mapping (as the old server's demo). */
import type { CustomerItem } from '../../lambdas/shared/data/customers.js';
import type { EquipmentItem } from '../../lambdas/shared/data/equipment.js';
import type { PropertyItem } from '../../lambdas/shared/data/properties.js';

export interface DemoCustomer {
  id: string;
  name: string;
  /**
   * Each with its time zone and street address (import columns time_zone and address), and for some
   * an electricity tariff per kWh (tariff_per_kwh: the Analytics cards' estimated cost; the others
   * show a unit without one).
   */
  properties: { id: string; name: string; type: string; timeZone: string; address: string; tariffPerKwh?: number }[];
}

/** The demo's staff domains (README "Demo sign-ins"), used when STAFF_DOMAINS is not set. */
export const DEMO_STAFF_DOMAINS = ['example-hvac.com', 'example-services.com'];

export const demoCustomers: DemoCustomer[] = [
  {
    id: 'CUST-1001',
    name: 'NORTHWIND PROPERTIES',
    properties: [
      { id: 'PROP-1001-01', name: 'Northwind Tower', type: 'Office', timeZone: 'America/Chicago', address: '233 S Wacker Dr, Chicago, IL 60606', tariffPerKwh: 0.14 },
      { id: 'PROP-1001-02', name: 'Northwind Plaza', type: 'Retail', timeZone: 'America/Chicago', address: '835 N Michigan Ave, Chicago, IL 60611', tariffPerKwh: 0.13 },
      { id: 'PROP-1001-03', name: 'Harbor Logistics Center', type: 'Warehouse', timeZone: 'America/Chicago', address: '1200 E 95th St, Chicago, IL 60619' },
      { id: 'PROP-1001-04', name: 'Riverside Data Hall', type: 'Data Center', timeZone: 'America/Denver', address: '4800 Riverside Pkwy, Denver, CO 80216' },
    ],
  },
  {
    id: 'CUST-1002',
    name: 'HARBORVIEW MEDICAL CENTER',
    properties: [
      { id: 'PROP-1002-01', name: 'Harborview Main Hospital', type: 'Hospital', timeZone: 'America/New_York', address: '1 Harborview Way, Boston, MA 02114', tariffPerKwh: 0.16 },
      { id: 'PROP-1002-02', name: 'Eastside Outpatient Clinic', type: 'Clinic', timeZone: 'America/New_York', address: '250 Eastside Ave, Boston, MA 02128' },
      { id: 'PROP-1002-03', name: 'Harborview Research Annex', type: 'Laboratory', timeZone: 'America/New_York', address: '75 Research Dr, Cambridge, MA 02139' },
    ],
  },
  {
    id: 'CUST-1003',
    name: 'LAKESIDE SCHOOL DISTRICT',
    properties: [
      { id: 'PROP-1003-01', name: 'Lakeside High School', type: 'School', timeZone: 'America/Chicago', address: '1500 Lakeside Blvd, Milwaukee, WI 53202' },
      { id: 'PROP-1003-02', name: 'Maple Elementary', type: 'School', timeZone: 'America/Chicago', address: '310 Maple St, Milwaukee, WI 53207' },
      { id: 'PROP-1003-03', name: 'District Administration Building', type: 'Office', timeZone: 'America/Chicago', address: '100 District Plaza, Milwaukee, WI 53203' },
    ],
  },
  {
    id: 'CUST-1004',
    name: 'SUMMIT RETAIL GROUP',
    properties: [
      { id: 'PROP-1004-01', name: 'Summit Mall', type: 'Retail', timeZone: 'America/Los_Angeles', address: '2000 Summit Ave, Seattle, WA 98122' },
      { id: 'PROP-1004-02', name: 'Summit Distribution Center', type: 'Warehouse', timeZone: 'America/Los_Angeles', address: '9000 Industrial Way, Tacoma, WA 98409' },
    ],
  },
];

export const demoTelemetryMappings: { customerId: string; telemetryCustomerId: string; telemetryCustomerName: string }[] = [
  { customerId: 'CUST-1001', telemetryCustomerId: 'ncl-cust-northwind', telemetryCustomerName: 'Northwind Properties' },
];

/** Customer items with their telemetry mapping, as the customers table holds them. */
export const demoCustomerItems = (): CustomerItem[] =>
  demoCustomers.map((c) => {
    const m = demoTelemetryMappings.find((x) => x.customerId === c.id);
    return { id: c.id, name: c.name, ...(m ? { telemetryCustomerId: m.telemetryCustomerId, telemetryCustomerName: m.telemetryCustomerName } : {}) };
  });

export const demoPropertyItems = (): PropertyItem[] =>
  demoCustomers.flatMap((c) => c.properties.map((p) => ({ id: p.id, customerId: c.id, name: p.name, propertyType: p.type, timeZone: p.timeZone, address: p.address, ...(p.tariffPerKwh === undefined ? {} : { tariffPerKwh: p.tariffPerKwh }) })));

export const DEMO_ADMIN_PASSWORD = 'Admin1234567';
export const DEMO_CUSTOMER_PASSWORD = 'Demo1234';

export interface DemoUser {
  email: string;
  name: string;
  password: string;
  customers: string[];
  properties: string[];
  note: string;
  /** May approve quotes up to this amount (null: any amount); absent: may not approve (issue 30). */
  quoteApproval?: { limit: number | null };
}

export function demoUsers(staffA: string, staffB: string): DemoUser[] {
  return [
    { email: `admin@${staffA}`, name: 'portal admin', password: DEMO_ADMIN_PASSWORD, customers: [], properties: [], note: 'administrator' },
    { email: `support@${staffB}`, name: 'service desk', password: DEMO_ADMIN_PASSWORD, customers: [], properties: [], note: 'administrator (second staff domain)' },
    {
      email: 'facilities@northwind.test',
      name: 'dana facilities',
      password: DEMO_CUSTOMER_PASSWORD,
      customers: ['CUST-1001'],
      properties: ['PROP-1001-01', 'PROP-1001-02', 'PROP-1001-03', 'PROP-1001-04'],
      note: 'customer: Northwind Properties (telemetry mapped); approves quotes up to $25,000',
      quoteApproval: { limit: 25_000 },
    },
    {
      email: 'operations@harborview.test',
      name: 'sam operations',
      password: DEMO_CUSTOMER_PASSWORD,
      customers: ['CUST-1002', 'CUST-1003'],
      properties: ['PROP-1002-01', 'PROP-1002-02', 'PROP-1003-01'],
      note: 'customer of two: Harborview Medical Center and Lakeside School District',
    },
    {
      email: 'principal@lakeside.test',
      name: 'lee principal',
      password: DEMO_CUSTOMER_PASSWORD,
      customers: ['CUST-1003'],
      properties: ['PROP-1003-01', 'PROP-1003-02', 'PROP-1003-03'],
      note: 'customer: Lakeside School District; approves quotes of any amount',
      quoteApproval: { limit: null },
    },
    {
      email: 'newhire@summit.test',
      name: 'alex newhire',
      password: DEMO_CUSTOMER_PASSWORD,
      customers: [],
      properties: [],
      note: 'customer with no customer assigned yet',
    },
  ];
}

const eq = (id: string, customerId: string, propertyId: string, buildingName: string, name: string, equipmentType: string, data: object | string): EquipmentItem => ({
  id,
  customerId,
  propertyId,
  buildingName,
  name,
  equipmentType,
  telemetryData: typeof data === 'string' ? data : JSON.stringify(data),
});

export const demoEquipment: EquipmentItem[] = [
  eq('EQ-1001-01', 'CUST-1001', 'PROP-1001-01', 'Northwind Tower', 'RTU-1', 'Rooftop Unit', { make: 'Carrier', tons: 25, installYear: 2016 }),
  eq('EQ-1001-02', 'CUST-1001', 'PROP-1001-01', 'Northwind Tower', 'RTU-2', 'Rooftop Unit', { make: 'Carrier', tons: 25, installYear: 2016 }),
  eq('EQ-1001-03', 'CUST-1001', 'PROP-1001-01', 'Northwind Tower', 'CH-1', 'Chiller', { make: 'Trane', tons: 300, installYear: 2012 }),
  eq('EQ-1001-04', 'CUST-1001', 'PROP-1001-02', 'Northwind Plaza', 'RTU-A', 'Rooftop Unit', { make: 'Lennox', tons: 15, installYear: 2019 }),
  eq('EQ-1001-05', 'CUST-1001', 'PROP-1001-02', 'Northwind Plaza', 'AHU-1', 'Air Handler', { make: 'Daikin', cfm: 12000, installYear: 2014 }),
  eq('EQ-1001-06', 'CUST-1001', 'PROP-1001-03', 'Harbor Logistics Center', 'MAU-1', 'Makeup Air Unit', { make: 'Greenheck', installYear: 2018 }),
  eq('EQ-1001-07', 'CUST-1001', 'PROP-1001-04', 'Riverside Data Hall', 'CRAC-1', 'Computer Room AC', { make: 'Liebert', tons: 30, installYear: 2020 }),
  eq('EQ-1001-08', 'CUST-1001', 'PROP-1001-04', 'Riverside Data Hall', 'CRAC-2', 'Computer Room AC', 'not json: kept to show {} for unparsable data'),
  eq('EQ-1002-01', 'CUST-1002', 'PROP-1002-01', 'Harborview Main Hospital', 'CH-1', 'Chiller', { make: 'York', tons: 500, installYear: 2010 }),
  eq('EQ-1002-02', 'CUST-1002', 'PROP-1002-01', 'Harborview Main Hospital', 'AHU-OR-1', 'Air Handler', { make: 'Trane', installYear: 2015 }),
  eq('EQ-1002-03', 'CUST-1002', 'PROP-1002-02', 'Eastside Outpatient Clinic', 'RTU-1', 'Rooftop Unit', { make: 'York', tons: 10, installYear: 2017 }),
  eq('EQ-1002-04', 'CUST-1002', 'PROP-1002-03', 'Harborview Research Annex', 'FCU-12', 'Fan Coil Unit', { make: 'Daikin', installYear: 2021 }),
];

/** An asset-register entry of a telemetry unit: the Assets report lists these very units. */
export interface DemoEquipmentAsset {
  equipmentId: string;
  make: string;
  model: string;
  installedOn: string;
}

/**
 * The register facts of every demo equipment row (same name, type and property as telemetry shows):
 * the report generator puts these first in their property's assets, so one equipment list serves both.
 */
export const demoEquipmentAssets: DemoEquipmentAsset[] = [
  { equipmentId: 'EQ-1001-01', make: 'Carrier', model: '48TC-D28', installedOn: '2016-05-12' },
  { equipmentId: 'EQ-1001-02', make: 'Carrier', model: '48TC-D28', installedOn: '2016-05-12' },
  { equipmentId: 'EQ-1001-03', make: 'Trane', model: 'RTAC-300', installedOn: '2012-03-27' },
  { equipmentId: 'EQ-1001-04', make: 'Lennox', model: 'LGH180H4', installedOn: '2019-08-06' },
  { equipmentId: 'EQ-1001-05', make: 'Daikin', model: 'CAH012G', installedOn: '2014-10-21' },
  { equipmentId: 'EQ-1001-06', make: 'Greenheck', model: 'DGX-115', installedOn: '2018-11-02' },
  { equipmentId: 'EQ-1001-07', make: 'Liebert', model: 'DS105A', installedOn: '2020-02-18' },
  { equipmentId: 'EQ-1001-08', make: 'Liebert', model: 'DS105A', installedOn: '2020-02-18' },
  { equipmentId: 'EQ-1002-01', make: 'York', model: 'YK-500', installedOn: '2010-06-15' },
  { equipmentId: 'EQ-1002-02', make: 'Trane', model: 'M-Series 30', installedOn: '2015-09-09' },
  { equipmentId: 'EQ-1002-03', make: 'York', model: 'ZF120', installedOn: '2017-04-24' },
  { equipmentId: 'EQ-1002-04', make: 'Daikin', model: 'FXMQ48', installedOn: '2021-01-13' },
];

/** The demo equipment of a property as fixed assets of the report generator. */
export function demoFixedAssets(propertyId: string): { name: string; assetType: string; make: string; model: string; installedOn: string }[] {
  return demoEquipment
    .filter((e) => e.propertyId === propertyId)
    .map((e) => {
      const a = demoEquipmentAssets.find((x) => x.equipmentId === e.id)!;
      return { name: e.name, assetType: e.equipmentType, make: a.make, model: a.model, installedOn: a.installedOn };
    });
}
