import { describe, expect, test } from '@jest/globals';
import {
  clickAll,
  clickProperty,
  summary as describeSelection,
  EMPTY_SELECTION,
  forgetGroup,
  fromIds,
  isEverything,
  isNothing,
  isTicked,
  matches,
  resolve,
  selectAll,
  selectNone,
  type PickerOption,
} from './property-selection';

const nw = (id: string, name: string): PickerOption => ({ id, name, groupId: 'c-nw', groupName: 'Northwind Properties' });
const hb = (id: string, name: string): PickerOption => ({ id, name, groupId: 'c-hb', groupName: 'Harbor Logistics' });
const northwind = [nw('p1', 'Northwind Tower'), nw('p2', 'Northwind Plaza'), nw('p3', 'Harbor Annex'), nw('p4', 'Riverside')];
const both = [...northwind, hb('h1', 'Harbor Depot'), hb('h2', 'Harbor Yard')];

describe('the picker rules', () => {
  test('a chosen customer starts at All: every one of its properties is chosen', () => {
    expect(resolve(EMPTY_SELECTION, northwind)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(isEverything(EMPTY_SELECTION, northwind)).toBe(true);
    expect(describeSelection(EMPTY_SELECTION, northwind)).toBe('All 4 properties selected');
  });

  test('two clicks from the default state choose exactly those two (a click never takes away)', () => {
    let s = clickProperty(EMPTY_SELECTION, northwind, 'p1');
    s = clickProperty(s, northwind, 'p2');
    expect(resolve(s, northwind)).toEqual(['p1', 'p2']);
    expect(describeSelection(s, northwind)).toBe('2 of 4 properties selected');
    expect(isTicked(s, northwind[0]!)).toBe(true);
    expect(isTicked(s, northwind[2]!)).toBe(false);
  });

  test('a click on a ticked property takes it away; the last one taken leaves none', () => {
    let s = clickProperty(EMPTY_SELECTION, northwind, 'p1');
    s = clickProperty(s, northwind, 'p1');
    expect(resolve(s, northwind)).toEqual([]);
    expect(isNothing(s, northwind)).toBe(true);
    expect(describeSelection(s, northwind)).toBe('No property selected');
  });

  test('a click on All switches between All and none; from a list it goes back to All', () => {
    const none = clickAll(EMPTY_SELECTION, 'c-nw');
    expect(resolve(none, northwind)).toEqual([]);
    expect(resolve(clickAll(none, 'c-nw'), northwind)).toEqual(['p1', 'p2', 'p3', 'p4']);
    const some = clickProperty(EMPTY_SELECTION, northwind, 'p3');
    expect(resolve(clickAll(some, 'c-nw'), northwind)).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  test('Choose properties… and Select None empty every group; Select All puts every group back', () => {
    const none = selectNone(both);
    expect(resolve(none, both)).toEqual([]);
    expect(resolve(clickProperty(none, both, 'h2'), both)).toEqual(['h2']);
    expect(resolve(selectAll(), both)).toEqual(both.map((o) => o.id));
  });

  test('each customer keeps its own state: a click in one leaves the other at All', () => {
    const s = clickProperty(EMPTY_SELECTION, both, 'p2');
    expect(resolve(s, both)).toEqual(['p2', 'h1', 'h2']);
    expect(describeSelection(s, both)).toBe('Selected: Northwind Properties, 1 of 4 properties; Harbor Logistics, all 2 properties');
  });

  test('a customer taken out and chosen again starts at All', () => {
    const s = forgetGroup(clickProperty(EMPTY_SELECTION, both, 'h1'), 'c-hb');
    expect(resolve(s, both)).toEqual(both.map((o) => o.id));
  });

  test('properties of a customer no longer offered are not sent', () => {
    const s = clickProperty(EMPTY_SELECTION, both, 'h1');
    expect(resolve(s, northwind)).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  test('a saved assignment reads back: a customer with all its properties at All, another at exactly its ones', () => {
    const s = fromIds(both, ['h1', 'h2', 'p4']);
    expect(resolve(s, both)).toEqual(['p4', 'h1', 'h2']);
    expect(describeSelection(s, both)).toBe('Selected: Northwind Properties, 1 of 4 properties; Harbor Logistics, all 2 properties');
    // A click on an assigned property of a customer at a list takes it away, as its tick shows.
    expect(resolve(clickProperty(s, both, 'p4'), both)).toEqual(['h1', 'h2']);
  });

  test('an unknown id is ignored', () => {
    expect(clickProperty(EMPTY_SELECTION, northwind, 'nope')).toBe(EMPTY_SELECTION);
  });

  test('the search ignores case, accents, spaces and dashes, and finds a customer name', () => {
    const rtu: PickerOption = { id: 'x', name: 'RTU-1 Café', groupId: 'g', groupName: 'Lakeside School District' };
    expect(matches('rtu 1', rtu)).toBe(true);
    expect(matches('cafe', rtu)).toBe(true);
    expect(matches('lakeside', rtu)).toBe(true);
    expect(matches('rtu 2', rtu)).toBe(false);
    expect(matches('  ', rtu)).toBe(true);
  });
});
