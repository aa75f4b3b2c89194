import { describe, expect, it } from '@jest/globals';
import { accountProperties } from './account-properties';

const harborview = { id: 'CUST-1002', name: 'HARBORVIEW MEDICAL CENTER' };
const lakeside = { id: 'CUST-1003', name: 'LAKESIDE SCHOOL DISTRICT' };
const hospital = { id: 'PROP-1002-01', name: 'Harborview Main Hospital' };
const clinic = { id: 'PROP-1002-02', name: 'Eastside Outpatient Clinic' };
const high = { id: 'PROP-1003-01', name: 'Lakeside High School' };
const maple = { id: 'PROP-1003-02', name: 'Maple Elementary' };

describe('accountProperties', () => {
  it('lists every customer’s properties, customer by customer, each named with its customer', () => {
    expect(accountProperties([harborview, lakeside], [[hospital, clinic], [high]])).toEqual([
      { ...hospital, customerId: harborview.id, customer: 'Harborview Medical Center' },
      { ...clinic, customerId: harborview.id, customer: 'Harborview Medical Center' },
      { ...high, customerId: lakeside.id, customer: 'Lakeside School District' },
    ]);
  });
  it('a customer whose properties are still loading adds none yet', () => {
    expect(accountProperties([harborview, lakeside], [undefined, [high]]).map((p) => p.id)).toEqual([high.id]);
  });
  it('keeps only the assigned properties when told which (an administrator viewing as the account)', () => {
    const all = accountProperties([harborview, lakeside], [[hospital, clinic], [high, maple]], new Set([hospital.id, clinic.id, high.id]));
    expect(all.map((p) => p.id)).toEqual([hospital.id, clinic.id, high.id]);
    expect(accountProperties([lakeside], [[high, maple]], new Set())).toEqual([]);
    expect(accountProperties([lakeside], [[high, maple]], null).map((p) => p.id)).toEqual([high.id, maple.id]);
  });
  it('a property listed under two customers appears once, under the first', () => {
    expect(accountProperties([harborview, lakeside], [[high], [high]])).toEqual([{ ...high, customerId: harborview.id, customer: 'Harborview Medical Center' }]);
  });
});
