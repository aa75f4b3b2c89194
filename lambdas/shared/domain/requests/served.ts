/**
 * Whose requests a call is about, and the texts of the mails they cause. A customer serves
 * themselves; an administrator serves the customer named by `email` (the one they view the portal
 * as). The scope is always the served user's assignments, read from the users table, never the client's.
 */
import { randomInt } from 'node:crypto';
import { dynamo } from '../../platform/clients.js';
import { requestMessages, type RequestStatus, type ServiceRequest } from '../../contract/requests.js';
import { getUserByEmail } from '../../data/users.js';
import type { ServiceRequestItem } from '../../data/service-requests.js';
import { isStaffEmail } from '../../platform/env.js';
import { mailTime, productTitle, titleCase } from '../../platform/mail-text.js';
import { badRequest, forbidden, notFound } from '../../platform/http.js';
import { assignedScope, type Scope } from '../../platform/scope.js';
import { mailLinks } from '../../platform/links.js';

export interface Served {
  /** The served user's Cognito sub (their notification settings' key). */
  sub: string;
  email: string;
  name: string;
  customerIds: ReadonlySet<string>;
  propertyIds: ReadonlySet<string>;
  propertyCustomers: ReadonlyMap<string, string>;
  /** The administrator acting for this customer, if one is. */
  onBehalfOf: string | null;
}

/**
 * The customer a call serves: the caller, or for an administrator the user named by `email`.
 * A customer naming another account: 403. An administrator naming no one: null (their own view,
 * where there is no customer to serve).
 */
export async function servedUser(caller: Scope, email: string | undefined): Promise<Served | null> {
  if (!caller.isAdmin) {
    if (email && email !== caller.email) throw forbidden(requestMessages.outsideUser);
    return { sub: caller.sub, email: caller.email, name: caller.name, customerIds: caller.customerIds, propertyIds: caller.propertyIds, propertyCustomers: caller.propertyCustomers, onBehalfOf: null };
  }
  if (!email) return null;
  if (isStaffEmail(email)) throw badRequest(requestMessages.staffAccount);
  const row = await getUserByEmail(dynamo(), email);
  if (!row) throw notFound(requestMessages.noUser(email));
  return { sub: row.sub, email: row.email, name: row.name, ...assignedScope(row), onBehalfOf: caller.email };
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const pad = (n: number) => String(n).padStart(2, '0');
/** `SR-YYMMDD-HHMMSS-XXXX` in UTC: sorts by time, short enough to read out on the phone. */
export function newReference(now = new Date()): string {
  const date = `${pad(now.getUTCFullYear() % 100)}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}`;
  const time = `${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `SR-${date}-${time}-${suffix}`;
}

/** The reference prefix of requests filed within `days` days: `SR-YYMMDD`. */
export function referenceSince(days: number, now = Date.now()): string {
  const d = new Date(now - days * 86400_000);
  return `SR-${pad(d.getUTCFullYear() % 100)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
}

const PRIORITY_LABEL = { routine: 'Routine', urgent: 'Urgent', emergency: 'EMERGENCY' } as const;
export const STATUS_LABEL: Record<RequestStatus, string> = {
  submitted: 'Submitted',
  scheduled: 'Scheduled',
  'in progress': 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

function details(r: ServiceRequestItem): string[] {
  return [
    `Reference: ${r.reference}`,
    `Customer: ${titleCase(r.customerName)}`,
    `Property: ${r.propertyName}`,
    `Equipment: ${r.equipmentName ?? 'not specified'}`,
    `Priority: ${PRIORITY_LABEL[r.priority]}`,
    `Preferred access times: ${r.accessTimes || 'not specified'}`,
    '',
    'What is wrong:',
    r.description,
  ];
}

/**
 * The provider's dispatch mail: the whole request and its photos' links (7 days where the signing
 * credentials last that long; on Lambda a role's session ends sooner), and where the request and
 * fresh links always are: the portal's Service Requests.
 */
export function dispatchMail(r: ServiceRequestItem, photoLinks: string[]) {
  const filed = r.filedOnBehalfOf ? `${r.filedBy} (filed on their behalf by ${r.filedOnBehalfOf})` : r.filedBy;
  return {
    subject: `${r.priority === 'emergency' ? '[EMERGENCY] ' : ''}Service request ${r.reference}: ${titleCase(r.customerName)}, ${r.propertyName}`,
    text: [
      `A service request was filed in ${productTitle()}.`,
      '',
      ...details(r),
      '',
      `Filed by: ${filed}`,
      `Filed at: ${mailTime(r.createdAt)}`,
      '',
      ...(photoLinks.length ? ['Photos (links valid for up to 7 days):'] : r.photos.length ? [] : ['Photos: none']),
      ...photoLinks.map((l, i) => `${i + 1}. ${l}`),
      // Where uploads are scanned, a photo gets a link only once found clean: not yet, at filing.
      ...(r.photos.length > photoLinks.length ? [photosBeingChecked(r.photos.length - photoLinks.length)] : []),
      '',
      `The request and its photos are always in ${productTitle()}: sign in and open Service Requests (${mailLinks.requests()}).`,
    ].join('\n'),
  };
}

/** The dispatch mail's line for photos not yet found clean by the malware scan. */
export const photosBeingChecked = (n: number) =>
  `${n === 1 ? '1 photo is' : `${n} photos are`} being checked for malware: open the request in Service Requests to see ${n === 1 ? 'it' : 'them'} once checked.`;

/** The customer's confirmation with the reference number. */
export function confirmationMail(r: ServiceRequestItem) {
  return {
    subject: `We received your service request ${r.reference}`,
    text: [
      `Hello,`,
      '',
      `We received your service request. Its reference number is ${r.reference}; please quote it if you call us.`,
      r.priority === 'emergency' ? 'For an emergency, please also call us.' : '',
      '',
      ...details(r),
      '',
      `You can follow it under "My Requests" in ${productTitle()}.`,
    ]
      .filter((l, i, a) => l !== '' || a[i - 1] !== '')
      .join('\n'),
  };
}

/** The customer's mail on each change of status or new note. */
export function statusMail(r: ServiceRequestItem, note: string | undefined) {
  return {
    subject: `Your service request ${r.reference} is ${STATUS_LABEL[r.status].toLowerCase()}`,
    text: [
      'Hello,',
      '',
      `Your service request ${r.reference} (${r.propertyName}) is now: ${STATUS_LABEL[r.status]}.`,
      ...(note ? ['', 'Note from your service provider:', note] : []),
      '',
      `You can follow it under "My Requests" in ${productTitle()}.`,
    ].join('\n'),
  };
}

/**
 * A stored request as the list and the writes answer it (photo keys stay on the server; `photos` are
 * links, when given; `workOrder` the linked one, which only the list reads).
 */
export function toAnswer(r: ServiceRequestItem, photos: ServiceRequest['photos'] = [], workOrder: ServiceRequest['workOrder'] = null): ServiceRequest {
  return {
    reference: r.reference,
    customerId: r.customerId,
    customerName: r.customerName,
    propertyId: r.propertyId,
    propertyName: r.propertyName,
    equipmentName: r.equipmentName ?? null,
    description: r.description,
    priority: r.priority,
    accessTimes: r.accessTimes || null,
    photoCount: r.photos.length,
    photos,
    status: r.status,
    notes: r.notes,
    filedBy: r.filedBy,
    filedOnBehalfOf: r.filedOnBehalfOf ?? null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    workOrder,
  };
}
