import { describe, expect, it } from '@jest/globals';
import { defaultReport, groupReports, headerCustomerText, titleCase } from './shell-logic';

const texts = { admin: 'Admin', noCustomer: 'No customer on account' };

describe('titleCase', () => {
  it('capitalises each word', () => {
    expect(titleCase('HARBORVIEW MEDICAL CENTER')).toBe('Harborview Medical Center');
    expect(titleCase('lakeside school district')).toBe('Lakeside School District');
    expect(titleCase('north-west (east)')).toBe('North-West (East)');
  });
});

describe('headerCustomerText', () => {
  it("is 'Admin' for an administrator's own view", () => {
    expect(headerCustomerText({ adminOwnView: true, customerNames: ['X'] }, texts)).toBe('Admin');
  });
  it('title-cases and comma-joins the names', () => {
    expect(headerCustomerText({ adminOwnView: false, customerNames: ['HARBORVIEW MEDICAL CENTER', 'LAKESIDE SCHOOL DISTRICT'] }, texts)).toBe(
      'Harborview Medical Center, Lakeside School District',
    );
  });
  it("is 'No customer on account' without names", () => {
    expect(headerCustomerText({ adminOwnView: false, customerNames: [] }, texts)).toBe('No customer on account');
    expect(headerCustomerText({ adminOwnView: false, customerNames: [' '] }, texts)).toBe('No customer on account');
  });
});

const r = (name: string, group?: string) => ({ id: name.toLowerCase(), name, group });
const spec = [
  r('Dashboard', 'General'),
  r('Quotes', 'General'),
  r('Work Orders', 'Work History'),
  r('Maintenance', 'Work History'),
  r('Capital Projects', 'Work History'),
  r('Assets', 'General'),
  r('Invoicing', 'General'),
  r('Analytics', 'General'),
];

describe('groupReports', () => {
  it('groups by group in order of appearance, Utilities and Analytics last', () => {
    const g = groupReports([r('Utilities', 'General'), ...spec]);
    expect(g.groups.map((x) => [x.name, x.hasHeader, x.reports.map((y) => y.name)])).toEqual([
      ['General', false, ['Dashboard', 'Quotes', 'Assets', 'Invoicing']],
      ['Work History', true, ['Work Orders', 'Maintenance', 'Capital Projects']],
    ]);
    expect(g.trailing.map((x) => x.name)).toEqual(['Utilities', 'Analytics']);
  });
  it('puts reports without a group in General', () => {
    expect(groupReports([r('A'), r('B', '')]).groups).toEqual([{ name: 'General', hasHeader: false, reports: [r('A'), r('B', '')] }]);
  });
});

describe('defaultReport', () => {
  it('is Dashboard, else the first, else null', () => {
    expect(defaultReport(spec)?.name).toBe('Dashboard');
    expect(defaultReport([r('Quotes'), r('Assets')])?.name).toBe('Quotes');
    expect(defaultReport([])).toBeNull();
  });
});
