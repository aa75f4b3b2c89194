/** Every user-visible text of the telemetry dashboard (spec sections 2, 3, 8 and 9), letter for letter. */
export const telemetryText = {
  title: (product: string) => `${product} Snapshots Dashboard`.trim(),
  viewingInsightsFor: 'Viewing insights for',
  noName: 'N/A',
  buildingCount: (n: number) => `${n} ${n === 1 ? 'Building' : 'Buildings'}`,
  equipmentCount: (n: number) => `${n} Equipment`,
  selectedEquipment: 'Selected Equipment',
  allDevices: 'All Devices',
  buildings: 'Buildings',
  clearBuildingFilter: 'Clear Building Filter',
  equipment: 'Equipment',
  viewAll: 'View All',
  deviceCount: (n: number) => `${n} ${n === 1 ? 'device' : 'devices'}`,
  snapshotTitle: 'Telemetry Snapshot',
  subtitleAll: (building: string | null) => `All devices · ${building ?? 'All buildings'}`,
  subtitlePrompt: 'Select equipment or click View All',
  refresh: 'Refresh',
  refreshing: 'Refreshing…',
  noDevices: 'No devices found for this equipment.',
  choosePrompt: 'Choose a building/equipment or use View All to see telemetry.',
  loadFailed: 'Failed to load telemetry.',
  reloadFailed: 'Failed to reload telemetry.',
  callForCool: 'Call for Cool',
  callForHeat: 'Call for Heat',
  on: 'ON',
  off: 'OFF',
  latestSample: 'Latest sample',
  missing: '—',
  stale: 'Stale',
  staleHint: (absolute: string) => `Last sample at ${absolute} (older than 15 minutes)`,
  noDataLastHour: 'No data in the last hour',
  deviceError: 'Telemetry unavailable',
  loadingCard: 'Loading telemetry',
  deviceList: 'Devices',
  metricsOf: (deviceId: string) => `Readings of ${deviceId}`,
  // Equipment alerts (beyond the spec: issue 20)
  alertsTitle: 'Equipment alerts',
  alertCount: (n: number) => `${n} ${n === 1 ? 'Alert' : 'Alerts'}`,
  alertTag: (n: number) => (n === 1 ? 'Alert' : `${n} alerts`),
  alertTagLabel: (titles: string[]) => `Alert: ${titles.join('; ')}`,
  alertSince: (when: string) => `Since ${when}`,
  showEquipment: (name: string) => `Show ${name}`,
} as const;

export { ruleTitles } from '../../../lambdas/shared/contract/answers/alerts';

/**
 * Every metric's label, in the order the chips show them: spec section 3's labels letter for letter,
 * then readable names for the fields the spec uses without a label (ty/tw are the thermostat's Y and
 * W calls).
 */
export const metricLabels: Record<string, string> = {
  callForCool: 'Call for Cool',
  callForHeat: 'Call for Heat',
  ty: 'Thermostat Y (cool)',
  tw: 'Thermostat W (heat)',
  runtimeOne: 'Stage 1 running',
  'sadb-1': 'Supply Dry Bulb',
  'radb-1': 'Return Dry Bulb',
  wst: 'Chiller Water Supply',
  wrt: 'Chiller Water Return',
  'amps-1': 'Current 1',
  'amps-2': 'Current 2',
  'amps-3': 'Current 3',
  totalAmps: 'Total current',
  coolMin: 'Cooling run time',
  timeInCooling: 'Time in cooling',
};
