/**
 * Issue 43's import of a work order's files: the work-order-photos kind (a file beside the CSV,
 * uploaded under work-orders/<property>/, or the key of an object already there) and the
 * work-order-reports kind (a PDF beside the CSV, added to the property's documents as
 * Service_Report_<id>.pdf). Bad rows are refused with their file, line and column before anything
 * is written; importing the same files again writes nothing new.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { besideCsv } from '../../../infra/admin/import-files.js';
import { importFiles } from '../../../infra/admin/import.js';
import { unpackItem, type PhotosRow, type ReportRowsItem } from '../../../lambdas/shared/data/report-rows.js';
import { simplePdf } from '../../../infra/admin/demo-documents.js';
import { png } from '../../../infra/admin/demo-work-order-photos.js';
import { fakeAws } from '../support/fake-aws.js';
import { setEnv } from './support/fixtures.js';
import { csvFiles, importFailure } from './support/import-files.js';

const file = csvFiles('admin-import-wo-files-');

const db = fakeAws();
beforeAll(() => setEnv());
beforeEach(() => {
  db.clear();
  db.put('properties', { id: 'P-1', customerId: 'C-1', name: 'Tower', propertyType: 'Office' }, { id: 'P-2', customerId: 'C-1', name: 'Annex', propertyType: 'Office' });
});

const PICTURE = png(4, 3, (x, y) => [x * 60, y * 80, 90]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
const PDF = simplePdf('Service report WO W-1', ['Signed on site']);
const WO = () => file('id,property_id,kind,status,priority,created_at\nW-1,P-1,service,Completed,High,2026-03-10\nW-2,P-2,service,Open,Low,2026-03-11\n');
const PHOTOS_HEAD = 'work_order_id,property_id,stage,file,key,caption\n';

/** Writes `name` (a relative path) beside the CSV files with `body`; the CSVs of this test share one folder. */
function beside(name: string, body: Buffer) {
  const dir = path.dirname(file(''));
  mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  writeFileSync(path.join(dir, name), body);
}
const photoRows = () =>
  db
    .sorted('report-rows')
    .filter((i) => String(i.sk).startsWith('photo#'))
    .flatMap((i) => unpackItem(i as ReportRowsItem)) as PhotosRow[];
const objectKeys = () => [...db.world.objects.keys()].sort();

describe("admin import: a work order's photos and signed report (issue 43)", () => {
  it('uploads photos beside the CSV under the property, takes a key already there, and adds the report as a document of the property', async () => {
    beside('photos/before coil.png', PICTURE);
    beside('after.jpg', JPEG);
    beside('W-1 signed.pdf', PDF);
    db.world.objects.set('work-orders/P-1/from-the-app/after-2.jpg', { body: JPEG, contentType: 'image/jpeg' });
    const counts = await importFiles({
      'work-orders': WO(),
      'work-order-photos': file(`${PHOTOS_HEAD}W-1,P-1,before,photos/before coil.png,,Coil clogged\nW-1,P-1,after,after.jpg,,\nW-1,P-1,after,,work-orders/P-1/from-the-app/after-2.jpg,Second view\n`),
      'work-order-reports': file('work_order_id,property_id,file\nW-1,P-1,W-1 signed.pdf\n'),
    });
    expect(counts).toEqual({ 'work-orders': 2, 'work-order-photos': 3, 'work-order-reports': 1 });
    const [row] = photoRows();
    expect(row!.photos.map((p) => [p.stage, p.fileName, p.caption])).toEqual([
      ['before', 'before_coil.png', 'Coil clogged'],
      ['after', 'after.jpg', ''],
      ['after', 'after-2.jpg', 'Second view'],
    ]);
    expect(row!.photos[0]!.key).toMatch(/^work-orders\/P-1\/W-1\/before-[0-9a-f]{12}-before_coil\.png$/);
    expect(db.world.objects.get(row!.photos[0]!.key)).toMatchObject({ contentType: 'image/png', body: PICTURE });
    const docs = db.sorted('documents');
    expect(docs).toEqual([expect.objectContaining({ propertyId: 'P-1', fileName: 'Service_Report_W-1.pdf', contentType: 'application/pdf', sizeBytes: PDF.length, uploadedBy: 'cli' })]);
    expect(docs[0]!.key).toMatch(/^documents\/[0-9a-f-]{36}\/Service_Report_W-1\.pdf$/);
    expect(db.world.objects.get(docs[0]!.key as string)?.body).toEqual(PDF);

    // The same files again: nothing new (no second document, no object written twice).
    const before = objectKeys();
    db.s3.resetHistory();
    await importFiles({ 'work-order-photos': file(`${PHOTOS_HEAD}W-1,P-1,before,photos/before coil.png,,Coil clogged\n`), 'work-order-reports': file('work_order_id,property_id,file\nW-1,P-1,W-1 signed.pdf\n') });
    expect(objectKeys()).toEqual(before);
    expect(db.s3.calls().filter((c) => c.args[0].constructor.name === 'PutObjectCommand')).toHaveLength(0);
    expect(db.sorted('documents')).toHaveLength(1);
    // A file's photos of a work order replace those an earlier import gave it.
    expect(photoRows()[0]!.photos.map((p) => p.fileName)).toEqual(['before_coil.png']);
  });

  it('refuses a bad row with its file, line and column, and writes nothing', async () => {
    beside('ok.png', PICTURE);
    beside('text.png', Buffer.from('not an image at all'));
    beside('report.pdf', Buffer.from('plain text'));
    db.world.objects.set('work-orders/P-2/x.png', { body: PICTURE, contentType: 'image/png' });
    const wo = WO();
    const photos = (rows: string) => file(`${PHOTOS_HEAD}${rows}`);
    const cases: [Record<string, string>, RegExp][] = [
      [{ 'work-orders': wo, 'work-order-photos': photos('W-1,P-1,during,ok.png,,\n') }, /:2:3: stage must be one of before, after$/],
      [{ 'work-orders': wo, 'work-order-photos': photos('W-1,P-1,before,,,\n') }, /:2:4: file or key is required \(one of them\)$/],
      [{ 'work-orders': wo, 'work-order-photos': photos('W-1,P-1,before,ok.png,work-orders/P-1/a.png,\n') }, /:2:5: key must be empty when file is given \(one of them\)$/],
      [{ 'work-orders': wo, 'work-order-photos': photos('W-9,P-1,before,ok.png,,\n') }, /:2:1: work_order_id: unknown work order "W-9" at property "P-1"$/],
      [{ 'work-orders': wo, 'work-order-photos': photos('W-1,P-1,before,../ok.png,,\n') }, /:2:4: file must be a path beside the CSV file \(no absolute path, no \.\.\): "\.\.\/ok\.png"$/],
      [{ 'work-orders': wo, 'work-order-photos': photos('W-1,P-1,before,/etc/passwd.png,,\n') }, /:2:4: file must be a path beside the CSV file/],
      [{ 'work-orders': wo, 'work-order-photos': photos('W-1,P-1,before,missing.png,,\n') }, /:2:4: file "missing\.png" not found beside /],
      [{ 'work-orders': wo, 'work-order-photos': photos('W-1,P-1,before,text.png,,\n') }, /:2:4: file "text\.png" is not the image its name says$/],
      [{ 'work-orders': wo, 'work-order-photos': photos('W-1,P-1,before,report.pdf,,\n') }, /:2:4: file "report\.pdf" is no photo/],
      // Another property's photos cannot be named, nor anything outside work-orders/.
      [{ 'work-orders': wo, 'work-order-photos': photos('W-1,P-1,before,,work-orders/P-2/x.png,\n') }, /:2:5: key must be an object under work-orders\/P-1\/ \(the photos of property "P-1"\)$/],
      [{ 'work-orders': wo, 'work-order-photos': photos('W-1,P-1,before,,documents/u/x.png,\n') }, /:2:5: key must be an object under work-orders\/P-1\//],
      [{ 'work-orders': wo, 'work-order-photos': photos('W-1,P-1,before,,work-orders/P-1/none.png,\n') }, /:2:5: key "work-orders\/P-1\/none\.png" is not in the documents bucket$/],
      [{ 'work-orders': wo, 'work-order-reports': file('work_order_id,property_id,file\nW-1,P-1,report.pdf\n') }, /:2:3: file "report\.pdf" is not a PDF$/],
      [{ 'work-orders': wo, 'work-order-reports': file('work_order_id,property_id,file\nW-1,P-1,ok.png\n') }, /:2:3: file "ok\.png" must be a PDF \(\.pdf\)$/],
    ];
    for (const [files, message] of cases) expect(await importFailure(files)).toMatch(message);
    expect(db.sorted('report-rows')).toEqual([]);
    expect(db.sorted('documents')).toEqual([]);
    expect(objectKeys()).toEqual(['work-orders/P-2/x.png']);
  });

  it('takes only relative paths below the CSV file', () => {
    expect(besideCsv('/data/in/a.csv', 'photos/x.png')).toBe('/data/in/photos/x.png');
    expect(besideCsv('/data/in/a.csv', 'x.png')).toBe('/data/in/x.png');
    for (const bad of ['', '/x.png', '../x.png', 'a/../../x.png', 'C:/x.png', '..\\x.png']) expect(besideCsv('/data/in/a.csv', bad)).toBeNull();
  });
});
