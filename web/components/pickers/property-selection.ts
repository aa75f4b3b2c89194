/**
 * The rules of the one customer-and-property picker, apart from how it is drawn (every place that
 * picks properties uses them: Create User, Edit User, the user detail, Documents' view and upload).
 *
 * The properties offered are grouped by their customer. Each group is, at any time, either
 * - **All**: every property of that customer, now and as listed (the spec's default: a chosen
 *   customer selects all its properties), or
 * - **a list**: exactly the properties clicked, possibly none.
 *
 * What a click does is the same everywhere:
 * - a click on a property of a group at All **chooses that one property** (the group becomes a list
 *   of it): a click never takes away a property the user did not see ticked;
 * - a click on a property of a list adds it, or takes it away if it is ticked;
 * - a click on a group's "All" row switches that group between All and none;
 * - "Choose properties…" empties every group (none), for the user to tick the ones they want;
 *   "Select All" puts every group back to All; "Select None" empties every group;
 * - removing a chip takes away what the chip names (a property, or a group's All).
 *
 * "None" is a group at an empty list, and means what it says: no property of that customer. Each
 * place says what none leads to (Create User and Edit User ask before saving a user with none).
 */

import { searchKey } from '../text/search-key';

export interface PickerOption {
  id: string;
  name: string;
  /** The customer the property belongs to. */
  groupId: string;
  groupName: string;
  /** A second line (the property's type), shown where there is room. */
  detail?: string;
}

/** One customer's part of the selection: every property ('all') or exactly these. */
export type GroupChoice = 'all' | readonly string[];

/** The selection by customer id; a customer not in it is at its default, All. */
export type Selection = Readonly<Record<string, GroupChoice>>;

export const EMPTY_SELECTION: Selection = {};

export interface Group {
  id: string;
  name: string;
  options: PickerOption[];
}

/** The offered properties by customer, in the order they first appear. */
export function groupsOf(options: readonly PickerOption[]): Group[] {
  const groups = new Map<string, Group>();
  for (const o of options) {
    const g = groups.get(o.groupId) ?? { id: o.groupId, name: o.groupName, options: [] };
    g.options.push(o);
    groups.set(o.groupId, g);
  }
  return [...groups.values()];
}

const choiceOf = (selection: Selection, groupId: string): GroupChoice => selection[groupId] ?? 'all';

/** Whether a group is at All (its default, or put back to it). */
export function isAll(selection: Selection, groupId: string): boolean {
  return choiceOf(selection, groupId) === 'all';
}

/** Whether the property is ticked as itself (not through its group's All). */
export function isTicked(selection: Selection, option: PickerOption): boolean {
  const choice = choiceOf(selection, option.groupId);
  return choice !== 'all' && choice.includes(option.id);
}

/** The chosen property ids, in the order offered: what a save or a request sends. */
export function resolve(selection: Selection, options: readonly PickerOption[]): string[] {
  return options.filter((o) => isAll(selection, o.groupId) || isTicked(selection, o)).map((o) => o.id);
}

/** A click on a property: chooses it alone from All, else adds or takes it away. */
export function clickProperty(selection: Selection, options: readonly PickerOption[], id: string): Selection {
  const option = options.find((o) => o.id === id);
  if (!option) return selection;
  const choice = choiceOf(selection, option.groupId);
  const next = choice === 'all' ? [id] : choice.includes(id) ? choice.filter((x) => x !== id) : [...choice, id];
  return { ...selection, [option.groupId]: next };
}

/** A click on a group's All row: All becomes none, anything else becomes All. */
export function clickAll(selection: Selection, groupId: string): Selection {
  return { ...selection, [groupId]: isAll(selection, groupId) ? [] : 'all' };
}

/** "Select All": every group back to All. */
export function selectAll(): Selection {
  return EMPTY_SELECTION;
}

/** "Select None" and "Choose properties…": every offered group empty. */
export function selectNone(options: readonly PickerOption[]): Selection {
  return Object.fromEntries(groupsOf(options).map((g) => [g.id, [] as string[]]));
}

/** A customer taken out of the choice forgets its part, so choosing it again starts at All. */
export function forgetGroup(selection: Selection, groupId: string): Selection {
  const { [groupId]: _dropped, ...rest } = selection;
  return rest;
}

/**
 * The selection that stands for a saved list of ids (a user's assigned properties): a customer all
 * of whose offered properties are in it is at All, any other at exactly the ones in it.
 */
export function fromIds(options: readonly PickerOption[], ids: readonly string[]): Selection {
  const wanted = new Set(ids);
  return Object.fromEntries(
    groupsOf(options).map((g) => {
      const picked = g.options.filter((o) => wanted.has(o.id)).map((o) => o.id);
      return [g.id, picked.length === g.options.length ? 'all' : picked];
    }),
  );
}

export function isEverything(selection: Selection, options: readonly PickerOption[]): boolean {
  return groupsOf(options).every((g) => isAll(selection, g.id));
}

export function isNothing(selection: Selection, options: readonly PickerOption[]): boolean {
  return options.length > 0 && resolve(selection, options).length === 0;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The selection in words, for the line under the picker and for screen readers: "All 4 properties
 * selected", "2 of 4 properties selected", "No property selected"; with several customers, per customer.
 */
export function summary(selection: Selection, options: readonly PickerOption[]): string {
  const groups = groupsOf(options);
  if (groups.length === 0) return 'No property to choose from';
  const part = (g: Group) => {
    const n = resolve(selection, g.options).length;
    if (isAll(selection, g.id)) return g.options.length === 1 ? 'its 1 property' : `all ${g.options.length} properties`;
    return n === 0 ? 'no property' : `${n} of ${count(g.options.length, 'property', 'properties')}`;
  };
  if (groups.length === 1) {
    const g = groups[0]!;
    const n = resolve(selection, g.options).length;
    if (isAll(selection, g.id)) return `All ${count(g.options.length, 'property', 'properties')} selected`;
    return n === 0 ? 'No property selected' : `${n} of ${count(g.options.length, 'property', 'properties')} selected`;
  }
  return `Selected: ${groups.map((g) => `${g.name}, ${part(g)}`).join('; ')}`;
}

/** Whether a property is found by the search box's text (its name, type or customer). */
export function matches(query: string, option: PickerOption): boolean {
  const q = searchKey(query);
  return !q || [option.name, option.detail ?? '', option.groupName].some((field) => searchKey(field).includes(q));
}
