// The 10,000-document listing on the local stack: one property with 10,000 document rows put with
// the data module, listed by GET /api/s3/getdocumentsbyproperty through the gateway (token check,
// handler, dynalite), as its assigned customer and as an administrator; median latency of 20
// requests each after 2 warm-ups. Goal (as the old server's): median <= 30 ms. Then what one Query per
// property costs: 1,000 documents listed from one property against the same number spread over ten.
// Run: npx tsx test/bench/documents.bench.ts
import { documentsOfProperties, putDocument } from '../../lambdas/shared/data/documents.js';
import { createTestUser, putCustomer, putProperty, signIn } from '../support/local-stack.js';
import { benchStack, gap, median, percentile, run } from './support.js';

const DOCUMENTS = 10_000;
const SAMPLES = 20;
const GOAL_MS = 30;
const PASSWORD = 'Bench1234x';
const PROPERTY = 'PROP-DOCS-1';

async function main() {
  const t = await benchStack();
  try {
    await putCustomer({ id: 'CUST-DOCS', name: 'DOCUMENT HOLDINGS' });
    await putProperty({ id: PROPERTY, customerId: 'CUST-DOCS', name: 'Archive Tower', propertyType: 'Office' });
    const t0 = performance.now();
    const now = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < DOCUMENTS) {
        const i = next++;
        const added = await putDocument(t.db, {
          key: `documents/bench-${String(i).padStart(5, '0')}/file_${i}.pdf`,
          propertyId: PROPERTY,
          uploadedAt: new Date(now - i * 60_000).toISOString(),
          fileName: `file_${i}.pdf`,
          contentType: 'application/pdf',
          sizeBytes: 1000 + i,
          uploadedBy: 'admin@staff.test',
        });
        if (!added) throw new Error(`document ${i} exists already`);
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    console.log(`${DOCUMENTS} document rows on one property put with putDocument in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

    const customer = await createTestUser({ email: 'archivist@docs.test', password: PASSWORD, customers: ['CUST-DOCS'], properties: [PROPERTY] });
    await createTestUser({ email: 'admin@staff.test', password: PASSWORD });
    const url = `${t.baseUrl}/api/s3/getdocumentsbyproperty?propertyId=${PROPERTY}`;
    for (const [label, email] of [
      ['customer (property assigned)', customer.email],
      ['administrator', 'admin@staff.test'],
    ] as const) {
      const headers = { authorization: `Bearer ${await signIn(email, PASSWORD)}` };
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < SAMPLES + 2; i++) {
        const s = performance.now();
        const res = await fetch(url, { headers });
        const text = await res.text();
        const elapsed = performance.now() - s;
        if (res.status !== 200) throw new Error(`listing as ${label}: ${res.status} ${text.slice(0, 200)}`);
        const n = (JSON.parse(text) as unknown[]).length;
        if (n !== DOCUMENTS) throw new Error(`listing as ${label}: ${n} documents, not ${DOCUMENTS}`);
        bytes = text.length;
        if (i >= 2) times.push(elapsed);
      }
      const m = median(times);
      console.log(`GET /api/s3/getdocumentsbyproperty, 10,000 documents, as ${label} (${SAMPLES} requests, ${(bytes / 1024).toFixed(0)} KB each):`);
      console.log(`  median ${m.toFixed(1)} ms, p90 ${percentile(times, 0.9).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms  ${gap(m, GOAL_MS, 'ms', 1)}`);
    }
    const direct: number[] = [];
    for (let i = 0; i < 10; i++) {
      const s = performance.now();
      await documentsOfProperties(t.db, [PROPERTY]);
      direct.push(performance.now() - s);
    }
    console.log(`of which the Query of the byProperty index alone (documentsOfProperties from this process, dynalite): median ${median(direct).toFixed(1)} ms`);

    // One Query per property asked, in parallel: the same 1,000 documents on one property (one
    // Query) and spread over ten (ten Queries), listed as the customer assigned them all.
    const spread = Array.from({ length: 10 }, (_, i) => `PROP-SPREAD-${String(i + 1).padStart(2, '0')}`);
    const single = 'PROP-SINGLE';
    for (const id of [...spread, single]) await putProperty({ id, customerId: 'CUST-DOCS', name: id, propertyType: 'Office' });
    const puts = [...Array.from({ length: 1000 }, (_, i) => ({ i, propertyId: spread[i % 10]! })), ...Array.from({ length: 1000 }, (_, i) => ({ i: 1000 + i, propertyId: single }))];
    let k = 0;
    const putter = async () => {
      while (k < puts.length) {
        const { i, propertyId } = puts[k++]!;
        await putDocument(t.db, { key: `documents/spread-${String(i).padStart(5, '0')}/file_${i}.pdf`, propertyId, uploadedAt: new Date(now - i * 60_000).toISOString(), fileName: `file_${i}.pdf`, contentType: 'application/pdf', sizeBytes: 1000, uploadedBy: 'admin@staff.test' });
      }
    };
    await Promise.all(Array.from({ length: 32 }, putter));
    const many = await createTestUser({ email: 'spread@docs.test', password: PASSWORD, customers: ['CUST-DOCS'], properties: [...spread, single] });
    const headers = { authorization: `Bearer ${await signIn(many.email, PASSWORD)}` };
    const timed = async (ids: string[]) => {
      const times: number[] = [];
      for (let i = 0; i < SAMPLES + 2; i++) {
        const s = performance.now();
        const res = await fetch(`${t.baseUrl}/api/s3/getdocumentsbyproperty?propertyId=${ids.join(',')}`, { headers });
        const n = ((await res.json()) as unknown[]).length;
        if (res.status !== 200 || n !== 1000) throw new Error(`listing ${ids.length} properties: ${res.status}, ${n} documents`);
        if (i >= 2) times.push(performance.now() - s);
      }
      return times;
    };
    const one = await timed([single]);
    const ten = await timed(spread);
    console.log(`\n1,000 documents as a customer (${SAMPLES} requests each): on one property (1 Query) median ${median(one).toFixed(1)} ms, p90 ${percentile(one, 0.9).toFixed(1)} ms;`);
    console.log(`  spread over ten properties (10 Queries at once) median ${median(ten).toFixed(1)} ms, p90 ${percentile(ten, 0.9).toFixed(1)} ms`);
  } finally {
    await t.stop();
  }
}

run(main);
