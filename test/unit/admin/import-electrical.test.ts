/** admin import: the energy estimates' inputs, a unit's voltage, phase and power factor and a property's tariff. */
import { importFiles } from '../../../infra/admin/import.js';
import { fakeAws } from '../support/fake-aws.js';
import { setEnv } from './support/fixtures.js';
import { csvFiles, importFailure } from './support/import-files.js';

const file = csvFiles('admin-import-electrical-');

const db = fakeAws();
beforeAll(() => setEnv());
beforeEach(() => {
  db.clear();
  db.put('customers', { id: 'K-1', name: 'Acme' });
});

const failure = importFailure;

describe("admin import: a unit's electrical inputs", () => {
  const head = 'id,customer_id,name,voltage,phase,power_factor\n';

  it('stores voltage, phase and power factor when given, and none of them when left empty', async () => {
    const equipment = file(`${head}E-1,K-1,RTU-1,460,3,0.85\nE-2,K-1,RTU-2,230,1,1\nE-3,K-1,RTU-3,,,\nE-4,K-1,RTU-4, 208.5 ,,0.9\n`);
    expect(await importFiles({ equipment })).toEqual({ equipment: 4 });
    const base = { customerId: 'K-1', buildingName: '', equipmentType: '', telemetryData: '{}' };
    expect(db.sorted('equipment')).toEqual([
      { ...base, id: 'E-1', name: 'RTU-1', voltage: 460, phase: 3, powerFactor: 0.85 },
      { ...base, id: 'E-2', name: 'RTU-2', voltage: 230, phase: 1, powerFactor: 1 },
      { ...base, id: 'E-3', name: 'RTU-3' },
      { ...base, id: 'E-4', name: 'RTU-4', voltage: 208.5, powerFactor: 0.9 },
    ]);
  });

  it('takes a file without the columns, as before', async () => {
    expect(await importFiles({ equipment: file('id,customer_id,name\nE-1,K-1,RTU-1\n') })).toEqual({ equipment: 1 });
    expect(db.sorted('equipment')).toEqual([{ customerId: 'K-1', id: 'E-1', buildingName: '', name: 'RTU-1', equipmentType: '', telemetryData: '{}' }]);
  });

  it('refuses a bad value naming the line and column, and writes nothing', async () => {
    const cases: [string, string][] = [
      ['E-1,K-1,RTU-1,0,3,0.85', '2:4: voltage must be a voltage in volts such as 460 (more than 0, at most 1000)'],
      ['E-1,K-1,RTU-1,4160,3,0.85', '2:4: voltage must be a voltage in volts such as 460 (more than 0, at most 1000)'],
      ['E-1,K-1,RTU-1,460V,3,0.85', '2:4: voltage must be a voltage in volts such as 460 (more than 0, at most 1000)'],
      ['E-1,K-1,RTU-1,-460,3,0.85', '2:4: voltage must be a voltage in volts such as 460 (more than 0, at most 1000)'],
      ['E-1,K-1,RTU-1,460,2,0.85', '2:5: phase must be 1 or 3'],
      ['E-1,K-1,RTU-1,460,three,0.85', '2:5: phase must be 1 or 3'],
      ['E-1,K-1,RTU-1,460,3,0', '2:6: power_factor must be a power factor such as 0.85 (more than 0, at most 1)'],
      ['E-1,K-1,RTU-1,460,3,1.2', '2:6: power_factor must be a power factor such as 0.85 (more than 0, at most 1)'],
      ['E-1,K-1,RTU-1,460,3,85%', '2:6: power_factor must be a power factor such as 0.85 (more than 0, at most 1)'],
      ['E-1,K-1,RTU-1,460,3,NaN', '2:6: power_factor must be a power factor such as 0.85 (more than 0, at most 1)'],
    ];
    for (const [line, where] of cases) {
      const equipment = file(head + line + '\n');
      expect(await failure({ equipment })).toBe(`${equipment}:${where}`);
    }
    // The first good row is not written either.
    const second = file(`${head}E-1,K-1,RTU-1,460,3,0.85\nE-2,K-1,RTU-2,460,3,1e0\n`);
    expect(await failure({ equipment: second })).toBe(`${second}:3:6: power_factor must be a power factor such as 0.85 (more than 0, at most 1)`);
    expect(db.writes()).toBe(0);
  });
});

describe("admin import: a property's tariff", () => {
  const head = 'id,customer_id,name,tariff_per_kwh\n';

  it('stores the price per kWh when given (0 included), and none when left empty', async () => {
    expect(await importFiles({ properties: file(`${head}P-1,K-1,Tower,0.1425\nP-2,K-1,Depot,0\nP-3,K-1,Yard,\n`) })).toEqual({ properties: 3 });
    expect(db.sorted('properties')).toEqual([
      { id: 'P-1', customerId: 'K-1', name: 'Tower', propertyType: '', tariffPerKwh: 0.1425 },
      { id: 'P-2', customerId: 'K-1', name: 'Depot', propertyType: '', tariffPerKwh: 0 },
      { id: 'P-3', customerId: 'K-1', name: 'Yard', propertyType: '' },
    ]);
  });

  it('refuses a negative, too large or non-numeric price naming the line and column, and writes nothing', async () => {
    for (const bad of ['-0.12', '$0.12', '0,12', '101', 'free']) {
      const properties = file(`${head}P-1,K-1,Tower,"${bad}"\n`);
      expect(await failure({ properties })).toBe(`${properties}:2:4: tariff_per_kwh must be a price per kWh such as 0.14 (0 or more, at most 100)`);
    }
    expect(db.writes()).toBe(0);
  });
});
