/**
 * Fixtures of the catalogue, documents and audit handler tests (the AWS fake is the shared one in
 * test/unit/support/fake-aws.ts): the tenants every test file of these areas shares, multipart
 * bodies and document rows.
 */
import type { CustomerItem } from '../../../../lambdas/shared/data/customers.js';
import type { DocumentItem } from '../../../../lambdas/shared/data/documents.js';
import type { PropertyItem } from '../../../../lambdas/shared/data/properties.js';
import { setTableEnv, STAFF, user, type World } from '../../support/fake-aws.js';

export const setEnv = () => setTableEnv({ LOG_LEVEL: 'error' });

export const property = (id: string, customerId: string, name = `${id} name`, propertyType = 'Office'): PropertyItem => ({ id, customerId, name, propertyType });

/** Customer A (with A2 only by a property), customer B, staff. */
export const admin = user(`boss@${STAFF}`);
export const alice = user('alice@a.test', ['A'], { 'A-P1': 'A', 'A-P3': 'A', 'A2-P1': 'A2' });
export const bob = user('bob@b.test', ['B'], { 'B-P1': 'B' });
export const customers: CustomerItem[] = [
  { id: 'A', name: 'alpha' },
  { id: 'A2', name: 'alpha two' },
  { id: 'B', name: 'beta' },
];
export const properties: PropertyItem[] = [
  property('A-P1', 'A', 'Alpha North'),
  property('A-P2', 'A', 'Alpha South', 'Retail'),
  property('A-P3', 'A', 'Alpha West'),
  property('A2-P1', 'A2', 'Alpha Two'),
  property('B-P1', 'B', 'Beta One'),
  property('B-P2', 'B', 'Beta Two'),
];

export { multipart } from '../../../support/multipart.js';

/** A document row (and, with `withObject`, its object) for a property. */
export function doc(world: World, key: string, propertyId: string, uploadedAt: string, withObject = true): DocumentItem {
  const fileName = key.slice(key.lastIndexOf('/') + 1);
  const contentType = fileName.endsWith('.pdf') ? 'application/pdf' : fileName.endsWith('.html') ? 'text/html' : 'text/plain';
  const item: DocumentItem = { key, propertyId, uploadedAt, fileName, contentType, sizeBytes: 3, uploadedBy: admin.email };
  world.documents.push(item);
  if (withObject) world.objects.set(key, { body: Buffer.from('abc'), contentType });
  return item;
}
